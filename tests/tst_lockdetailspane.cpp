// SPDX-License-Identifier: GPL-3.0-or-later
// The details pane's history as ops people read it at 3 a.m. (issue 23): reasons in the list,
// renewals folded, a legend for the timeline's colours, event kinds in words everywhere, and
// the history of a lock that was deleted. No database: the pane is given events as the
// monitor would.

#include "eventkindtext.h"
#include "historylist.h"
#include "language.h"
#include "lockdetailspane.h"
#include "lockdisplaystate.h"
#include "lockmonitor.h"
#include "timelinemarks.h"
#include "timelinewidget.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lockcore::LockEvent;
using lockcore::LockInfo;
using lockcore::LockState;
using namespace ui;

namespace {

const QDateTime T0 = QDateTime::currentDateTimeUtc().addSecs(-3600);

LockEvent makeEvent(qint64 id, const QString &kind, const QString &holder, qint64 fence,
                const QString &detail = {}, const QString &actor = {})
{
    LockEvent e;
    e.id = id;
    e.at = T0.addSecs(id * 2);
    e.lockName = u"billing.invoices"_s;
    e.kind = kind;
    e.holder = holder;
    e.fence = fence;
    e.actor = actor;
    e.detail = detail;
    return e;
}

// Newest first, as lockcore's history returns them.
QList<LockEvent> newestFirst(QList<LockEvent> events)
{
    std::reverse(events.begin(), events.end());
    return events;
}

// init, an acquire by worker-1, 37 renewals, its release.
QList<LockEvent> renewedHold()
{
    QList<LockEvent> events{makeEvent(1, u"init"_s, {}, 0, {}, u"ann@ops"_s),
                            makeEvent(2, u"acquire"_s, u"worker-1"_s, 1)};
    for (int i = 0; i < 37; ++i)
        events << makeEvent(3 + i, u"renew"_s, u"worker-1"_s, 1);
    events << makeEvent(40, u"release"_s, u"worker-1"_s, 1);
    return newestFirst(events);
}

// Every kind the history table knows, with the details lockcore writes.
QList<LockEvent> everyKind()
{
    return newestFirst({
        makeEvent(1, u"init"_s, {}, 0, u"Nightly invoices"_s, u"ann@ops"_s),
        makeEvent(2, u"acquire"_s, u"worker-1"_s, 1),
        makeEvent(3, u"reenter"_s, u"worker-1"_s, 1),
        makeEvent(4, u"renew"_s, u"worker-1"_s, 1),
        makeEvent(5, u"takeover"_s, u"worker-2"_s, 2, u"lease of worker-1 had expired"_s),
        makeEvent(6, u"lost"_s, u"worker-1"_s, 1, u"no longer the holder"_s),
        makeEvent(7, u"force_release"_s, u"worker-2"_s, 2,
              u"host is gone (fence 2 revoked)"_s, u"ann@ops (lockscope)"_s),
        makeEvent(8, u"acquire"_s, u"worker-3"_s, 3),
        makeEvent(9, u"release"_s, u"worker-3"_s, 3),
        makeEvent(10, u"delete"_s, {}, 3, u"Nightly invoices"_s, u"ann@ops (lockscope)"_s),
    });
}

LockInfo lockInfo(LockState state, const QString &holder, qint64 fence)
{
    LockInfo info;
    info.name = u"billing.invoices"_s;
    info.holder = holder;
    info.fence = fence;
    info.depth = holder.isEmpty() ? 0 : 1;
    info.ttlMs = 30000;
    info.state = state;
    info.dbNow = T0.addSecs(100);
    return info;
}

QTreeWidget *historyOf(const LockDetailsPane &pane)
{
    return pane.findChild<QTreeWidget *>(u"history"_s);
}

// Every text and tooltip of the list: rows, detail lines and the header.
QStringList listTexts(const QTreeWidget *tree)
{
    QStringList texts;
    for (int c = 0; c < tree->columnCount(); ++c)
        texts << tree->headerItem()->text(c);
    QList<const QTreeWidgetItem *> items;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        items << tree->topLevelItem(i);
        for (int j = 0; j < tree->topLevelItem(i)->childCount(); ++j)
            items << tree->topLevelItem(i)->child(j);
    }
    for (const QTreeWidgetItem *item : items)
        for (int c = 0; c < tree->columnCount(); ++c)
            texts << item->text(c) << item->toolTip(c);
    return texts;
}

QString plainText(const QString &richText)
{
    QTextDocument document;
    document.setHtml(richText);
    return document.toPlainText().replace(QChar(0x00a0), u' ');
}

// The index of the (first) cell or detail line whose text contains `text`.
QModelIndex indexOfText(const QTreeWidget *tree, const QString &text)
{
    const QModelIndexList found = tree->model()->match(
        tree->model()->index(0, 0), Qt::DisplayRole, text, 1,
        Qt::MatchContains | Qt::MatchRecursive | Qt::MatchWrap);
    if (!found.isEmpty())
        return found.first();
    for (int c = 1; c < tree->columnCount(); ++c) {
        const QModelIndexList inColumn = tree->model()->match(
            tree->model()->index(0, c), Qt::DisplayRole, text, 1,
            Qt::MatchContains | Qt::MatchRecursive);
        if (!inColumn.isEmpty())
            return inColumn.first();
    }
    return {};
}

} // namespace

class LockDetailsPaneTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(language::apply(u"en"_s)); }
    void reasonIsReadableInTheList();
    void readOnlyApplicationTableSaysWhy();
    void renewalsFoldIntoOneRowOnRequest();
    void timelineIsTheSameFoldedOrNot();
    void timelineHoldsBeforeTheHistoryRead();
    void legendNamesEveryColourInTheTablesWords();
    void timelinePaintsTheLegendsColours();
    void eventKindsAreInWordsEverywhere();
    void historyOfADeletedLock();
    void lookupAsksForTheHistoryOfAName();
    void refreshKeepsTheSelectedRow();
    void refreshKeepsTheScrollPosition();
    void saysWhenOlderEventsAreNotRead();
};

void LockDetailsPaneTest::reasonIsReadableInTheList()
{
    // A force release's reason is on the screen in the list itself, in a pane as narrow as the
    // window gives it: not in a column scrolled off to the right. Whole in the tooltip.
    LockDetailsPane pane;
    pane.resize(380, 700);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.showLock(lockInfo(LockState::Free, {}, 3));
    pane.showHistory(u"billing.invoices"_s, everyKind(), T0.addSecs(100));
    QTreeWidget *tree = historyOf(pane);
    QVERIFY(tree);
    const QString reason = u"host is gone (fence 2 revoked)"_s;
    const QModelIndex index = indexOfText(tree, reason);
    QVERIFY2(index.isValid(), qPrintable(listTexts(tree).join(u'|')));
    const QRect shown = tree->visualRect(index);
    QVERIFY2(shown.left() < tree->viewport()->width() / 3,
             qPrintable(u"the reason starts at x=%1 of %2"_s.arg(shown.left())
                            .arg(tree->viewport()->width())));
    QVERIFY(shown.width() >= tree->viewport()->width() / 2); // the width of the list
    QVERIFY(index.data(Qt::ToolTipRole).toString().contains(reason));
}

void LockDetailsPaneTest::readOnlyApplicationTableSaysWhy()
{
    // Quartz's instances: the window offers no write action, and the pane says why with the
    // lock (the admin who looks for Force release finds the reason, not nothing).
    LockDetailsPane pane;
    pane.setApplicationProfile(u"quartz-instances"_s, u"Quartz recovers it itself."_s);
    pane.showLock(lockInfo(LockState::Expired, u"host1"_s, 0));
    auto *definition = pane.findChild<QLabel *>(u"definition"_s);
    QVERIFY(definition);
    QVERIFY2(definition->text().contains(
                 u"Lockscope does not write it: Quartz recovers it itself."_s),
             qPrintable(definition->text()));
    pane.setApplicationProfile(u"shedlock"_s); // a table Lockscope writes: nothing of the kind
    QVERIFY2(!definition->text().contains(u"does not write"_s), qPrintable(definition->text()));
}

void LockDetailsPaneTest::renewalsFoldIntoOneRowOnRequest()
{
    // 37 renewals of one hold are one row ("renewed 37 times, from–to"), so the acquire and
    // the release stay in sight; unticking "Fold renewals" shows each one.
    LockDetailsPane pane;
    pane.showLock(lockInfo(LockState::Free, {}, 1));
    pane.showHistory(u"billing.invoices"_s, renewedHold(), T0.addSecs(100));
    auto *fold = pane.findChild<QCheckBox *>(u"foldRenewals"_s);
    QVERIFY(fold);
    QVERIFY(fold->isChecked()); // what ops want first: the story, not the heartbeat
    QCOMPARE(pane.historyRows(), 4); // released, renewed 37 times, acquired, initialized
    const QTreeWidgetItem *folded = historyOf(pane)->topLevelItem(1);
    const QString text = folded->text(HistoryList::Event);
    QVERIFY2(text.startsWith(u"renewed 37 times, "_s), qPrintable(text));
    const QString first = T0.addSecs(3 * 2).toLocalTime().toString(u"HH:mm:ss"_s);
    const QString last = T0.addSecs(39 * 2).toLocalTime().toString(u"HH:mm:ss"_s);
    QVERIFY2(text.contains(first) && text.contains(last), qPrintable(text));
    QVERIFY(folded->toolTip(HistoryList::Event).contains(u"2 s"_s)); // the longest gap

    fold->setChecked(false);
    QCOMPARE(pane.historyRows(), 40);
    fold->setChecked(true);
    QCOMPARE(pane.historyRows(), 4);
}

void LockDetailsPaneTest::timelineIsTheSameFoldedOrNot()
{
    // Folding is the list's: the timeline is drawn from every event either way.
    LockDetailsPane pane;
    pane.showLock(lockInfo(LockState::Free, {}, 1));
    pane.showHistory(u"billing.invoices"_s, renewedHold(), T0.addSecs(100));
    auto *timeline = pane.findChild<TimelineWidget *>();
    QVERIFY(timeline);
    const QString folded = timeline->holdText(0);
    pane.findChild<QCheckBox *>(u"foldRenewals"_s)->setChecked(false);
    QCOMPARE(timeline->holdText(0), folded);
    QVERIFY2(folded.contains(T0.addSecs(80).toLocalTime().toString(u"HH:mm:ss.zzz"_s)),
             qPrintable(folded));
}

void LockDetailsPaneTest::timelineHoldsBeforeTheHistoryRead()
{
    // A live holder's renewals can fill the events read, its acquire older than all of them:
    // the timeline still shows its hold (begun before the first event read), not "no holds".
    QList<LockEvent> events;
    for (int i = 0; i < 5; ++i)
        events << makeEvent(100 + i, u"renew"_s, u"worker-1"_s, 7);
    LockDetailsPane pane;
    pane.showLock(lockInfo(LockState::Held, u"worker-1"_s, 7));
    pane.showHistory(u"billing.invoices"_s, newestFirst(events), T0.addSecs(300));
    auto *timeline = pane.findChild<TimelineWidget *>();
    const QString text = timeline->holdText(0);
    QVERIFY2(text.contains(u"worker-1"_s) && text.contains(u"before"_s), qPrintable(text));
}

void LockDetailsPaneTest::legendNamesEveryColourInTheTablesWords()
{
    // Under the timeline, a legend names each colour in the words the lock table uses for its
    // states (held, expired, free) and the history for its events, each in its colour.
    LockDetailsPane pane;
    pane.resize(420, 700);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    auto *legend = pane.findChild<QLabel *>(u"timelineLegend"_s);
    QVERIFY(legend);
    QVERIFY(legend->isVisible());
    auto *timeline = pane.findChild<TimelineWidget *>();
    QVERIFY(legend->geometry().top() >= timeline->geometry().bottom());
    const QString text = plainText(legend->text());
    for (const LockDisplayState state :
         {LockDisplayState::Held, LockDisplayState::Expired, LockDisplayState::Free})
        QVERIFY2(text.contains(lockDisplayStateText(state)), qPrintable(text));
    for (const QString &kind : {u"force_release"_s, u"takeover"_s, u"delete"_s})
        QVERIFY2(text.contains(eventKindText(kind)), qPrintable(text));
    for (const TimelineMark mark : timelineMarks()) {
        QVERIFY2(text.contains(timelineMarkText(mark)), qPrintable(text));
        if (mark != TimelineMark::Free)
            QVERIFY2(legend->text().contains(timelineMarkColour(mark, legend->palette()).name()),
                     qPrintable(timelineMarkText(mark)));
    }
}

void LockDetailsPaneTest::timelinePaintsTheLegendsColours()
{
    // The current holder's bar is the legend's "held" colour while its lease runs, and turns
    // its "expired" colour where the lease ran out, as the table's row turns expired.
    LockDetailsPane pane;
    pane.resize(420, 700);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    LockInfo info = lockInfo(LockState::Expired, u"worker-1"_s, 1);
    info.acquiredAt = T0;
    info.expiresAt = T0.addSecs(50); // the hold runs from T0 to T0 + 100 s
    pane.showLock(info);
    pane.showHistory(u"billing.invoices"_s, {makeEvent(0, u"acquire"_s, u"worker-1"_s, 1)},
                     T0.addSecs(100));
    auto *timeline = pane.findChild<TimelineWidget *>();
    const QImage image = timeline->grab().toImage();
    const QRect area = timeline->rect().adjusted(8, 8, -8, -22);
    const int y = area.center().y();
    const auto colourAt = [&](double fraction) {
        return image.pixelColor(area.left() + int(fraction * area.width()), y);
    };
    QCOMPARE(colourAt(0.25), timelineMarkColour(TimelineMark::Held, timeline->palette()));
    QCOMPARE(colourAt(0.75), timelineMarkColour(TimelineMark::Expired, timeline->palette()));
}

void LockDetailsPaneTest::eventKindsAreInWordsEverywhere()
{
    // No kind as the database stores it ("force_release", "renew", ...) reaches the user: not
    // in the list, its tooltips, its header, the timeline's tooltips, the legend, any label,
    // nor what Copy puts on the clipboard. Folded and unfolded.
    const QRegularExpression raw(
        u"\\b(init|acquire|reenter|renew|release|takeover|force_release|delete)\\b"_s);
    for (const bool fold : {true, false}) {
        LockDetailsPane pane;
        pane.findChild<QCheckBox *>(u"foldRenewals"_s)->setChecked(fold);
        pane.showLock(lockInfo(LockState::Free, {}, 3));
        pane.showHistory(u"billing.invoices"_s, everyKind(), T0.addSecs(100));
        QStringList texts = listTexts(historyOf(pane));
        auto *timeline = pane.findChild<TimelineWidget *>();
        for (int i = 0; i < 3; ++i)
            texts << timeline->holdText(i);
        for (const QLabel *label : pane.findChildren<QLabel *>())
            texts << plainText(label->text());
        texts << pane.findChild<HistoryList *>()->copyText().split(u'\t');
        for (const QString &text : std::as_const(texts)) {
            const QRegularExpressionMatch match = raw.match(text);
            QVERIFY2(!match.hasMatch(), qPrintable(text));
            QVERIFY2(text != u"lost"_s, "the raw kind \"lost\"");
        }
        QVERIFY(texts.contains(u"force released"_s));
        QVERIFY(texts.contains(eventKindText(u"lost"_s)));
    }
}

void LockDetailsPaneTest::historyOfADeletedLock()
{
    // A name the table does not show: its history, and a note that the lock no longer exists,
    // who deleted it and when.
    LockDetailsPane pane;
    pane.showUnlisted(u"billing.invoices"_s);
    QCOMPARE(pane.lockName(), u"billing.invoices"_s);
    pane.showHistory(u"billing.invoices"_s, everyKind(), T0.addSecs(100));
    QCOMPARE(pane.historyRows(), 10);
    QStringList labels;
    for (const QLabel *label : pane.findChildren<QLabel *>())
        labels << label->text();
    const QString all = labels.join(u'\n');
    QVERIFY2(labels.contains(u"billing.invoices"_s), qPrintable(all)); // the title
    QVERIFY2(all.contains(u"no longer exists"_s), qPrintable(all));
    QVERIFY2(all.contains(u"ann@ops (lockscope)"_s), qPrintable(all));
    // Selecting a lock of the table afterwards shows that lock again.
    pane.showLock(lockInfo(LockState::Free, {}, 3));
    labels.clear();
    for (const QLabel *label : pane.findChildren<QLabel *>())
        labels << label->text();
    QVERIFY(!labels.join(u'\n').contains(u"no longer exists"_s));
}

void LockDetailsPaneTest::lookupAsksForTheHistoryOfAName()
{
    // The line under the history asks for the history of a typed name (Enter or the button).
    LockDetailsPane pane;
    QSignalSpy asked(&pane, &LockDetailsPane::historyRequested);
    auto *name = pane.findChild<QLineEdit *>(u"historyLookup"_s);
    QVERIFY(name);
    QTest::keyClicks(name, u" old.nightly-job "_s);
    QTest::keyClick(name, Qt::Key_Return);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().first().toString(), u"old.nightly-job"_s);
}

void LockDetailsPaneTest::refreshKeepsTheSelectedRow()
{
    // The history is read again every few seconds: the row the user selected stays selected.
    LockDetailsPane pane;
    pane.showLock(lockInfo(LockState::Free, {}, 3));
    pane.showHistory(u"billing.invoices"_s, everyKind(), T0.addSecs(100));
    QTreeWidget *tree = historyOf(pane);
    tree->topLevelItem(3)->setSelected(true); // the force release
    const QString selected = tree->topLevelItem(3)->text(HistoryList::Event);
    QList<LockEvent> more = everyKind();
    more.prepend(makeEvent(11, u"init"_s, {}, 0, {}, u"ann@ops"_s));
    pane.showHistory(u"billing.invoices"_s, more, T0.addSecs(100));
    QCOMPARE(tree->selectedItems().size(), 1);
    QCOMPARE(tree->selectedItems().first()->text(HistoryList::Event), selected);
}

void LockDetailsPaneTest::refreshKeepsTheScrollPosition()
{
    // Scrolled down to older events, a refresh leaves the same row at the top; at the top,
    // the newest event comes into view.
    LockDetailsPane pane;
    pane.resize(420, 500);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.findChild<QCheckBox *>(u"foldRenewals"_s)->setChecked(false);
    pane.showLock(lockInfo(LockState::Free, {}, 1));
    pane.showHistory(u"billing.invoices"_s, renewedHold(), T0.addSecs(100));
    QTreeWidget *tree = historyOf(pane);
    tree->scrollToItem(tree->topLevelItem(20), QAbstractItemView::PositionAtTop);
    const QString topTime = tree->itemAt(0, 0)->text(HistoryList::Time);
    QList<LockEvent> more = renewedHold();
    more.prepend(makeEvent(41, u"acquire"_s, u"worker-2"_s, 2));
    pane.showHistory(u"billing.invoices"_s, more, T0.addSecs(100));
    QCOMPARE(tree->itemAt(0, 0)->text(HistoryList::Time), topTime);

    tree->scrollToTop();
    more.prepend(makeEvent(42, u"release"_s, u"worker-2"_s, 2));
    pane.showHistory(u"billing.invoices"_s, more, T0.addSecs(100));
    QCOMPARE(tree->itemAt(0, 0), tree->topLevelItem(0));
    QCOMPARE(tree->topLevelItem(0)->text(HistoryList::Event), u"released"_s);
}

void LockDetailsPaneTest::saysWhenOlderEventsAreNotRead()
{
    QList<LockEvent> events;
    for (int i = 0; i < LockMonitor::HistoryLimit; ++i)
        events << makeEvent(i + 1, u"renew"_s, u"worker-1"_s, 1);
    LockDetailsPane pane;
    pane.showLock(lockInfo(LockState::Held, u"worker-1"_s, 1));
    pane.showHistory(u"billing.invoices"_s, newestFirst(events), T0.addSecs(3000));
    QStringList labels;
    for (const QLabel *label : pane.findChildren<QLabel *>())
        if (label->isVisibleTo(&pane))
            labels << label->text();
    QVERIFY2(labels.join(u'\n').contains(u"older ones are not read"_s),
             qPrintable(labels.join(u'\n')));
}

QTEST_MAIN(LockDetailsPaneTest)
#include "tst_lockdetailspane.moc"
