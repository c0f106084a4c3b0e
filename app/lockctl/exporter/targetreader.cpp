// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetreader.h"

#include "connect.h"
#include "errortext.h"
#include "lockctltr.h"
#include "options.h"
#include "output.h"

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;
using lockcore::TableSnapshot;

namespace lockctl {

TargetReader::TargetReader(const ExportTarget &target, const lockcore::LockSelection &selection,
                           int connectTimeoutS)
    : m_target(target)
    , m_selection(selection)
    , m_connectTimeoutS(connectTimeoutS)
{}

TargetReader::~TargetReader()
{
    m_profileTable.reset(); // refers to the session
}

lockcore::Status TargetReader::open()
{
    if (!m_session) {
        cli::CommonSettings settings;
        settings.connectTimeoutS = m_connectTimeoutS;
        settings.noPrompt = true; // a service: never a prompt
        settings.readOnly = true;
        auto session = cli::openSession(m_target.spec, settings);
        if (!session)
            return session.error();
        m_session = std::move(session).value();
    }
    if (m_target.profile && !m_profileTable) {
        auto table = lockcore::ProfileTable::open(*m_session, *m_target.profile, m_target.table);
        if (!table)
            return table.error();
        m_profileTable.emplace(std::move(table).value());
    }
    return {};
}

Result<TableSnapshot> TargetReader::readTable()
{
    if (lockcore::Status opened = open(); !opened)
        return opened.error();
    if (m_profileTable)
        return lockcore::readProfileSnapshot(*m_session, *m_profileTable, m_selection);
    return lockcore::readNativeSnapshot(*m_session,
                                        lockcore::TableNames::fromTable(m_target.table),
                                        m_selection, m_counter);
}

void TargetReader::noteError(const Error &error)
{
    const QString text = cli::errorText(error);
    if (text == m_lastError)
        return;
    m_lastError = text;
    cli::Output::writeStderr(Tr::tr("lockctl exporter: %1 table %2 is down: %3")
                                 .arg(m_target.name, m_target.table, text));
}

TableSnapshot TargetReader::read()
{
    auto snapshot = readTable();
    if (!snapshot) {
        noteError(snapshot.error());
        TableSnapshot down;
        down.counts = m_counter.counts();
        return down;
    }
    if (!m_lastError.isEmpty()) {
        m_lastError.clear();
        cli::Output::writeStderr(Tr::tr("lockctl exporter: %1 table %2 is read again.")
                                     .arg(m_target.name, m_target.table));
    }
    return std::move(snapshot).value();
}

} // namespace lockctl
