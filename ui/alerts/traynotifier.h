// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "balloonqueue.h"
#include "lockproblem.h"

#include <QHash>
#include <QIcon>
#include <QObject>
#include <QSet>
#include <QString>

class QSystemTrayIcon;
class QTimer;

namespace ui {

// The process's one system tray icon, shared by its windows (each window's ProblemAlerts is a
// source): the application icon with the number of locks that need someone drawn on it, and
// the messages (QSystemTrayIcon::showMessage) when locks enter a problem. The number counts
// each lock of each connection once (two windows on one database do not count its locks
// twice; acknowledged locks are not counted); a lock's problem is announced once per
// connection while it lasts, whichever window saw it first. With several windows, a message
// names its connection. When messages come quickly, BalloonQueue decides: a message is not
// replaced while it is read, what came meanwhile follows as one summary, and a click acts on
// the message shown (its lock, or its windows' Problems filter), never on an earlier one.
// Where the desktop has no system tray (QSystemTrayIcon::isSystemTrayAvailable(): the
// offscreen platform, some window managers) there is no icon and isAvailable() is false; the
// counting and the choices above still run (tests).
class TrayNotifier : public QObject
{
    Q_OBJECT

public:
    // How long a message is shown and read before another may take its place.
    static constexpr int ShowMs = 10000;

    // The process's one (made at first use, owned by the application object).
    static TrayNotifier *instance();
    ~TrayNotifier() override;

    static bool isAvailable();
    // Messages go to the tray's queue even where there is no tray, with no icon shown (tests
    // on the offscreen platform click them with click()).
    static void assumeAvailable();
    bool hasIcon() const { return m_tray != nullptr; }
    bool isVisible() const;

    // A window's alerts: an id for the calls below; removeSource when it goes.
    int addSource();
    void removeSource(int source);
    // The source's connection (`key`: the database and table; `title`: its name for the
    // user): its messages waiting or shown, its count and what it announced are dropped.
    void setConnection(int source, const QString &key, const QString &title);
    // Whether the source announces at all (its connection's "notify problems").
    void setEnabled(int source, bool enabled);
    // The source's locks that need someone now (acknowledged ones left out).
    void setProblemLocks(int source, const QSet<QString> &locks);
    // The entries no window of the same connection announced yet (they are marked announced:
    // each lock and problem once while it lasts).
    QList<ProblemEntry> unannounced(int source, const QList<ProblemEntry> &entries);
    // A message about `locks` (one: a click opens it; several: the Problems filter), shown now
    // or after the one being read (BalloonQueue). The title names the connection when several
    // windows are open.
    void showMessage(int source, const QStringList &locks, const QString &title,
                     const QString &text);

    // Locks that need someone, over every connection; the number drawn on the icon.
    int count() const { return m_count; }
    // The source's part of it.
    int countOf(int source) const;
    // The text of a summary of `more` locks.
    static QString summaryText(int more);
    // The icon with `count` drawn on it (a red disc, the number in white; "99+" above 99).
    static QIcon iconWithCount(const QIcon &base, int count);
    // What a click on the message shown now acts on (BalloonQueue::clicked), and the click.
    BalloonQueue::Target clickTarget() const { return m_queue.clicked(); }
    void click();

signals:
    // Acted on by the source's window: open `lock` (empty: just bring the window up), or show
    // its Problems filter.
    void openLockRequested(int source, const QString &lock);
    void problemsRequested(int source);
    // A window of connection `key` acknowledged or un-acknowledged a lock: the others reload.
    void acknowledgementsChanged(const QString &key);

private:
    struct Source
    {
        QString key;
        QString title;
        bool enabled = true;
        QSet<QString> locks;
    };

    explicit TrayNotifier(QObject *parent);
    void show(const BalloonQueue::Balloon &balloon);
    void schedule();
    void withdraw();
    void recount();
    void pruneAnnounced(const QString &key);
    void activate();
    QString titleOf(int source, const QString &title) const;

    QSystemTrayIcon *m_tray = nullptr;
    QTimer *m_next;
    QIcon m_base;
    BalloonQueue m_queue;
    QHash<int, Source> m_sources;
    QHash<QString, QSet<QString>> m_announced; // per connection: "lock\nproblem"
    int m_nextSource = 1;
    int m_count = 0;
};

} // namespace ui
