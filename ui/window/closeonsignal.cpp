// SPDX-License-Identifier: GPL-3.0-or-later
#include "closeonsignal.h"

#include <QApplication>
#include <QSocketNotifier>

#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ui {

namespace {

constexpr int Signals[] = {SIGTERM, SIGINT, SIGHUP};
int wakeUp[2] = {-1, -1}; // the handler writes the signal's number to [0]; Qt reads [1]

// Async-signal-safe: one write, errno kept.
void onSignalHandler(int number)
{
    const int saved = errno;
    const char byte = char(number);
    [[maybe_unused]] const ssize_t written = ::write(wakeUp[0], &byte, 1);
    errno = saved;
}

} // namespace

CloseOnSignal::CloseOnSignal(QObject *parent) : QObject(parent)
{
    if (wakeUp[0] >= 0 || ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, wakeUp) != 0) {
        qWarning("lockscope: termination signals are not handled (%s)",
                 wakeUp[0] >= 0 ? "already handled" : "no socket pair");
        return;
    }
    ::fcntl(wakeUp[0], F_SETFL, O_NONBLOCK);
    m_notifier = new QSocketNotifier(wakeUp[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &CloseOnSignal::onSignal);
    struct sigaction action = {};
    action.sa_handler = onSignalHandler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int number : Signals)
        ::sigaction(number, &action, nullptr);
}

CloseOnSignal::~CloseOnSignal()
{
    if (!m_notifier)
        return;
    for (int number : Signals)
        ::signal(number, SIG_DFL);
    delete m_notifier;
    ::close(wakeUp[0]);
    ::close(wakeUp[1]);
    wakeUp[0] = wakeUp[1] = -1;
}

void CloseOnSignal::onSignal()
{
    char byte = 0;
    if (::read(wakeUp[1], &byte, 1) != 1)
        return;
    emit received(int(byte));
    // As the admin closing each window: a modal dialog open then is cancelled first.
    QApplication::closeAllWindows();
    // quit(), not exit(): exit() outside exec() would end every event loop started later.
    QCoreApplication::quit();
}

} // namespace ui
