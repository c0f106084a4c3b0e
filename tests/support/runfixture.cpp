// SPDX-License-Identifier: GPL-3.0-or-later
#include "runfixture.h"

#include "testbackend.h"

#include "session.h"

using namespace Qt::StringLiterals;

namespace testsupport {

RunFixture::RunFixture() = default;
RunFixture::~RunFixture() = default;

bool RunFixture::setUp(const QString &prefix, QString *error)
{
    m_session = TestBackend::instance().open(error);
    if (!m_session)
        return false;
    m_table = TestBackend::uniqueTable(prefix);
    const LockctlRun created = lockctl({u"schema"_s, u"--create"_s});
    if (created.exitCode != 0)
        *error = created.describe();
    return created.exitCode == 0;
}

void RunFixture::tearDown()
{
    if (!m_session)
        return;
    execRaw(*m_session, u"DROP TABLE "_s + m_table + u"_event"_s);
    execRaw(*m_session, u"DROP TABLE "_s + m_table);
}

bool RunFixture::newDirectory()
{
    m_dir = std::make_unique<QTemporaryDir>();
    return m_dir->isValid();
}

LockctlRun RunFixture::lockctl(const QStringList &args) const
{
    return runLockctl(QStringList{u"--table"_s, m_table} + args);
}

QJsonObject RunFixture::lockShown(const QString &name) const
{
    return lockctl({u"show"_s, name, u"--json"_s}).json.value(u"lock"_s).toObject();
}

LockctlProcess RunFixture::startRun(const QString &name, const QStringList &options,
                                    const QStringList &command, LockctlOptions process) const
{
    process.workingDirectory = directory();
    return LockctlProcess(QStringList{u"--table"_s, m_table, u"run"_s, name} + options
                              + QStringList{u"--json-file"_s, path(u"result.json"_s), u"--"_s}
                              + command,
                          process);
}

} // namespace testsupport
