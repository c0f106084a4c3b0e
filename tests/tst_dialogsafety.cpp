// SPDX-License-Identifier: GPL-3.0-or-later
// The confirmations of what changes the database (issue 49), in English and in Chinese, with no
// database: no Alt+key chord, no plain letter and no Enter outside its button confirms one
// (Tab to the button and Space does); each names the database it changes, in the connection's
// colour; each shows the SQL it will run, from the dialects' own builders, with its values.

#include "adminstatements.h"
#include "chordless.h"
#include "connectionband.h"
#include "databasetarget.h"
#include "deletelockdialog.h"
#include "dialect.h"
#include "endsessiondialog.h"
#include "forcereleasedialog.h"
#include "forcereleasemanydialog.h"
#include "initlockdialog.h"
#include "language.h"
#include "schemadialog.h"
#include "shownstatement.h"
#include "sqlsection.h"
#include "terminatesessiondialog.h"
#include "windowconnection.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <algorithm>
#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::LockInfo;
using lockcore::LockState;
using lockcore::TableNames;
using namespace ui;

namespace {

const QString Database = u"prod-db (PostgreSQL 127.0.0.1:5432/app)"_s;

WindowConnection production()
{
    WindowConnection connection;
    connection.spec = *lockcore::ConnectionSpec::parse(u"postgresql://ops@127.0.0.1:5432/app"_s);
    connection.title = u"prod-db"_s;
    connection.colour = ConnectionColour::Production;
    return connection;
}

LockInfo heldLock(const QString &name = u"stuck.d"_s)
{
    LockInfo lock;
    lock.name = name;
    lock.holder = u"dead-host:123"_s;
    lock.fence = 48213;
    lock.ttlMs = 30000;
    lock.description = u"nightly job"_s;
    lock.state = LockState::Held;
    lock.acquiredAt = QDateTime::currentDateTimeUtc().addSecs(-600);
    lock.expiresAt = lock.acquiredAt.addSecs(30);
    return lock;
}

lockcore::NativeLock session()
{
    lockcore::NativeLock target;
    target.key = u"42"_s;
    target.pid = 4711;
    target.user = u"app"_s;
    target.client = u"10.0.0.7:51000"_s;
    target.application = u"billing"_s;
    target.mode = u"ExclusiveLock"_s;
    return target;
}

// One confirmation that changes the database, made ready to confirm (a reason typed, a name
// given): only its confirm button is then missing.
struct Case
{
    QString what;
    std::function<std::unique_ptr<QDialog>()> make;
    QString button; // the confirm button's object name
};

QList<Case> cases()
{
    const auto reasoned = [](ReasonedActionDialog *dialog) {
        dialog->showDatabase(DatabaseTarget::of(production()));
        dialog->setSql([](const QString &reason) { return reason; });
        if (auto *reason = dialog->findChild<QLineEdit *>(u"reason"_s))
            reason->setText(u"host is gone"_s);
        return std::unique_ptr<QDialog>(dialog);
    };
    return {
        {u"force release"_s,
         [=] { return reasoned(new ForceReleaseDialog(heldLock(), 5000)); },
         u"forceReleaseButton"_s},
        {u"force release on an application's table"_s,
         [=] { return reasoned(new ForceReleaseDialog(heldLock(), 5000, nullptr, u"shedlock"_s)); },
         u"forceReleaseButton"_s},
        {u"force release of several"_s,
         [=] {
             return reasoned(new ForceReleaseManyDialog({heldLock(), heldLock(u"other"_s)}));
         },
         u"forceReleaseButton"_s},
        {u"delete"_s, [=] { return reasoned(new DeleteLockDialog(heldLock())); },
         u"deleteButton"_s},
        {u"terminate session"_s, [=] { return reasoned(new TerminateSessionDialog(session())); },
         u"terminateButton"_s},
        {u"terminate from the blocking tree"_s,
         [=] {
             return reasoned(new EndSessionDialog(session(), lockcore::SessionAction::Terminate,
                                                  Database, QDateTime::currentDateTimeUtc()));
         },
         u"terminateSessionButton"_s},
        {u"cancel a statement"_s,
         [=] {
             return reasoned(new EndSessionDialog(session(), lockcore::SessionAction::Cancel,
                                                  Database, QDateTime::currentDateTimeUtc()));
         },
         u"cancelStatementButton"_s},
        {u"initialize"_s,
         [] {
             auto dialog = std::make_unique<InitLockDialog>();
             dialog->showDatabase(DatabaseTarget::of(production()));
             dialog->findChild<QLineEdit *>(u"name"_s)->setText(u"reports.daily"_s);
             return std::unique_ptr<QDialog>(std::move(dialog));
         },
         u"initializeButton"_s},
        {u"create schema"_s,
         [] {
             return std::unique_ptr<QDialog>(
                 new SchemaDialog(u"PostgreSQL"_s, {u"CREATE TABLE t (x int)"_s}, true));
         },
         u"runButton"_s},
    };
}

// The keys someone typing on, or reaching for a menu, may press: every Alt+letter and
// Alt+digit, and (a message box's way) every plain letter.
QList<QPair<Qt::Key, Qt::KeyboardModifiers>> chords(bool plainLetters)
{
    QList<QPair<Qt::Key, Qt::KeyboardModifiers>> keys;
    for (int key = Qt::Key_A; key <= Qt::Key_Z; ++key) {
        keys.append({Qt::Key(key), Qt::AltModifier});
        if (plainLetters)
            keys.append({Qt::Key(key), Qt::NoModifier});
    }
    for (int key = Qt::Key_0; key <= Qt::Key_9; ++key)
        keys.append({Qt::Key(key), Qt::AltModifier});
    return keys;
}

bool confirmed(const QDialog &dialog)
{
    return dialog.result() == QDialog::Accepted;
}

} // namespace

class DialogSafetyTest : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(language::apply(u"en"_s)); }
    void cleanupTestCase() { language::apply(u"en"_s); }
    void mnemonicsAreStrippedFromAnyTranslation();
    void noChordConfirms_data();
    void noChordConfirms();
    void eachNamesTheDatabaseInItsColour();
    void forceReleaseShowsItsSql();
    void sqlQuotesNamesForEachDatabase();
    void sqlOfDeleteAndInitializeIncludeTheirEvent();
};

// The forms a translation may give a button: none of them leaves a mnemonic.
void DialogSafetyTest::mnemonicsAreStrippedFromAnyTranslation()
{
    QCOMPARE(withoutMnemonic(u"&Force release"_s), u"Force release"_s);
    QCOMPARE(withoutMnemonic(u"强制释放(&F)"_s), u"强制释放"_s);
    QCOMPARE(withoutMnemonic(u"强制释放 %n 个锁（&F）"_s), u"强制释放 %n 个锁"_s);
    QCOMPARE(withoutMnemonic(u"Save && run"_s), u"Save & run"_s);
    QCOMPARE(withoutMnemonic(u"Ter&minate"_s), u"Terminate"_s);
}

void DialogSafetyTest::noChordConfirms_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("index");
    for (const QString &code : {u"en"_s, u"zh_CN"_s}) {
        const QList<Case> all = cases();
        for (int i = 0; i < all.size(); ++i)
            QTest::newRow(qPrintable(code + u": "_s + all.at(i).what)) << code << i;
    }
}

// Issue 49: Alt+F confirmed a force release in one chord (in Chinese too, "强制释放(&F)").
// From the field the admin typed in, and from Cancel, no chord, letter or Enter confirms; then
// Tab to the confirm button and Space does, which shows the keys reach the dialog.
void DialogSafetyTest::noChordConfirms()
{
    QFETCH(QString, language);
    QFETCH(int, index);
    QVERIFY(language::apply(language));
    const Case c = cases().at(index);
    const std::unique_ptr<QDialog> dialog = c.make();
    auto *confirm = dialog->findChild<QPushButton *>(c.button);
    QVERIFY(confirm);
    QVERIFY2(confirm->isEnabled(), qPrintable(c.what));
    QVERIFY2(QKeySequence::mnemonic(confirm->text()).isEmpty(), qPrintable(confirm->text()));
    QVERIFY(!confirm->isDefault() && !confirm->autoDefault());
    dialog->show();
    dialog->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(dialog.get()));
    QVERIFY(!confirm->isDefault()); // (a button box makes its first accept button the default)

    // A mnemonic "clicks" its button 100 ms later (animateClick), but presses it at once.
    QSignalSpy pressed(confirm, &QPushButton::pressed);
    QWidget *typedIn = dialog->focusWidget();
    QVERIFY(typedIn && typedIn != confirm);
    QList<QWidget *> from{typedIn};
    for (QPushButton *button : dialog->findChildren<QPushButton *>())
        if (button != confirm && button->isVisible() && button->isEnabled()
            && button->objectName() != u"copySqlButton")
            from << button; // Cancel and the others
    for (QWidget *focus : from) {
        focus->setFocus();
        for (const auto &[key, modifiers] : chords(focus != typedIn)) {
            QTest::keyClick(focus, key, modifiers);
            QVERIFY2(!confirmed(*dialog) && pressed.isEmpty() && !confirm->isDown(),
                     qPrintable(u"%1 (%2): %3 confirmed from %4"_s.arg(
                         c.what, language,
                         QKeySequence(key | modifiers).toString(QKeySequence::PortableText),
                         QLatin1String(focus->metaObject()->className()))));
            if (!dialog->isVisible())
                QFAIL(qPrintable(c.what + u": closed by a key"_s));
        }
    }
    typedIn->setFocus();
    QTest::keyClick(typedIn, Qt::Key_Return);
    QVERIFY2(!confirmed(*dialog) && pressed.isEmpty(),
             qPrintable(c.what + u": Enter confirmed"_s));
    if (!dialog->isVisible()) { // closed by its default button (Create schema's Close)
        dialog->show();
        dialog->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dialog.get()));
    }

    for (int tabs = 0; tabs < 30 && dialog->focusWidget() != confirm; ++tabs)
        QTest::keyClick(dialog->focusWidget(), Qt::Key_Tab);
    QCOMPARE(dialog->focusWidget(), confirm);
    QVERIFY(!confirmed(*dialog));
    QTest::keyClick(confirm, Qt::Key_Space);
    QCOMPARE(pressed.size(), 1);
    QTRY_VERIFY2(confirmed(*dialog), qPrintable(c.what + u": Space on the button"_s));
}

// Issue 49: "Force release - stuck.d" did not say which database; with two windows open the
// admin could not tell. Title, row and band name it; the band has the production colour.
void DialogSafetyTest::eachNamesTheDatabaseInItsColour()
{
    QCOMPARE(DatabaseTarget::of(production()).name, Database);
    const QList<QPair<QString, QString>> titles{
        {u"force release"_s, u"Force release stuck.d on "_s + Database},
        {u"delete"_s, u"Delete lock stuck.d on "_s + Database},
        {u"terminate session"_s, u"Terminate session 4711 on "_s + Database},
        {u"initialize"_s, u"Initialize lock on "_s + Database},
    };
    const QList<Case> all = cases();
    for (const auto &[what, title] : titles) {
        const auto c = std::find_if(all.cbegin(), all.cend(),
                                    [&what = what](const Case &c) { return c.what == what; });
        QVERIFY(c != all.cend());
        const std::unique_ptr<QDialog> dialog = c->make();
        QCOMPARE(dialog->windowTitle(), title);
        auto *band = dialog->findChild<ConnectionBand *>();
        QVERIFY(band && !band->isHidden());
        QVERIFY2(band->text().contains(Database), qPrintable(band->text()));
        QVERIFY(band->text().startsWith(u"PRODUCTION"_s));
        QCOMPARE(band->text(), u"PRODUCTION \u2014 "_s + Database);
        QCOMPARE(band->palette().color(QPalette::Window),
                 connectionColourValue(ConnectionColour::Production));
        auto *row = dialog->findChild<QLabel *>(u"database"_s);
        QVERIFY(row);
        QCOMPARE(row->text(), Database);
    }
    // ("lock(s)": the source text, until the English plural forms have this title.)
    const std::unique_ptr<QDialog> many = all.at(2).make();
    QVERIFY2(many->windowTitle().startsWith(u"Force release 2 lock"_s)
                 && many->windowTitle().endsWith(u" on "_s + Database),
             qPrintable(many->windowTitle()));
}

// The SQL of a force release, as the dialog shows it: collapsed at first, the statements the
// dialect builds with the lock's name, the fence seen and the reason written in, copyable.
void DialogSafetyTest::forceReleaseShowsItsSql()
{
    const auto dialect = Dialect::create(Dialect::Kind::PostgreSQL);
    const TableNames tables = TableNames::fromTable(u"dist_lock"_s);
    const LockInfo seen = heldLock(u"o'brien.job"_s);
    ForceReleaseDialog dialog(seen, 5000);
    dialog.setSql([&](const QString &reason) {
        return lockcore::forceReleaseSql(*dialect, tables, seen.name, seen.fence,
                                         u"ann@desk (lockscope)"_s, reason);
    });
    auto *section = dialog.findChild<SqlSection *>();
    QVERIFY(section && !section->isExpanded());
    auto *text = section->findChild<QPlainTextEdit *>(u"sql"_s);
    QVERIFY(text && text->isReadOnly());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!text->isVisible());
    const int collapsedHeight = dialog.height();
    section->findChild<QToolButton *>(u"sqlToggle"_s)->click();
    QVERIFY(text->isVisible());
    QVERIFY(dialog.height() > collapsedHeight);

    dialog.findChild<QLineEdit *>(u"reason"_s)->setText(u"host's gone"_s);
    const QString sql = section->sql();
    QVERIFY2(sql.contains(u"'o''brien.job'"_s), qPrintable(sql));
    QVERIFY2(sql.contains(u"48213"_s), qPrintable(sql));
    QVERIFY2(sql.contains(u"'host''s gone (fence 48213 revoked)'"_s), qPrintable(sql));
    QVERIFY2(sql.contains(u"'ann@desk (lockscope)'"_s), qPrintable(sql));
    QVERIFY2(!sql.contains(u'?'), qPrintable(sql)); // every value written in
    // The very statements LockService sends, from the same builders.
    QVERIFY(sql.contains(
        lockcore::shownStatement(*dialect, dialect->forceRelease(tables, seen.name, 48213))));
    QVERIFY(sql.contains(lockcore::shownStatement(*dialect, dialect->notifyReleased(tables, seen.name))));

    QGuiApplication::clipboard()->clear();
    section->findChild<QPushButton *>(u"copySqlButton"_s)->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), sql);
}

// A name with a quote or a backslash reads as the same string on every database, whatever
// its settings (PostgreSQL's standard_conforming_strings, MySQL's NO_BACKSLASH_ESCAPES).
void DialogSafetyTest::sqlQuotesNamesForEachDatabase()
{
    const TableNames tables = TableNames::fromTable(u"dist_lock"_s);
    struct Expect
    {
        Dialect::Kind kind;
        QString quote;     // o'brien
        QString backslash; // a\b
    };
    const QList<Expect> expected{
        {Dialect::Kind::SQLite, u"'o''brien'"_s, u"'a\\b'"_s},
        {Dialect::Kind::PostgreSQL, u"'o''brien'"_s, u"E'a\\\\b'"_s},
        {Dialect::Kind::MySQL, u"'o''brien'"_s, u"_utf8mb4 X'615c62'"_s},
        {Dialect::Kind::Oracle, u"'o''brien'"_s, u"'a\\b'"_s},
    };
    for (const Expect &e : expected) {
        const auto dialect = Dialect::create(e.kind);
        const QString quoted = lockcore::forceReleaseSql(*dialect, tables, u"o'brien"_s, 7,
                                                          u"ann"_s, u"why"_s);
        QVERIFY2(quoted.contains(e.quote), qPrintable(quoted));
        QVERIFY2(!quoted.contains(u'?'), qPrintable(quoted));
        QCOMPARE(lockcore::shownLiteral(*dialect, u"a\\b"_s), e.backslash);
    }
    // An application's table (ShedLock): its own release, compared with the holder seen.
    const auto profile = lockcore::Profile::builtIn(u"shedlock"_s);
    QVERIFY(profile);
    const auto dialect = Dialect::create(Dialect::Kind::PostgreSQL);
    const QString shed = lockcore::profileForceReleaseSql(*dialect, *profile, u"shedlock"_s,
                                                          u"o'brien"_s, u"host-b"_s, 1000);
    QVERIFY2(shed.contains(u"'o''brien'"_s) && shed.contains(u"'host-b'"_s), qPrintable(shed));
    QVERIFY2(!shed.contains(u'?'), qPrintable(shed));
}

// A delete and an initialize show their change and the event that records it.
void DialogSafetyTest::sqlOfDeleteAndInitializeIncludeTheirEvent()
{
    const auto dialect = Dialect::create(Dialect::Kind::SQLite);
    const TableNames tables = TableNames::fromTable(u"dist_lock"_s);
    const QString removed = lockcore::deleteSql(*dialect, tables, heldLock(), u"ann"_s);
    QVERIFY2(removed.contains(lockcore::shownStatement(
                 *dialect, dialect->deleteLock(tables, u"stuck.d"_s, 48213))),
             qPrintable(removed));
    QVERIFY2(removed.contains(u"'delete'"_s) && removed.contains(u"dist_lock_event"_s),
             qPrintable(removed));
    const QString created =
        lockcore::initializeSql(*dialect, tables, u"reports.daily"_s, 45000, u"Daily"_s, u"ann"_s);
    QVERIFY2(created.contains(u"'init'"_s) && created.contains(u"45000"_s), qPrintable(created));
    QVERIFY2(!created.contains(u'?'), qPrintable(created));
}

QTEST_MAIN(DialogSafetyTest)
#include "tst_dialogsafety.moc"
