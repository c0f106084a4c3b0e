// SPDX-License-Identifier: GPL-3.0-or-later
#include "ptylockctl.h"

#include "lockctlrun.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QThread>

#include <csignal>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace testsupport {

namespace {

// Strings for exec, made before the fork: the child only calls exec.
struct ExecStrings
{
    std::vector<QByteArray> strings;
    std::vector<char *> pointers;
    char **data()
    {
        for (QByteArray &string : strings)
            pointers.push_back(string.data());
        pointers.push_back(nullptr);
        return pointers.data();
    }
};

} // namespace

PtyLockctl::PtyLockctl(const QStringList &args, const QString &workingDirectory,
                       const QString &url)
{
    ExecStrings argv, envp;
    argv.strings.push_back(QFile::encodeName(lockctlProgram()));
    for (const QString &arg : args)
        argv.strings.push_back(arg.toUtf8());
    envp.strings.push_back("LOCKSCOPE_DB=" + url.toUtf8());
    for (char **variable = environ; *variable; ++variable) {
        if (!QByteArray(*variable).startsWith("LOCKSCOPE_"))
            envp.strings.emplace_back(*variable);
    }
    const QByteArray dir = QFile::encodeName(workingDirectory);
    char **argvData = argv.data();
    char **envData = envp.data();
    const pid_t pid = ::forkpty(&m_terminal, nullptr, nullptr, nullptr);
    if (pid == 0) {
        if (::chdir(dir.constData()) == 0)
            ::execve(argvData[0], argvData, envData);
        ::_exit(127);
    }
    m_pid = pid;
}

PtyLockctl::~PtyLockctl()
{
    if (m_pid > 0 && !m_reaped) {
        ::kill(pid_t(m_pid), SIGKILL);
        ::waitpid(pid_t(m_pid), nullptr, 0);
    }
    if (m_terminal >= 0)
        ::close(m_terminal);
}

void PtyLockctl::drain(int waitMs)
{
    pollfd ready{m_terminal, POLLIN, 0};
    char buffer[256];
    if (::poll(&ready, 1, waitMs) <= 0)
        return;
    const ssize_t size = ::read(m_terminal, buffer, sizeof buffer);
    if (size > 0)
        m_seen.append(buffer, size);
    else
        QThread::msleep(10); // the terminal closed (lockctl ended): nothing more to read
}

bool PtyLockctl::waitForOutput(const QByteArray &text, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!m_seen.contains(text) && !deadline.hasExpired() && m_terminal >= 0)
        drain(50);
    return m_seen.contains(text);
}

bool PtyLockctl::type(const QByteArray &keys)
{
    return ::write(m_terminal, keys.constData(), size_t(keys.size())) == keys.size();
}

std::optional<int> PtyLockctl::waitForExit(int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    int status = 0;
    while (!deadline.hasExpired()) {
        if (::waitpid(pid_t(m_pid), &status, WNOHANG) == pid_t(m_pid)) {
            m_reaped = true;
            return status;
        }
        drain(10);
    }
    return std::nullopt;
}

} // namespace testsupport
