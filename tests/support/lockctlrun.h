// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace testsupport {

// The lockctl a suite runs: LOCKSCOPE_TEST_LOCKCTL when set (an older build, to show that a test
// catches a regression), else the one built with the tests (empty when lockctl is not built).
QString lockctlProgram();
// The benchmark tool the suites run: LOCKSCOPE_TEST_LOCKBENCH when set, else the one built
// with the tests (empty when this build has none).
QString lockbenchProgram();

// How a lockctl process is started. By default: the backend's URL in LOCKSCOPE_DB (never on a
// command line), no LOCKSCOPE_PASSWORD, stdin not a terminal (no prompt), a minute to finish.
struct LockctlOptions
{
    QString program;              // empty: lockctlProgram() (another: lockbench, same rules)
    std::optional<QString> url;   // LOCKSCOPE_DB, also an empty one; none: the backend's URL
    bool urlInEnvironment = true; // false: no LOCKSCOPE_DB at all (the arguments give --db)
    QString password;             // LOCKSCOPE_PASSWORD; empty: unset (never inherited)
    QList<QPair<QString, QString>> environment; // more variables, set last
    QByteArray input;             // written to stdin, which is then closed; empty: /dev/null
    QString workingDirectory;     // empty: the test's own
    int timeoutMs = 60000;        // then it is killed (LockctlRun::finished is false)
    bool mergeChannels = false;   // stderr into out (err stays empty)
    // A process group of its own, whose parent (the test) is in the same session: a group that
    // is not orphaned, so that SIGTSTP stops it as it would at a shell.
    bool ownProcessGroup = false;
};

// What one lockctl process did.
struct LockctlRun
{
    bool finished = false; // ended by itself within the timeout
    bool crashed = false;  // did not exit normally: killed by a signal, or never started
    int exitCode = -1;     // -1 when it crashed
    QByteArray out;
    QByteArray err;
    QJsonObject json; // stdout parsed, when it is exactly one JSON object on one line
    bool isJson = false;

    QString outText() const { return QString::fromUtf8(out); }
    QString errText() const { return QString::fromUtf8(err); }
    // For failure messages: the exit code and what the process printed (never a password:
    // lockctl does not print it, and the URL is passed in the environment).
    QString describe() const;
};

// A lockctl process that runs while the test goes on (--hold, --wait, a process to signal or
// to watch); started by the constructor, killed by the destructor if it still runs.
class LockctlProcess
{
public:
    explicit LockctlProcess(const QStringList &args, const LockctlOptions &options = {});
    ~LockctlProcess();
    LockctlProcess(LockctlProcess &&) noexcept;
    LockctlProcess &operator=(LockctlProcess &&) noexcept;

    bool waitForStarted(int timeoutMs = 30000) { return m_process->waitForStarted(timeoutMs); }
    qint64 processId() const { return m_process->processId(); }
    void terminate() { m_process->terminate(); } // SIGTERM
    // The process itself, for what a test watches while it runs (its output so far).
    QProcess &process() { return *m_process; }

    // Waits for it to end (the options' timeout, or timeoutMs when not negative; killed
    // after that) and collects what it did.
    LockctlRun finish(int timeoutMs = -1);

private:
    std::unique_ptr<QProcess> m_process;
    int m_timeoutMs = 60000;
};

// Runs lockctl with `args` and waits for it.
LockctlRun runLockctl(const QStringList &args, const LockctlOptions &options = {});

} // namespace testsupport
