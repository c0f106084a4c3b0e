// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordprompt.h"

#include <QByteArray>
#include <csignal>
#include <cstdio>
#include <termios.h>
#include <unistd.h>

namespace cli {

namespace {

termios savedTerminal;
volatile std::sig_atomic_t terminalSaved = 0;
struct sigaction savedInt;
struct sigaction savedTerm;

// Async-signal-safe: tcsetattr, sigaction and raise are all on the POSIX list.
void restoreTerminalAndDie(int signalNumber)
{
    if (terminalSaved)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal);
    struct sigaction fallback = {};
    fallback.sa_handler = SIG_DFL;
    sigaction(signalNumber, &fallback, nullptr);
    raise(signalNumber);
}

} // namespace

bool canPromptForPassword()
{
    return isatty(STDIN_FILENO) == 1;
}

bool promptForPassword(const QString &prompt, QString *password)
{
    if (!canPromptForPassword())
        return false;
    if (tcgetattr(STDIN_FILENO, &savedTerminal) != 0)
        return false;

    struct sigaction restore = {};
    restore.sa_handler = restoreTerminalAndDie;
    sigemptyset(&restore.sa_mask);
    sigaction(SIGINT, &restore, &savedInt);
    sigaction(SIGTERM, &restore, &savedTerm);
    terminalSaved = 1;

    termios silent = savedTerminal;
    silent.c_lflag &= ~tcflag_t(ECHO);
    silent.c_lflag |= ECHONL;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent);

    const QByteArray promptBytes = prompt.toUtf8();
    std::fwrite(promptBytes.constData(), 1, size_t(promptBytes.size()), stderr);
    std::fflush(stderr);

    QByteArray line;
    bool gotLine = false;
    char c = 0;
    for (;;) {
        const ssize_t n = read(STDIN_FILENO, &c, 1);
        if (n <= 0)
            break;
        if (c == '\n') {
            gotLine = true;
            break;
        }
        line.append(c);
    }

    tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal);
    terminalSaved = 0;
    sigaction(SIGINT, &savedInt, nullptr);
    sigaction(SIGTERM, &savedTerm, nullptr);

    if (line.endsWith('\r'))
        line.chop(1);
    *password = QString::fromUtf8(line);
    line.fill('\0');
    return gotLine || !password->isEmpty();
}

} // namespace cli
