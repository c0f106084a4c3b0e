// SPDX-License-Identifier: GPL-3.0-or-later
// The tray's decisions and the acknowledgements (ui/alerts), without a database or a system
// tray: a message is not replaced while it is read and a click acts on the message shown
// (BalloonQueue, on a clock the test moves); one tray for the process, each lock counted and
// announced once per connection, a window's messages dropped when it changes connection
// (TrayNotifier); an acknowledgement holds for its holder, fence and problems and ends with
// them or with its time, and is read back from the settings (Acknowledgements).

#include "acknowledgements.h"
#include "balloonqueue.h"
#include "problemalerts.h"
#include "problemwatcher.h"
#include "traynotifier.h"

#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ui;
using lockcore::LockInfo;
using lockcore::LockState;

namespace {

BalloonQueue::Notice notice(int source, const QString &lock)
{
    return {source, {lock}, u"A lock needs you: "_s + lock, lock + u": expired"_s};
}

LockInfo held(const QString &name, const QString &holder, qint64 fence)
{
    LockInfo info;
    info.name = name;
    info.holder = holder;
    info.fence = fence;
    info.state = LockState::Held;
    return info;
}

} // namespace

class AlertsTest : public QObject
{
    Q_OBJECT

private slots:
    void balloonIsReadBeforeTheNextAndClicksActOnIt();
    void oneWaitingNoticeIsShownAsItself();
    void changingConnectionWithdrawsItsMessages();
    void oneTrayCountsAndAnnouncesEachLockOncePerConnection();
    void acknowledgementEndsWithItsSituation();
    void acknowledgementEndsWithItsTime();
    void acknowledgementsSurviveARestart();
    void acknowledgedProblemIsNotAnnouncedNorCounted();
};

// Under churn: the first message shows at once; those that come while it is read wait and go
// out as one summary of how many locks, after the first one's time; a click acts on the lock
// of the message shown, a click on the summary on no single lock, a click after the message's
// time on nothing.
void AlertsTest::balloonIsReadBeforeTheNextAndClicksActOnIt()
{
    qint64 now = 1000;
    BalloonQueue queue(10000, [&now] { return now; });
    const auto first = queue.offer(notice(1, u"a.first"_s));
    QVERIFY(first);
    QCOMPARE(first->notice.locks, QStringList{u"a.first"_s});
    now += 4000;
    QVERIFY(!queue.offer(notice(1, u"b.second"_s)));
    QVERIFY(!queue.offer(notice(1, u"c.third"_s)));
    QVERIFY(!queue.offer({2, {u"d.fourth"_s, u"b.second"_s}, u"2 lock problems"_s, {}}));
    QCOMPARE(queue.clicked().lock, u"a.first"_s); // read 4 s later: still the one it named
    QCOMPARE(queue.clicked().sources, QList<int>{1});
    QVERIFY(!queue.poll());
    QCOMPARE(queue.dueInMs(), 6000);
    now += 5999;
    QVERIFY(!queue.poll());
    now += 1;
    const auto summary = queue.poll();
    QVERIFY(summary);
    QVERIFY(summary->summary);
    QCOMPARE(summary->more, 4); // b.second of source 1 and of source 2 are two locks
    QCOMPARE(summary->sources, (QList<int>{1, 2}));
    QCOMPARE(queue.dueInMs(), -1);
    QVERIFY(queue.clicked().lock.isEmpty()); // the Problems filter of both windows
    QCOMPARE(queue.clicked().sources, (QList<int>{1, 2}));
    now += 10000;
    QVERIFY(queue.clicked().sources.isEmpty()); // no longer shown: acts on nothing
    // (English plurals come from lockscope_en.ts, not loaded here)
    QVERIFY(TrayNotifier::summaryText(3).startsWith(u"3 more lock"_s));
}

// A notice alone after the one read: shown as itself, its click on its lock.
void AlertsTest::oneWaitingNoticeIsShownAsItself()
{
    qint64 now = 0;
    BalloonQueue queue(10000, [&now] { return now; });
    QVERIFY(queue.offer(notice(1, u"a.first"_s)));
    now = 1000;
    QVERIFY(!queue.offer(notice(1, u"b.second"_s)));
    now = 10000;
    const auto next = queue.poll();
    QVERIFY(next && !next->summary);
    QCOMPARE(queue.clicked().lock, u"b.second"_s);
    now = 15000;
    QVERIFY(queue.offer(notice(1, u"c.third"_s)) == std::nullopt); // b.second is being read
}

// A window that opens another database: what waited for it is dropped, its message shown is
// withdrawn (a click acts on nothing), another window's waiting message stays.
void AlertsTest::changingConnectionWithdrawsItsMessages()
{
    qint64 now = 0;
    BalloonQueue queue(10000, [&now] { return now; });
    QVERIFY(queue.offer(notice(1, u"demo.lock"_s)));
    QVERIFY(!queue.offer(notice(1, u"demo.other"_s)));
    QVERIFY(!queue.offer(notice(2, u"prod.lock"_s)));
    QVERIFY(queue.dropSource(1));
    QVERIFY(queue.clicked().sources.isEmpty());
    QCOMPARE(queue.waiting(), 1);
    const auto next = queue.poll();
    QVERIFY(next && !next->summary);
    QCOMPARE(next->notice.locks, QStringList{u"prod.lock"_s});
    QVERIFY(!queue.dropSource(1));
}

// New windows share the one tray: a lock seen by two windows of one database is counted once
// and announced once, another database's locks add to the count; a window that changes
// database takes its count with it; a problem that ended in every window is announced again
// when it comes back.
void AlertsTest::oneTrayCountsAndAnnouncesEachLockOncePerConnection()
{
    TrayNotifier *tray = TrayNotifier::instance();
    QCOMPARE(TrayNotifier::instance(), tray);
    const int a = tray->addSource();
    const int b = tray->addSource();
    const int c = tray->addSource();
    const auto cleanup = qScopeGuard([=] {
        for (const int source : {a, b, c})
            tray->removeSource(source);
    });
    tray->setConnection(a, u"pg|dist_lock"_s, u"Production"_s);
    tray->setConnection(b, u"pg|dist_lock"_s, u"Production"_s);
    tray->setConnection(c, u"demo|dist_lock"_s, u"Demo"_s);
    const QList<ProblemEntry> entries{{u"stuck.d"_s, LockProblem::Expired, u"x"_s, 7}};
    QCOMPARE(tray->unannounced(a, entries).size(), 1);
    QCOMPARE(tray->unannounced(b, entries).size(), 0); // the other window said it
    QCOMPARE(tray->unannounced(c, entries).size(), 1); // another database's lock
    tray->setProblemLocks(a, {u"stuck.d"_s});
    tray->setProblemLocks(b, {u"stuck.d"_s});
    tray->setProblemLocks(c, {u"stuck.d"_s, u"demo.x"_s});
    QCOMPARE(tray->count(), 3);
    tray->setConnection(c, u"pg2|dist_lock"_s, u"Staging"_s); // the demo window moves on
    QCOMPARE(tray->count(), 1);
    QCOMPARE(tray->countOf(c), 0);
    tray->setProblemLocks(a, {});
    QCOMPARE(tray->unannounced(a, entries).size(), 0); // b still sees it
    tray->setProblemLocks(b, {});
    QCOMPARE(tray->count(), 0);
    QCOMPARE(tray->unannounced(b, entries).size(), 1); // it ended everywhere, and came back
}

// Same holder, fence and problems: it holds (also while the lock is fine for a moment); a new
// problem, holder or fence, a freed or deleted lock end it.
void AlertsTest::acknowledgementEndsWithItsSituation()
{
    Acknowledgements acks;
    const LockInfo stuck = held(u"stuck.d"_s, u"ann@b:22"_s, 5);
    const auto prune = [&acks](const LockInfo &now, LockProblems problems, bool whole = true) {
        return acks.prune({now}, [problems](const QString &) { return problems; }, whole);
    };
    acks.acknowledge(stuck, LockProblem::NotRenewing, u"rebooting b"_s, {});
    QVERIFY(acks.covering(u"stuck.d"_s, u"ann@b:22"_s, 5, LockProblem::NotRenewing));
    QVERIFY(prune(stuck, LockProblem::NotRenewing).isEmpty());
    QVERIFY(prune(stuck, {}).isEmpty()); // renewed once: still the same holder and fence
    QVERIFY(acks.covers(u"stuck.d"_s, LockProblem::NotRenewing));
    QVERIFY(!acks.covering(u"stuck.d"_s, u"ann@b:22"_s, 5,
                           LockProblem::NotRenewing | LockProblem::LongHold));
    QCOMPARE(prune(stuck, LockProblem::NotRenewing | LockProblem::LongHold).size(), 1);

    acks.acknowledge(stuck, LockProblem::NotRenewing, {}, {});
    QCOMPARE(prune(held(u"stuck.d"_s, u"bob@c:33"_s, 6), LockProblem::NotRenewing).size(), 1);
    acks.acknowledge(stuck, LockProblem::NotRenewing, {}, {});
    QCOMPARE(prune(held(u"stuck.d"_s, u"ann@b:22"_s, 6), LockProblem::NotRenewing).size(), 1);
    acks.acknowledge(stuck, LockProblem::NotRenewing, {}, {});
    LockInfo freed = stuck;
    freed.state = LockState::Free;
    QCOMPARE(prune(freed, {}).size(), 1);
    acks.acknowledge(stuck, LockProblem::NotRenewing, {}, {});
    QVERIFY(prune(held(u"other"_s, {}, 1), {}, false).isEmpty()); // not read: kept
    QCOMPARE(prune(held(u"other"_s, {}, 1), {}, true).size(), 1); // deleted
    QCOMPARE(acks.size(), 0);
}

void AlertsTest::acknowledgementEndsWithItsTime()
{
    QDateTime now = QDateTime(QDate(2026, 12, 7), QTime(10, 0), Qt::UTC);
    Acknowledgements acks([&now] { return now; });
    const LockInfo stuck = held(u"stuck.d"_s, u"ann@b:22"_s, 5);
    acks.acknowledge(stuck, LockProblem::Expired, u"known"_s, now.addSecs(3600));
    const auto problems = [](const QString &) { return LockProblems(LockProblem::Expired); };
    now = now.addSecs(3599);
    QVERIFY(acks.prune({stuck}, problems, true).isEmpty());
    QVERIFY(acks.covers(u"stuck.d"_s, LockProblem::Expired));
    now = now.addSecs(1);
    QVERIFY(!acks.covers(u"stuck.d"_s, LockProblem::Expired));
    QCOMPARE(acks.prune({stuck}, problems, true).size(), 1);
}

// Kept per connection in the settings: another instance (a restart) reads it back, another
// connection does not see it, one that ran out is not read back.
void AlertsTest::acknowledgementsSurviveARestart()
{
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"lockscope.ini"_s);
    const LockInfo stuck = held(u"stuck.d"_s, u"ann@b:22"_s, 5);
    {
        Acknowledgements acks;
        acks.load(ini, u"postgresql://ops@db/locks\n\ndist_lock"_s);
        acks.acknowledge(stuck, LockProblem::LostOwner, u"host b is being rebuilt"_s,
                         QDateTime::currentDateTimeUtc().addSecs(3600));
        acks.acknowledge(held(u"old"_s, u"x"_s, 1), LockProblem::Expired, {},
                         QDateTime::currentDateTimeUtc().addSecs(-1));
    }
    Acknowledgements again;
    again.load(ini, u"postgresql://ops@db/locks\n\ndist_lock"_s);
    QCOMPARE(again.size(), 1);
    const auto ack = again.covering(u"stuck.d"_s, u"ann@b:22"_s, 5, LockProblem::LostOwner);
    QVERIFY(ack);
    QCOMPARE(ack->note, u"host b is being rebuilt"_s);
    QCOMPARE(ack->by, Acknowledgements::currentUser());
    QVERIFY(Acknowledgements::describe(*ack).startsWith(u"Acknowledged by "_s));
    QVERIFY(Acknowledgements::describe(*ack).endsWith(u": host b is being rebuilt"_s));
    Acknowledgements other;
    other.load(ini, u"sqlite:///demo.db\n/demo.db\ndist_lock"_s);
    QCOMPARE(other.size(), 0);
}

// Through a window's alerts, without a database: an expired lock is counted on the tray; once
// acknowledged it is not counted, and a new holder's problem on it is announced and counted.
void AlertsTest::acknowledgedProblemIsNotAnnouncedNorCounted()
{
    ProblemAlerts alerts(nullptr);
    alerts.watcher()->setOwnerGoneCheck({});
    alerts.start(true, u"test-key"_s, u"Test"_s);
    const QDateTime dbNow = QDateTime::currentDateTimeUtc();
    LockInfo expired = held(u"stuck.d"_s, u"ann@b:22"_s, 5);
    expired.acquiredAt = dbNow.addSecs(-60);
    expired.expiresAt = dbNow.addSecs(-30);
    expired.ttlMs = 30000;
    LockRefresh refresh;
    refresh.page.dbNow = dbNow;
    alerts.onRefresh(refresh); // the baseline: no lock
    refresh.page.locks = {expired};
    QSignalSpy announced(&alerts, &ProblemAlerts::announced);
    alerts.onRefresh(refresh);
    QCOMPARE(announced.count(), 1);
    QVERIFY(alerts.needsSomeone(u"stuck.d"_s));
    QCOMPARE(alerts.tray()->countOf(alerts.traySource()), 1);
    alerts.acknowledge(expired, u"seen"_s, {});
    QVERIFY(!alerts.needsSomeone(u"stuck.d"_s));
    QCOMPARE(alerts.tray()->countOf(alerts.traySource()), 0);
    QVERIFY(alerts.acknowledgedText(expired).contains(u"seen"_s));
    alerts.onRefresh(refresh);
    QCOMPARE(alerts.tray()->countOf(alerts.traySource()), 0);

    LockInfo taken = held(u"stuck.d"_s, u"bob@c:33"_s, 6); // another holder, expired too
    taken.acquiredAt = expired.acquiredAt;
    taken.expiresAt = expired.expiresAt;
    taken.ttlMs = expired.ttlMs;
    refresh.page.locks = {taken};
    alerts.onRefresh(refresh);
    QVERIFY(alerts.acknowledgedText(taken).isEmpty());
    QVERIFY(alerts.needsSomeone(u"stuck.d"_s));
    QCOMPARE(announced.count(), 2); // it needs someone again
    QCOMPARE(alerts.tray()->countOf(alerts.traySource()), 1);
}

QTEST_MAIN(AlertsTest)
#include "tst_alerts.moc"
