// SPDX-License-Identifier: GPL-3.0-or-later
// Durations as the window says them: in the interface language with the locale's numbers, never
// lockctl's machine form ("17.5s", "5m11s108ms") inside a sentence of another language.

#include "durationtext.h"
#include "heldfortext.h"
#include "initlockdialog.h"
#include "language.h"
#include "lockdetailspane.h"
#include "locktablemodel.h"
#include "testacquiredialog.h"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>
#include <memory>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockState;
using namespace ui;

namespace {

constexpr qint64 T0 = 1'700'000'000'000LL;

QDateTime at(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

// Held for 5m11s108ms of a 17.5 s default lease, 12.3 s left.
LockInfo heldLock()
{
    LockInfo info;
    info.name = u"billing.job-030"_s;
    info.holder = u"ann@db1 (lockscope, pid 42)"_s;
    info.fence = 7;
    info.depth = 1;
    info.ttlMs = 17'500;
    info.description = u"guards billing"_s;
    info.dbNow = at(T0);
    info.state = LockState::Held;
    info.acquiredAt = at(T0 - 311'108);
    info.renewedAt = at(T0 - 5'200);
    info.expiresAt = at(T0 + 12'300);
    return info;
}

// lockctl's form: digits directly followed by d, h, m, s or ms ("17.5s", "1m30s", "250ms").
const QRegularExpression MachineDuration(u"\\d(ms|[dhms])(?![A-Za-z])"_s);

QString allLabelText(const QWidget &widget)
{
    QStringList texts;
    for (const QLabel *label : widget.findChildren<QLabel *>())
        texts.append(label->text());
    return texts.join(u'\n');
}

} // namespace

class DurationTextTest : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { language::apply(u"en"_s); }
    void english_data();
    void english();
    void chinese_data();
    void chinese();
    void chineseDetailsPaneHasNoMachineDuration();
    void chineseTooltipsHaveNoMachineDuration();
    void numbersFollowTheChosenLanguage();
    void englishSaysOneLockNotLocks();
    void heldForRoundsDown_data();
    void heldForRoundsDown();
    void typedDurationsNeedAUnit_data();
    void typedDurationsNeedAUnit();
};

// The numbers in durations follow the language chosen in the window, whatever the system's
// locale: a German system showing the English window writes "1,234.5", not "1.234,5".
void DurationTextTest::numbersFollowTheChosenLanguage()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QVERIFY(language::apply(u"en"_s));
    QCOMPARE(QLocale().toString(1234.5, 'f', 1), u"1,234.5"_s);
    QCOMPARE(durationText(17'500), u"17.5 s"_s);
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QVERIFY(language::apply(u"zh_CN"_s));
    QCOMPARE(QLocale().name(), u"zh_CN"_s);
    QCOMPARE(durationText(17'500), u"17.5 秒"_s);
}

// English plurals: "1 lock", "3 locks", never "1 lock(s)" (the source text's form).
void DurationTextTest::englishSaysOneLockNotLocks()
{
    QVERIFY(language::apply(u"en"_s));
    const auto counts = [](int n) {
        return QCoreApplication::translate("ui::MainWindow",
                                           "%n lock(s): %1 held, %2 expired, %3 free", nullptr, n);
    };
    QCOMPARE(counts(1), u"1 lock: %1 held, %2 expired, %3 free"_s);
    QCOMPARE(counts(3), u"3 locks: %1 held, %2 expired, %3 free"_s);
    QVERIFY(language::apply(u"zh_CN"_s));
    QVERIFY(!counts(3).contains(u"locks"_s));
}

void DurationTextTest::heldForRoundsDown_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("tenths under a second") << qint64(480) << u"400 ms"_s;
    QTest::newRow("seconds, down") << qint64(59'999) << u"59 s"_s;
    QTest::newRow("a minute") << qint64(60'000) << u"1 min"_s;
    QTest::newRow("minutes, down") << qint64(3'599'999) << u"59 min"_s;
    QTest::newRow("h and min") << qint64(5'430'000) << u"1 h 30 min"_s;
    QTest::newRow("hours beyond a day") << qint64(95'400'000) << u"1 d 2 h"_s;
    QTest::newRow("clock behind the grant") << qint64(-5) << u"0 ms"_s;
}

// "Held for" is an age: it shows what has fully passed ("59 s" until the minute is full).
void DurationTextTest::heldForRoundsDown()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QVERIFY(language::apply(u"en"_s));
    QCOMPARE(formatHeldMs(ms), text);
}

void DurationTextTest::english_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << u"0 ms"_s;
    QTest::newRow("ms") << qint64(250) << u"250 ms"_s;
    QTest::newRow("whole seconds") << qint64(30'000) << u"30 s"_s;
    QTest::newRow("tenths") << qint64(17'500) << u"17.5 s"_s;
    QTest::newRow("rounded to a tenth") << qint64(1'049) << u"1 s"_s;
    QTest::newRow("rounds up into minutes") << qint64(59'960) << u"1 min"_s;
    QTest::newRow("minute") << qint64(60'000) << u"1 min"_s;
    QTest::newRow("min and s") << qint64(311'108) << u"5 min 11.1 s"_s;
    QTest::newRow("hour") << qint64(3'600'000) << u"1 h"_s;
    QTest::newRow("h and min") << qint64(7'500'000) << u"2 h 5 min"_s;
    QTest::newRow("d and h") << qint64(273'600'000) << u"3 d 4 h"_s;
    QTest::newRow("day") << qint64(86'400'000) << u"1 d"_s;
}

void DurationTextTest::english()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QVERIFY(language::apply(u"en"_s));
    QCOMPARE(durationText(ms), text);
}

void DurationTextTest::chinese_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("ms") << qint64(250) << u"250 毫秒"_s;
    QTest::newRow("tenths") << qint64(17'500) << u"17.5 秒"_s;
    QTest::newRow("minute") << qint64(60'000) << u"1 分钟"_s;
    QTest::newRow("min and s") << qint64(311'108) << u"5 分 11.1 秒"_s;
    QTest::newRow("hour") << qint64(3'600'000) << u"1 小时"_s;
    QTest::newRow("h and min") << qint64(7'500'000) << u"2 小时 5 分"_s;
    QTest::newRow("day") << qint64(86'400'000) << u"1 天"_s;
    QTest::newRow("d and h") << qint64(273'600'000) << u"3 天 4 小时"_s;
}

void DurationTextTest::chinese()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QVERIFY(language::apply(u"zh_CN"_s));
    QCOMPARE(durationText(ms), text);
}

void DurationTextTest::chineseDetailsPaneHasNoMachineDuration()
{
    QVERIFY(language::apply(u"zh_CN"_s));
    LockDetailsPane pane;
    pane.showLock(heldLock());
    const QString text = allLabelText(pane);
    QVERIFY2(text.contains(u"17.5 秒"_s), qPrintable(text));
    QVERIFY2(!MachineDuration.match(text).hasMatch(), qPrintable(text));
}

void DurationTextTest::chineseTooltipsHaveNoMachineDuration()
{
    QVERIFY(language::apply(u"zh_CN"_s));
    LockTableModel model;
    model.setLocalClock([] { return T0; });
    model.setOwnerGoneCheck({});
    model.merge({heldLock()});
    for (int column = 0; column < LockTableModel::ColumnCount; ++column) {
        const QModelIndex index = model.index(0, column);
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
            const QString text = index.data(role).toString();
            QVERIFY2(!MachineDuration.match(text).hasMatch(), qPrintable(text));
        }
    }
}

void DurationTextTest::typedDurationsNeedAUnit_data()
{
    QTest::addColumn<QString>("dialog");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("fieldName"); // as the problem names it
    QTest::newRow("initialize: default lease") << u"init"_s << u"ttl"_s << u"The default lease"_s;
    QTest::newRow("test-acquire: lease") << u"acquire"_s << u"ttl"_s << u"The lease"_s;
    QTest::newRow("test-acquire: hold") << u"acquire"_s << u"hold"_s << u"The hold time"_s;
}

// Issue 48: the window's duration fields follow lockctl's rule. A number without a unit ("30":
// milliseconds or seconds?) is refused, the problem naming the field and the units, and the
// dialog cannot be accepted; "30s" is taken.
void DurationTextTest::typedDurationsNeedAUnit()
{
    QFETCH(QString, dialog);
    QFETCH(QString, field);
    QFETCH(QString, fieldName);
    std::unique_ptr<QDialog> shown;
    if (dialog == u"init") {
        shown = std::make_unique<InitLockDialog>();
        shown->findChild<QLineEdit *>(u"name"_s)->setText(u"job"_s);
    } else {
        shown = std::make_unique<TestAcquireDialog>(u"job"_s);
        for (QRadioButton *radio : shown->findChildren<QRadioButton *>())
            if (radio->text() == u"&For")
                radio->setChecked(true); // the hold field counts only then
    }
    auto *edit = shown->findChild<QLineEdit *>(field);
    auto *problem = shown->findChild<QLabel *>(u"problem"_s);
    QVERIFY(edit && problem);
    const auto acceptable = [&shown] {
        auto *buttons = shown->findChild<QDialogButtonBox *>();
        for (QAbstractButton *button : buttons->buttons())
            if (buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
                return button->isEnabled();
        return false;
    };

    edit->setText(u"30s"_s);
    QVERIFY2(problem->text().isEmpty(), qPrintable(problem->text()));
    QVERIFY(acceptable());
    edit->setText(u"30"_s);
    QVERIFY2(problem->text().startsWith(fieldName + u" needs a unit: 5s, 500ms, 2m, 1h"_s),
             qPrintable(problem->text()));
    QVERIFY(!acceptable());
}

QTEST_MAIN(DurationTextTest)
#include "tst_durationtext.moc"
