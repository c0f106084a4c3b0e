// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStringList>

namespace testsupport {

// Another user of the lock table, in processes of its own: lockctl commands one after another on
// a few lock names (short leases that run out, holds released after a while, takeovers of
// expired locks, deletions and re-creations), chosen by a seeded generator. For suites that
// check what a window does while its locks change underneath it. Its commands' events carry
// lockctl's actor, never the window's.
class LockChurn : public QObject
{
    Q_OBJECT

public:
    LockChurn(const QString &table, const QStringList &names, quint32 seed,
              QObject *parent = nullptr);
    ~LockChurn() override;

    void start();
    void stop(); // waits for the command under way
    int commandsRun() const { return m_commands; }

private:
    void next();
    QStringList randomCommand();

    QString m_table;
    QStringList m_names;
    QRandomGenerator m_random;
    QProcess *m_process = nullptr;
    bool m_running = false;
    int m_commands = 0;
};

} // namespace testsupport
