// SPDX-License-Identifier: GPL-3.0-or-later
// Reconstructing who held a lock when from its event history (the details pane's timeline).

#include "holdintervals.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lockcore::LockEvent;
using namespace ui;

namespace {

LockEvent makeEvent(qint64 id, const QString &kind, const QString &holder, qint64 fence)
{
    LockEvent e;
    e.id = id;
    e.at = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000LL + id * 1000, Qt::UTC);
    e.kind = kind;
    e.holder = holder;
    e.fence = fence;
    return e;
}

} // namespace

class HoldIntervalsTest : public QObject
{
    Q_OBJECT

private slots:
    // Acquire/release pairs become closed holds; re-entry only closes at depth 0.
    void releasesCloseAtDepthZero()
    {
        const QList<LockEvent> events = {
            makeEvent(1, u"init"_s, {}, 0),       makeEvent(2, u"acquire"_s, u"a"_s, 1),
            makeEvent(3, u"reenter"_s, u"a"_s, 1), makeEvent(4, u"release"_s, u"a"_s, 1),
            makeEvent(5, u"renew"_s, u"a"_s, 1),   makeEvent(6, u"release"_s, u"a"_s, 1),
            makeEvent(7, u"acquire"_s, u"b"_s, 2)};
        const QList<HoldInterval> holds = holdIntervals(events);
        QCOMPARE(holds.size(), 2);
        QCOMPARE(holds[0].holder, u"a"_s);
        QCOMPARE(holds[0].end, events[5].at);
        QCOMPARE(holds[0].endedBy, u"release"_s);
        QCOMPARE(holds[1].holder, u"b"_s);
        QVERIFY(!holds[1].end.isValid()); // still held
    }

    // A takeover ends the expired holder's interval; a force release ends the current one;
    // a late "lost" release by the old holder changes nothing. Order of input is irrelevant.
    void takeoverForceReleaseAndLost()
    {
        QList<LockEvent> events = {
            makeEvent(1, u"acquire"_s, u"a"_s, 1),  makeEvent(2, u"takeover"_s, u"b"_s, 2),
            makeEvent(3, u"lost"_s, u"a"_s, 1),     makeEvent(4, u"release"_s, u"a"_s, 1),
            makeEvent(5, u"force_release"_s, u"b"_s, 2)};
        std::reverse(events.begin(), events.end()); // history comes newest first
        const QList<HoldInterval> holds = holdIntervals(events);
        QCOMPARE(holds.size(), 2);
        QCOMPARE(holds[0].endedBy, u"takeover"_s);
        QCOMPARE(holds[0].end, events[3].at);
        QCOMPARE(holds[1].holder, u"b"_s);
        QCOMPARE(holds[1].endedBy, u"force_release"_s);
        QCOMPARE(holds[1].fence, 2);
    }

    // The events read can begin inside a hold (a live holder's renewals fill the history):
    // its renewals still make a hold, begun before the first of them, marked as such.
    void holdBegunBeforeTheEventsRead()
    {
        const QList<LockEvent> events = {
            makeEvent(10, u"renew"_s, u"a"_s, 4), makeEvent(11, u"renew"_s, u"a"_s, 4),
            makeEvent(12, u"release"_s, u"a"_s, 4), makeEvent(13, u"acquire"_s, u"b"_s, 5),
            makeEvent(14, u"renew"_s, u"b"_s, 5)};
        const QList<HoldInterval> holds = holdIntervals(events);
        QCOMPARE(holds.size(), 2);
        QCOMPARE(holds[0].holder, u"a"_s);
        QCOMPARE(holds[0].start, events[0].at);
        QVERIFY(!holds[0].startSeen);
        QCOMPARE(holds[0].end, events[2].at);
        QVERIFY(holds[1].startSeen);
        QVERIFY(!holds[1].end.isValid());
    }

    void emptyHistory() { QVERIFY(holdIntervals({}).isEmpty()); }
};

QTEST_APPLESS_MAIN(HoldIntervalsTest)
#include "tst_holdintervals.moc"
