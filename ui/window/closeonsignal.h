// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QSocketNotifier;

namespace ui {

// SIGTERM, SIGINT and SIGHUP end lockscope as closing its windows does: each window closes (its
// test holds are released, its layout saved) and the application quits with status 0. Without
// it, a signal ended the process where it stood and the admin's test holds stayed held until
// their leases ran out. One at a time: the handlers are the process's; the destructor puts the
// default ones back.
class CloseOnSignal : public QObject
{
    Q_OBJECT

public:
    explicit CloseOnSignal(QObject *parent = nullptr);
    ~CloseOnSignal() override;

    bool isInstalled() const { return m_notifier != nullptr; }

signals:
    // Emitted (on the GUI thread) before the windows close.
    void received(int signalNumber);

private:
    void onSignal();

    QSocketNotifier *m_notifier = nullptr;
};

} // namespace ui
