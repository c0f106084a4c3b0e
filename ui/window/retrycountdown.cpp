// SPDX-License-Identifier: GPL-3.0-or-later
#include "retrycountdown.h"

#include "lockmonitor.h"

#include <QEvent>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ui {

RetryCountdown::RetryCountdown(LockMonitor *monitor, QWidget *window)
    : QLabel(window), m_monitor(monitor), m_window(window), m_timer(new QTimer(this))
{
    setObjectName(u"nextTry"_s);
    m_timer->setInterval(200);
    connect(m_timer, &QTimer::timeout, this, &RetryCountdown::refresh);
    connect(monitor, &LockMonitor::healthChanged, this, &RetryCountdown::refresh);
    connect(monitor, &LockMonitor::pausedChanged, this, &RetryCountdown::refresh);
    window->installEventFilter(this);
    hide();
}

void RetryCountdown::refresh()
{
    const int ms = m_monitor->nextTryInMs();
    if (ms < 0) {
        // A try under way: the next wait begins if it fails (with no new health to say so).
        if (m_monitor->health() != LockMonitor::Health::Down)
            m_timer->stop();
        hide();
        return;
    }
    if (!m_timer->isActive())
        m_timer->start();
    setText(tr("Next try in %1 s \u2014 F5 tries now").arg((ms + 999) / 1000));
    show();
}

bool RetryCountdown::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        switch (event->type()) {
        case QEvent::Show:
        case QEvent::Hide:
        case QEvent::WindowStateChange:
            m_monitor->setWatched(m_window->isVisible() && !m_window->isMinimized());
            refresh(); // (a wait shortened)
            break;
        default:
            break;
        }
    }
    return QLabel::eventFilter(watched, event);
}

void RetryCountdown::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QLabel::changeEvent(event);
}

} // namespace ui
