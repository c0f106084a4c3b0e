// SPDX-License-Identifier: GPL-3.0-or-later
// The problem watcher (ui/alerts): from successive refreshes of real rows (read from the
// database the suite runs on), which locks entered a problem: expired and not released, lost
// owner, not renewing, long hold; each lock and problem announced once, again only after it
// left; the first refresh a baseline; a window of a large table forgets nothing it did not read.

#include "testbackend.h"

#include "lockproblem.h"
#include "lockservice.h"
#include "messagebar.h"
#include "problemalerts.h"
#include "problemwatcher.h"
#include "traynotifier.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using namespace ui;
using testsupport::TestBackend;

namespace {

const QString Alive = u"etl@db-host-a:11:aa"_s;
const QString Dead = u"ann@db-host-b:22:bb"_s; // the test's owner check says gone

// "name:problem" per entry, as the tests compare them.
QStringList texts(const QList<ProblemEntry> &entries)
{
    QStringList list;
    for (const ProblemEntry &entry : entries)
        list.append(entry.name + u':' + lockProblemText(entry.problem));
    return list;
}

QStringList enteredAt(const QSignalSpy &spy, int index)
{
    return texts(spy.at(index).at(0).value<QList<ProblemEntry>>());
}

} // namespace

class ProblemWatcherTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void firstRefreshIsTheBaseline();
    void eachProblemOnceOnEntryAgainAfterLeaving();
    void windowOfALargeTableForgetsNothing();
    void noticeWithoutATrayGoesToTheMessageBar();
    void countOnTheIcon();

private:
    // Every lock as the window's refresh reads it, and the database time it was read at.
    QList<LockInfo> read(qint64 *dbNowMs);
    qint64 dbNowMs();
    void update(ProblemWatcher &watcher, bool whole = true);

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
};

void ProblemWatcherTest::initTestCase()
{
    qRegisterMetaType<QList<ProblemEntry>>();
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    auto service = LockService::create(*m_session, TestBackend::uniqueTable(u"problems"_s));
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());
}

void ProblemWatcherTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        const Dialect &d = m_session->dialect();
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + d.eventTable(m_locks->tables()));
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + d.lockTable(m_locks->tables()));
    }
}

// Every test starts from free locks.
void ProblemWatcherTest::init()
{
    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    for (const LockInfo &info : *all)
        if (info.state != LockState::Free)
            LOCKSCOPE_VERIFY_OK(m_locks->forceRelease(info.name, info.fence, u"test"_s));
}

QList<LockInfo> ProblemWatcherTest::read(qint64 *dbNowMs)
{
    auto all = m_locks->list();
    if (!all || all->isEmpty()) {
        *dbNowMs = 0;
        return {};
    }
    *dbNowMs = all->first().dbNow.toMSecsSinceEpoch();
    return *all;
}

qint64 ProblemWatcherTest::dbNowMs()
{
    qint64 now = 0;
    read(&now);
    return now;
}

void ProblemWatcherTest::update(ProblemWatcher &watcher, bool whole)
{
    qint64 now = 0;
    const QList<LockInfo> locks = read(&now);
    watcher.update(locks, now, whole);
}

// Problems there before the window watched are counted, not announced.
void ProblemWatcherTest::firstRefreshIsTheBaseline()
{
    auto grant = m_locks->acquire(u"base.expired"_s, Alive, 20);
    QVERIFY(grant && grant->acquired);
    QTRY_VERIFY_WITH_TIMEOUT(dbNowMs() > grant->expiresAt.toMSecsSinceEpoch(), 5000);
    ProblemWatcher watcher;
    watcher.setOwnerGoneCheck({});
    QSignalSpy entered(&watcher, &ProblemWatcher::entered);
    update(watcher);
    QCOMPARE(entered.count(), 0);
    QCOMPARE(watcher.problemCount(), 1);
    QCOMPARE(watcher.problemLocks(), QStringList{u"base.expired"_s});
    update(watcher);
    QCOMPARE(entered.count(), 0); // still the same problem
}

// Expired, lost owner, not renewing and long hold, each announced when it starts, never twice
// while it lasts; a renewal ends "not renewing", and the next time the holder is late it is
// announced again.
void ProblemWatcherTest::eachProblemOnceOnEntryAgainAfterLeaving()
{
    ProblemWatcher watcher;
    watcher.setOwnerGoneCheck([](const QString &holder) { return holder == Dead; });
    watcher.setLongHoldRules(LongHoldRules({{u"long.*"_s, 1500}, {u"*"_s, 3'600'000}}));
    for (const QString &name : {u"a.fresh"_s, u"b.short"_s, u"c.lost"_s, u"d.late"_s,
                                u"long.job"_s})
        LOCKSCOPE_VERIFY_OK(m_locks->initialize(name, 30000, {}));
    QSignalSpy entered(&watcher, &ProblemWatcher::entered);
    update(watcher); // the baseline: nothing held
    QCOMPARE(watcher.problemCount(), 0);

    QVERIFY(m_locks->acquire(u"a.fresh"_s, Alive, 600'000)->acquired);
    auto shortLease = m_locks->acquire(u"b.short"_s, Alive, 20);
    QVERIFY(shortLease && shortLease->acquired);
    auto lost = m_locks->acquire(u"c.lost"_s, Dead, 600'000);
    QVERIFY(lost && lost->acquired);
    auto late = m_locks->acquire(u"d.late"_s, Alive, 4000); // late after 2 s, ends at 4 s
    QVERIFY(late && late->acquired);
    auto longJob = m_locks->acquire(u"long.job"_s, Alive, 600'000); // long after 1.5 s
    QVERIFY(longJob && longJob->acquired);
    QTRY_VERIFY_WITH_TIMEOUT(dbNowMs() > shortLease->expiresAt.toMSecsSinceEpoch(), 5000);
    update(watcher);
    QCOMPARE(entered.count(), 1);
    QCOMPARE(enteredAt(entered, 0), (QStringList{u"b.short:expired"_s, u"c.lost:lost owner"_s}));
    QCOMPARE(entered.at(0).at(0).value<QList<ProblemEntry>>().at(1).holder, Dead);

    // d.late misses its renewals: announced once it is past half of its lease, then not again.
    const qint64 lateFrom = late->acquiredAt.toMSecsSinceEpoch() + 2000;
    QTRY_VERIFY_WITH_TIMEOUT(dbNowMs() > lateFrom + 50, 10000);
    update(watcher);
    update(watcher);
    QCOMPARE(entered.count(), 2);
    QCOMPARE(enteredAt(entered, 1),
             (QStringList{u"d.late:not renewing"_s, u"long.job:long hold"_s}));
    QCOMPARE(watcher.problemLocks(),
             (QStringList{u"b.short"_s, u"c.lost"_s, u"d.late"_s, u"long.job"_s}));

    // It renews: no longer a problem; late again: announced again.
    auto renewed = m_locks->renew(u"d.late"_s, Alive, late->fence, 4000);
    QVERIFY(renewed && renewed->renewed);
    update(watcher);
    QCOMPARE(entered.count(), 2);
    QVERIFY(!watcher.problemsOf(u"d.late"_s));
    QTRY_VERIFY_WITH_TIMEOUT(dbNowMs() > renewed->expiresAt.toMSecsSinceEpoch() - 2000 + 50,
                             10000);
    update(watcher);
    QCOMPARE(entered.count(), 3);
    QCOMPARE(enteredAt(entered, 2), QStringList{u"d.late:not renewing"_s});
    QVERIFY(dbNowMs() < renewed->expiresAt.toMSecsSinceEpoch()); // (else it expired instead)

    // Released locks leave; a.fresh was never a problem.
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"c.lost"_s, Dead, lost->fence));
    update(watcher);
    QVERIFY(!watcher.problemsOf(u"c.lost"_s));
    QVERIFY(!watcher.problemsOf(u"a.fresh"_s));
    QCOMPARE(entered.count(), 3);
}

// A large table is read a window at a time: a lock outside the window read keeps its problem
// (it is not announced again when the window comes back to it).
void ProblemWatcherTest::windowOfALargeTableForgetsNothing()
{
    ProblemWatcher watcher;
    watcher.setOwnerGoneCheck([](const QString &holder) { return holder == Dead; });
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(u"w.one"_s, 30000, {}));
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(u"w.two"_s, 30000, {}));
    update(watcher);
    QSignalSpy entered(&watcher, &ProblemWatcher::entered);
    QVERIFY(m_locks->acquire(u"w.one"_s, Dead, 600'000)->acquired);
    qint64 now = 0;
    QList<LockInfo> all = read(&now);
    const auto only = [&all](const QString &name) {
        QList<LockInfo> part;
        for (const LockInfo &info : all)
            if (info.name == name)
                part.append(info);
        return part;
    };
    watcher.update(only(u"w.one"_s), now, false);
    QCOMPARE(entered.count(), 1);
    watcher.update(only(u"w.two"_s), now, false); // scrolled away
    QCOMPARE(watcher.problemLocks(), QStringList{u"w.one"_s});
    watcher.update(only(u"w.one"_s), now, false); // and back
    QCOMPARE(entered.count(), 1);
}

// On the offscreen platform there is no system tray: the notice goes to the message bar.
void ProblemWatcherTest::noticeWithoutATrayGoesToTheMessageBar()
{
    if (TrayNotifier::isAvailable())
        QSKIP("this desktop has a system tray");
    MessageBar bar;
    ProblemAlerts alerts(&bar);
    alerts.watcher()->setOwnerGoneCheck({});
    alerts.start(true);
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(u"m.one"_s, 30000, {}));
    LockRefresh refresh;
    qint64 now = 0;
    refresh.page.locks = read(&now);
    refresh.page.dbNow = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC);
    QSignalSpy announced(&alerts, &ProblemAlerts::announced);
    alerts.onRefresh(refresh); // the baseline
    auto grant = m_locks->acquire(u"m.one"_s, Alive, 20);
    QVERIFY(grant && grant->acquired);
    QTRY_VERIFY_WITH_TIMEOUT(dbNowMs() > grant->expiresAt.toMSecsSinceEpoch(), 5000);
    refresh.page.locks = read(&now);
    refresh.page.dbNow = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC);
    alerts.onRefresh(refresh);
    QCOMPARE(announced.count(), 1);
    QCOMPARE(announced.at(0).at(0).toString(), u"m.one"_s);
    QVERIFY2(bar.text().contains(u"m.one: expired"_s), qPrintable(bar.text()));
    QCOMPARE(bar.kind(), MessageBar::Kind::Warning);

    // Turned off for the connection: nothing is said.
    alerts.start(false);
    alerts.onRefresh(refresh);
    alerts.onRefresh(refresh);
    QCOMPARE(announced.count(), 1);
}

// The icon shows how many locks need someone.
void ProblemWatcherTest::countOnTheIcon()
{
    QPixmap plain(64, 64);
    plain.fill(Qt::white);
    const QIcon base(plain);
    QCOMPARE(TrayNotifier::iconWithCount(base, 0).pixmap(64, 64).toImage(), plain.toImage());
    const QImage three = TrayNotifier::iconWithCount(base, 3).pixmap(64, 64).toImage();
    QCOMPARE(three.pixelColor(51, 19), QColor(0xd9, 0x30, 0x25)); // the disc, top right
    QCOMPARE(three.pixelColor(5, 60), QColor(Qt::white));         // the icon elsewhere
    QVERIFY(three != TrayNotifier::iconWithCount(base, 4).pixmap(64, 64).toImage());
}

QTEST_MAIN(ProblemWatcherTest)
#include "tst_problemwatcher.moc"
