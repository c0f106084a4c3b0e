// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "acknowledgements.h"
#include "connectionspec.h"
#include "lockproblem.h"
#include "lockrefresh.h"
#include "longholdrules.h"

#include <QObject>
#include <QPointer>
#include <QSet>

namespace ui {

class MessageBar;
class ProblemWatcher;
class TrayNotifier;

// "Tell me when something needs me": the window's refreshes go to a ProblemWatcher, and each
// lock that enters a problem is said in a message of the process's system tray icon
// (TrayNotifier, shared by the windows: this window is one of its sources), whose icon counts
// the locks that need someone; without a system tray, in the window's message bar. A click on
// the message asks for its lock to be opened (openLockRequested) or, for a message about
// several locks, for the Problems filter (problemsRequested). Per connection on or off
// (ConnectionProfile::notifyProblems). Problems the admin acknowledged (Acknowledgements) are
// neither announced nor counted while their acknowledgement holds; when it ends (time, or the
// lock's situation changed) and the problem is still there, it is announced again.
class ProblemAlerts : public QObject
{
    Q_OBJECT

public:
    // `fallback`: where the notice goes without a system tray (not owned).
    explicit ProblemAlerts(MessageBar *fallback, QObject *parent = nullptr);
    ~ProblemAlerts() override;

    ProblemWatcher *watcher() const { return m_watcher; }
    TrayNotifier *tray() const;
    int traySource() const { return m_source; }

    // Where the acknowledgements are kept (an INI file; empty: the application's settings).
    void setSettingsFile(const QString &iniFile);
    // A new connection (`key`: connectionKey(); `title`: its name in messages): watching
    // starts again (its first refresh is the baseline), announced only when `enabled`; what
    // the tray still had to say about the connection before is dropped; its acknowledgements
    // are read.
    void start(bool enabled, const QString &key = {}, const QString &title = {});
    bool isEnabled() const { return m_enabled; }
    void setLongHoldRules(const LongHoldRules &rules);
    // A refresh of the lock table (the whole table, or the window read of a large one).
    void onRefresh(const LockRefresh &refresh);

    // Acknowledging: `lock`'s problems now, seen, with `note`, until `until` (invalid: until
    // its situation changes). Written to the settings at once; no database write.
    void acknowledge(const lockcore::LockInfo &lock, const QString &note,
                     const QDateTime &until);
    bool unacknowledge(const QString &lock);
    // The acknowledgement that holds for `lock` as read now, if any.
    std::optional<Acknowledgement> acknowledgementOf(const lockcore::LockInfo &lock) const;
    // Its description ("Acknowledged by ann until 14:30: ..."); empty: not acknowledged.
    QString acknowledgedText(const lockcore::LockInfo &lock) const;
    // The locks that need someone and are not acknowledged (this window's tray count).
    int unacknowledgedCount() const { return int(m_needing.size()); }
    bool needsSomeone(const QString &lock) const { return m_needing.contains(lock); }

    // Which database and table a connection is, for the tray and the acknowledgements.
    static QString connectionKey(const lockcore::ConnectionSpec &spec, const QString &table);
    // The notice for `entries` (one refresh's): a title and a text naming the locks.
    static QString titleFor(const QList<ProblemEntry> &entries);
    static QString textFor(const QList<ProblemEntry> &entries);

signals:
    void openLockRequested(const QString &name);
    void problemsRequested();
    // The notice as it was given (tests: also where there is no tray).
    void announced(const QString &lockName, const QString &text);
    // An acknowledgement was added or ended (here or in another window of the connection).
    void acknowledgementsChanged();
    // A refresh was looked at (the problems of the locks may have changed).
    void watched();

private:
    void announce(const QList<ProblemEntry> &entries);
    void announceEnded(const QList<Acknowledgement> &ended, const QList<lockcore::LockInfo> &locks);
    void publish();
    void reload(const QString &key);

    ProblemWatcher *m_watcher;
    QPointer<TrayNotifier> m_tray; // the process's
    int m_source;
    QPointer<MessageBar> m_fallback;
    Acknowledgements m_acks;
    QString m_iniFile;
    QString m_key;
    QSet<QString> m_needing;      // problem locks not acknowledged
    QSet<QString> m_announcedNow; // during one refresh
    bool m_enabled = true;
};

} // namespace ui
