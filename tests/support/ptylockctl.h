// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace testsupport {

// lockctl on a pseudo-terminal of its own, as an operator runs it at a shell: it leads the
// terminal's session and is its foreground process group, so keys typed (Ctrl-C, Ctrl-Z) reach
// the foreground group as the terminal driver sends them. LOCKSCOPE_DB is `url`; the other
// LOCKSCOPE_ variables of the test are not passed on.
class PtyLockctl
{
public:
    PtyLockctl(const QStringList &args, const QString &workingDirectory, const QString &url);
    ~PtyLockctl(); // kills (SIGKILL) and reaps a lockctl still running
    PtyLockctl(const PtyLockctl &) = delete;
    PtyLockctl &operator=(const PtyLockctl &) = delete;

    bool started() const { return m_pid > 0; }
    qint64 pid() const { return m_pid; }
    // Reads the terminal until `text` has appeared (true) or the time is up.
    bool waitForOutput(const QByteArray &text, int timeoutMs = 15000);
    QByteArray output() const { return m_seen; }
    // Writes keys to the terminal ("\x03" Ctrl-C, "\x1a" Ctrl-Z).
    bool type(const QByteArray &keys);
    // Waits for lockctl to end, the terminal drained meanwhile: its wait status, or none when
    // it still runs after `timeoutMs`.
    std::optional<int> waitForExit(int timeoutMs = 15000);

private:
    void drain(int waitMs);

    qint64 m_pid = -1;
    int m_terminal = -1;
    bool m_reaped = false;
    QByteArray m_seen;
};

} // namespace testsupport
