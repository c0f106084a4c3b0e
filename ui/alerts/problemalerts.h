#pragma once

#include "lockproblem.h"
#include "lockrefresh.h"
#include "longholdrules.h"

#include <QObject>
#include <QPointer>

namespace ui {

class MessageBar;
class ProblemWatcher;
class TrayNotifier;

// "Tell me when something needs me": the window's refreshes go to a ProblemWatcher, and each
// lock that enters a problem is said in a message of the system tray icon (TrayNotifier), whose
// icon counts the locks that need someone; without a system tray, in the window's message bar.
// A click on the message or the icon asks for the lock to be opened (openLockRequested).
// Per connection on or off (ConnectionProfile::notifyProblems).
class ProblemAlerts : public QObject
{
    Q_OBJECT

public:
    // `fallback`: where the notice goes without a system tray (not owned).
    explicit ProblemAlerts(MessageBar *fallback, QObject *parent = nullptr);

    ProblemWatcher *watcher() const { return m_watcher; }
    TrayNotifier *tray() const { return m_tray; }

    // A new connection: watching starts again (its first refresh is the baseline), announced
    // only when `enabled`.
    void start(bool enabled);
    bool isEnabled() const { return m_enabled; }
    void setLongHoldRules(const LongHoldRules &rules);
    // A refresh of the lock table (the whole table, or the window read of a large one).
    void onRefresh(const LockRefresh &refresh);

    // The notice for `entries` (one refresh's): a title and a text naming the locks.
    static QString titleFor(const QList<ProblemEntry> &entries);
    static QString textFor(const QList<ProblemEntry> &entries);

signals:
    void openLockRequested(const QString &name);
    // The notice as it was given (tests: also where there is no tray).
    void announced(const QString &lockName, const QString &text);

private:
    void announce(const QList<ProblemEntry> &entries);

    ProblemWatcher *m_watcher;
    TrayNotifier *m_tray;
    QPointer<MessageBar> m_fallback;
    bool m_enabled = true;
};

} // namespace ui
