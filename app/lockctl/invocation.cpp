// SPDX-License-Identifier: GPL-3.0-or-later
#include "invocation.h"

#include "commands.h"
#include "connect.h"
#include "errortext.h"
#include "exitcode.h"
#include "holderid.h"
#include "lockctltr.h"
#include "mappingjson.h"
#include "output.h"
#include "validation.h"

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::Error;
using lockcore::LockService;
using lockcore::Result;

namespace lockctl {

Invocation::Invocation(const Command &command, const QCommandLineParser &args,
                       const GlobalSettings &settings, Output &out)
    : m_command(command)
    , m_args(args)
    , m_settings(settings)
    , m_out(out)
{}

Invocation::~Invocation()
{
    m_service.reset(); // refers to the session
    m_profileTable.reset();
}

QString Invocation::commandName() const
{
    return QString::fromLatin1(m_command.name);
}

Result<QString> Invocation::lockName() const
{
    const QStringList positional = m_args.positionalArguments();
    if (positional.isEmpty())
        return Error::invalidInput(Tr::tr("%1 needs the NAME of a lock.").arg(commandName()));
    if (positional.size() > 1)
        return Error::invalidInput(Tr::tr("%1 takes one lock NAME; unexpected \"%2\".")
                                       .arg(commandName(), positional.at(1).left(80)));
    const QString &name = positional.constFirst();
    // As stored: lockcore refuses a name to write in another Unicode form than NFC, and reads,
    // force-releases and deletes a row another client wrote so.
    if (lockcore::Status valid = lockcore::validateStoredLockName(name); !valid)
        return valid.error();
    return name;
}

lockcore::Status Invocation::noArguments() const
{
    const QStringList positional = m_args.positionalArguments();
    if (!positional.isEmpty())
        return Error::invalidInput(Tr::tr("%1 takes no arguments; unexpected \"%2\".")
                                       .arg(commandName(), positional.constFirst().left(80)));
    return {};
}

int Invocation::noSuchLock(const QString &name) const
{
    return m_out.error(
        u"not_found"_s,
        Tr::tr("There is no lock \"%1\" in the table %2.").arg(name, m_settings.table),
        ExitRefused);
}

int Invocation::usage(const QString &message) const
{
    return m_out.usage(message, commandName());
}

int Invocation::usage(const Error &error) const
{
    return usage(errorText(error));
}

int Invocation::fail(const Error &error) const
{
    // How to create this table, which is not lockctl's default (errortext.cpp).
    if (error.kind == Error::Kind::MissingSchema && !usesProfile()
        && m_settings.table != LockService::defaultTable())
        return m_out.error(error, m_settings.table);
    return m_out.fail(error); // InvalidInput (the URL or the table) as a usage error
}

lockcore::Status Invocation::validateTable() const
{
    return lockcore::validateTableName(m_settings.table);
}

Result<lockcore::Session *> Invocation::session()
{
    if (m_session)
        return m_session.get();
    auto spec = connectionSpec(m_settings);
    if (!spec)
        return spec.error();
    auto session = openSession(*spec, m_settings);
    if (!session)
        return session.error();
    m_session = std::move(session).value();
    return m_session.get();
}

Result<lockcore::Profile> Invocation::profile() const
{
    const QString &name = m_settings.profile;
    if (!lockcore::namesMappingFile(name))
        return lockcore::Profile::fromMap(
            {{u"profile"_s, name}, {u"session_time_zone"_s, m_settings.appTimeZone}});
    auto read = lockcore::readMappingFile(name);
    if (!read)
        return read.error();
    QVariantMap map = std::move(read).value();
    if (!m_settings.appTimeZone.isEmpty())
        map.insert(u"session_time_zone"_s, m_settings.appTimeZone);
    return lockcore::Profile::fromMap(map);
}

Result<lockcore::ProfileTable *> Invocation::profileTable()
{
    if (m_profileTable)
        return &*m_profileTable;
    auto profile = this->profile();
    if (!profile)
        return profile.error();
    const QString table = m_settings.tableGiven ? m_settings.table : profile->defaultTable;
    if (lockcore::Status valid = lockcore::validateTableName(table); !valid)
        return valid.error();
    auto session = this->session();
    if (!session)
        return session.error();
    auto opened = lockcore::ProfileTable::open(**session, *profile, table);
    if (!opened)
        return opened.error();
    m_profileTable.emplace(std::move(opened).value());
    return &*m_profileTable;
}

Result<LockService *> Invocation::service()
{
    if (m_service)
        return &*m_service;
    if (lockcore::Status valid = validateTable(); !valid)
        return valid.error();
    auto session = this->session();
    if (!session)
        return session.error();
    auto service = LockService::create(*m_session, m_settings.table);
    if (!service)
        return service.error();
    m_service.emplace(std::move(service).value());
    m_service->setEventLevel(LockService::EventLevel::All);
    m_service->setActor(lockcore::actorId(u"lockctl"_s));
    return &*m_service;
}

} // namespace lockctl
