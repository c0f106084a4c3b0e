// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockctlrun.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace lockcore {
class Session;
}

namespace testsupport {

// The setting of the suites that run "lockctl run": a lock table of the suite's own on the
// backend (created by lockctl, dropped with its events at the end), a session of the test's
// own, and a directory of each test's own in which the commands run and write their files.
class RunFixture
{
public:
    RunFixture();
    ~RunFixture();

    // initTestCase: the session, and the table (named from `prefix`) created; false and why.
    bool setUp(const QString &prefix, QString *error);
    void tearDown(); // cleanupTestCase
    bool newDirectory(); // init: a fresh directory for the test

    lockcore::Session &session() const { return *m_session; }
    const QString &table() const { return m_table; }
    QString directory() const { return m_dir->path(); }
    QString path(const QString &file) const { return m_dir->filePath(file); }

    // lockctl on the table, waited for.
    LockctlRun lockctl(const QStringList &args) const;
    // The lock as "lockctl show NAME --json" gives it.
    QJsonObject lockShown(const QString &name) const;
    // "lockctl --table T run NAME OPTIONS --json-file result.json -- COMMAND..." started in the
    // directory.
    LockctlProcess startRun(const QString &name, const QStringList &options,
                            const QStringList &command, LockctlOptions process = {}) const;

private:
    std::unique_ptr<lockcore::Session> m_session;
    QString m_table;
    std::unique_ptr<QTemporaryDir> m_dir;
};

} // namespace testsupport
