// SPDX-License-Identifier: GPL-3.0-or-later
// A random user at the window (issue 36): thousands of seeded inputs (keys including Del, Enter,
// letters and every lock shortcut; clicks on rows, headers, the filter and the state filter;
// filter text; dialogs confirmed or cancelled) on the offscreen platform, while lockctl
// processes change the same locks underneath (leases ending, holds released, takeovers,
// deletions, re-creations).
//
// The invariants: between inputs the table selects only locks the user deliberately chose there
// (clicked, or moved to with the keys); a force release or delete dialog opens only from the
// lock table, for locks among those; and every admin event the window wrote names a lock whose
// confirmed dialog showed it. A failure prints the seed and
// the inputs; LOCKSCOPE_RANDOM_SEED=<seed> replays the inputs (the churn's timing differs from
// run to run), LOCKSCOPE_RANDOM_STEPS sets their number.

#include "forcereleasedialog.h"
#include "forcereleasemanydialog.h"
#include "holderid.h"
#include "language.h"
#include "lockchurn.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "mainwindow.h"
#include "statefiltercombo.h"
#include "testacquiredialog.h"
#include "traynotifier.h"
#include "testbackend.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace lockcore;
using namespace ui;
using testsupport::TestBackend;

namespace {

const QStringList Names = {u"billing.invoices"_s, u"payments.settlement"_s, u"etl.sync"_s,
                           u"reports.daily"_s,    u"cache.warm"_s,          u"mail.digest"_s,
                           u"search.reindex"_s,   u"quota.reset"_s};

// A key the user may press, and what it is called in the log.
struct Key
{
    Qt::Key key;
    Qt::KeyboardModifiers modifiers;
    const char *name;
};

// The keys that act on the chosen lock, pressed as often as all the others together.
const Key WriteKeys[] = {
    {Qt::Key_Delete, Qt::NoModifier, "Del"},
    {Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+F"},
    {Qt::Key_E, Qt::ControlModifier, "Ctrl+E"},
    {Qt::Key_L, Qt::ControlModifier, "Ctrl+L"},
};

const Key Keys[] = {
    {Qt::Key_Delete, Qt::NoModifier, "Del"},
    {Qt::Key_Return, Qt::NoModifier, "Enter"},
    {Qt::Key_Escape, Qt::NoModifier, "Esc"},
    {Qt::Key_Space, Qt::NoModifier, "Space"},
    {Qt::Key_Up, Qt::NoModifier, "Up"},
    {Qt::Key_Down, Qt::NoModifier, "Down"},
    {Qt::Key_Down, Qt::ShiftModifier, "Shift+Down"},
    {Qt::Key_Up, Qt::ShiftModifier, "Shift+Up"},
    {Qt::Key_A, Qt::ControlModifier, "Ctrl+A"},
    {Qt::Key_Home, Qt::NoModifier, "Home"},
    {Qt::Key_End, Qt::NoModifier, "End"},
    {Qt::Key_Backspace, Qt::NoModifier, "Backspace"},
    {Qt::Key_Tab, Qt::NoModifier, "Tab"},
    {Qt::Key_Y, Qt::NoModifier, "y"},
    {Qt::Key_N, Qt::NoModifier, "n"},
    {Qt::Key_A, Qt::NoModifier, "a"},
    {Qt::Key_E, Qt::ControlModifier, "Ctrl+E"},
    {Qt::Key_L, Qt::ControlModifier, "Ctrl+L"},
    {Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+F"},
    {Qt::Key_T, Qt::ControlModifier, "Ctrl+T"},
    {Qt::Key_N, Qt::ControlModifier, "Ctrl+N"},
    {Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+D"},
    {Qt::Key_F, Qt::ControlModifier, "Ctrl+F"},
    {Qt::Key_C, Qt::ControlModifier, "Ctrl+C"},
    {Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+C"},
    {Qt::Key_F5, Qt::NoModifier, "F5"},
};

const QStringList FilterTexts = {QString(), u"b"_s, u"e"_s, u"sync"_s, u"churn"_s, u"."_s,
                                 u"r"_s};

QStringList sorted(QStringList names)
{
    names.sort();
    return names;
}

} // namespace

class RandomUserTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyAdminEventIsOnTheChosenLock();

private:
    void step();
    void clickRow();
    void pressKey();
    void pressWriteKeyInTable();
    static void activate(QWidget *window);
    static bool isConfirm(const QDialog *dialog, const QAbstractButton *button);
    static QString mnemonics(const QDialog *dialog);
    void typeFilter();
    void chooseState();
    void clickHeader();
    void clickTrayMessage();
    void checkSelection();
    void onDialog(QDialog *dialog);
    void answerWriteDialog(QDialog *dialog, const QString &kind, const QStringList &targets);
    void confirmOrCancel(QDialog *dialog, const QString &kind, const QStringList &targets);
    void driveDialog(QDialog *dialog, const QString &kind, const QStringList &targets);
    bool dialogInput(QDialog *dialog);
    QStringList shownSelection() const;
    void violation(const QString &what);
    void log(const QString &input) { m_inputs << input; }
    QString focusName() const;
    QStringList eventsWithoutAConfirmation();
    QString report() const;

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
    std::unique_ptr<MainWindow> m_window;
    QRandomGenerator m_random;
    quint32 m_seed = 0;
    QStringList m_inputs;
    QStringList m_violations;
    QStringList m_chosen;       // the locks the user deliberately chose on the table (sorted)
    bool m_keyFromTable = false; // the input being given was a key pressed in the table
    bool m_movedToConfirm = false; // the dialog being driven was confirmed on its button
    bool m_deliberate = false;     // the input being given is the user's move to confirm
    QHash<QString, int> m_confirmed; // "kind name" -> dialogs confirmed
    int m_dialogs = 0;
    int m_trayOpens = 0; // tray message clicks that opened a lock
};

void RandomUserTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"random"_s);
    auto service = LockService::create(*m_session, m_table);
    QVERIFY(service);
    m_locks.emplace(std::move(service).value());
    QVERIFY(m_locks->createSchema());
    for (const QString &name : Names)
        QVERIFY(m_locks->initialize(name, 30000, {}));
    QVERIFY(m_locks->acquire(u"etl.sync"_s, u"etl-worker-1"_s, 600000)->acquired);
    m_seed = qEnvironmentVariableIsSet("LOCKSCOPE_RANDOM_SEED")
                 ? quint32(qEnvironmentVariableIntValue("LOCKSCOPE_RANDOM_SEED"))
                 : QRandomGenerator::global()->generate();
    m_random.seed(m_seed);
    qInfo("random user: seed %u (replay: LOCKSCOPE_RANDOM_SEED=%u)", m_seed, m_seed);
}

void RandomUserTest::cleanupTestCase()
{
    m_window.reset();
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void RandomUserTest::everyAdminEventIsOnTheChosenLock()
{
    m_window = std::make_unique<MainWindow>();
    WindowConnection connection;
    connection.spec = TestBackend::instance().spec();
    connection.table = m_table;
    m_window->findChild<QSpinBox *>(u"interval"_s)->setValue(300);
    m_window->openConnection(connection);
    m_window->resize(1200, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    connect(m_window.get(), &MainWindow::dialogAboutToShow, this, &RandomUserTest::onDialog);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->view()->model()->rowCount() >= Names.size(), 10000);

    testsupport::LockChurn churn(m_table, Names, m_seed);
    churn.start();
    const int steps = qEnvironmentVariableIsSet("LOCKSCOPE_RANDOM_STEPS")
                          ? qEnvironmentVariableIntValue("LOCKSCOPE_RANDOM_STEPS")
                          : 600;
    for (int i = 0; i < steps && m_violations.isEmpty(); ++i) {
        step();
        checkSelection();
    }
    churn.stop();
    QTest::qWait(2000); // the last confirmed actions reach the database
    m_violations += eventsWithoutAConfirmation();
    int confirmed = 0;
    for (const int times : std::as_const(m_confirmed))
        confirmed += times;
    qInfo("random user: %d inputs, %d dialogs, %d force releases or deletes confirmed, %d tray "
          "messages that opened a lock, %d lockctl commands underneath",
          int(m_inputs.size()), m_dialogs, confirmed, m_trayOpens, churn.commandsRun());
    QVERIFY2(m_violations.isEmpty(), qPrintable(report()));
}

void RandomUserTest::step()
{
    m_keyFromTable = false;
    const quint32 kind = m_random.bounded(100);
    if (kind < 25) {
        clickRow();
        if (m_random.bounded(3) == 0) // and acts on it at once, as users mostly do
            pressWriteKeyInTable();
    }
    else if (kind < 62)
        pressKey();
    else if (kind < 70)
        typeFilter();
    else if (kind < 76)
        chooseState();
    else if (kind < 80)
        clickHeader();
    else if (kind < 84)
        clickTrayMessage();
    else {
        const int ms = 20 + int(m_random.bounded(200));
        log(u"wait %1 ms"_s.arg(ms));
        QTest::qWait(ms);
        return;
    }
    QTest::qWait(5); // what the input caused is painted and answered
}

void RandomUserTest::clickRow()
{
    QTableView *view = m_window->view();
    const int rows = view->model()->rowCount();
    if (rows == 0)
        return log(u"click on the empty table"_s);
    const int row = int(m_random.bounded(quint32(rows)));
    const QModelIndex cell = view->model()->index(row, 0);
    const QString name = cell.data().toString(); // what the user sees where they click
    log(u"click row %1 (%2)"_s.arg(row).arg(name));
    // QTest's clicks are not spontaneous, so they neither activate the window (after a dialog
    // closed) nor move the focus as a real click does.
    activate(m_window.get());
    view->setFocus(Qt::MouseFocusReason);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(cell).center());
    m_chosen = {name};
}

void RandomUserTest::pressKey()
{
    const Key &key = m_random.bounded(2) == 0
                         ? WriteKeys[m_random.bounded(quint32(std::size(WriteKeys)))]
                         : Keys[m_random.bounded(quint32(std::size(Keys)))];
    QWidget *focus = QApplication::focusWidget();
    if (!focus)
        focus = m_window.get();
    m_keyFromTable = focus == m_window->view();
    log(u"key %1 in %2"_s.arg(QLatin1String(key.name), focusName()));
    QTest::keyClick(focus, key.key, key.modifiers);
    // A key pressed in the table chooses what it selects (moving, extending, typing a name's
    // first letters): the user sees it happen. A key that acts does not choose.
    const bool acts = std::any_of(std::begin(WriteKeys), std::end(WriteKeys),
                                  [&key](const Key &write) {
                                      return write.key == key.key
                                             && write.modifiers == key.modifiers;
                                  });
    if (m_keyFromTable && !acts)
        m_chosen = shownSelection();
    m_keyFromTable = false;
}

// The letters after '&' in the dialog's buttons and labels, upper case.
QString RandomUserTest::mnemonics(const QDialog *dialog)
{
    QStringList texts;
    for (const QAbstractButton *button : dialog->findChildren<QAbstractButton *>())
        texts << button->text();
    for (const QLabel *label : dialog->findChildren<QLabel *>())
        texts << label->text();
    QString letters;
    for (const QString &text : std::as_const(texts))
        for (qsizetype at = text.indexOf(u'&'); at >= 0 && at + 1 < text.size();
             at = text.indexOf(u'&', at + 2))
            letters += text.at(at + 1).toUpper();
    return letters;
}

// As the user's click on it does (the offscreen platform activates nothing by itself).
void RandomUserTest::activate(QWidget *window)
{
    if (QApplication::activeWindow() == window)
        return;
    // activateWindow() is not enough for a modal dialog on the offscreen platform.
    QApplication::setActiveWindow(window);
}

void RandomUserTest::pressWriteKeyInTable()
{
    const Key &key = WriteKeys[m_random.bounded(quint32(std::size(WriteKeys)))];
    QTableView *view = m_window->view();
    if (QApplication::focusWidget() != view)
        return;
    m_keyFromTable = true;
    log(u"key %1 in %2"_s.arg(QLatin1String(key.name), focusName()));
    QTest::keyClick(view, key.key, key.modifiers);
    m_keyFromTable = false;
}

void RandomUserTest::typeFilter()
{
    auto *filter = m_window->findChild<QLineEdit *>(u"filter"_s);
    const QString text = FilterTexts.at(int(m_random.bounded(quint32(FilterTexts.size()))));
    log(u"click the filter, type \"%1\""_s.arg(text));
    QTest::mouseClick(filter, Qt::LeftButton);
    filter->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(filter, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(filter, Qt::Key_Backspace);
    QTest::keyClicks(filter, text);
}

// A state picked from the list (Held, where leases run out under the choice, half the time), or
// the next one with the keys.
void RandomUserTest::chooseState()
{
    auto *states = m_window->findChild<StateFilterCombo *>();
    states->setFocus(Qt::MouseFocusReason);
    const quint32 pick = m_random.bounded(4);
    if (pick < 2) {
        const int index = pick == 0 ? 1 : int(m_random.bounded(quint32(states->count())));
        log(u"state filter: pick \"%1\""_s.arg(states->itemText(index)));
        states->setCurrentIndex(index);
        return;
    }
    log(u"state filter: %1"_s.arg(pick == 2 ? u"Down"_s : u"Up"_s));
    QTest::keyClick(states, pick == 2 ? Qt::Key_Down : Qt::Key_Up);
}

void RandomUserTest::clickHeader()
{
    QHeaderView *header = m_window->view()->horizontalHeader();
    const int section = int(m_random.bounded(quint32(header->count())));
    if (header->isSectionHidden(section))
        return;
    log(u"click header %1"_s.arg(section));
    const QPoint at(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                    header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
}

// A click on the tray's message (the offscreen platform has no tray; the click is the one the
// message's messageClicked makes). It opens the lock the message shown now names, or the
// Problems filter, or nothing once it is gone: the lock it opens is the user's choice, and no
// other.
void RandomUserTest::clickTrayMessage()
{
    TrayNotifier *tray = TrayNotifier::instance();
    const BalloonQueue::Target target = tray->clickTarget();
    log(u"click the tray's message (about %1)"_s.arg(
        target.sources.isEmpty() ? u"nothing"_s
        : target.lock.isEmpty()  ? u"the Problems filter"_s
                                 : target.lock));
    tray->click();
    if (!target.sources.isEmpty() && !target.lock.isEmpty()) {
        m_chosen = {target.lock};
        ++m_trayOpens;
    }
    QTest::qWait(0);
}

QString RandomUserTest::focusName() const
{
    const QWidget *focus = QApplication::focusWidget();
    if (!focus)
        return u"(nothing)"_s;
    return focus->objectName().isEmpty() ? QString::fromLatin1(focus->metaObject()->className())
                                         : focus->objectName();
}

// Between inputs the table selects only locks the user chose (a chosen lock that left the view
// leaves the selection; no other takes its place).
void RandomUserTest::checkSelection()
{
    for (const QString &name : shownSelection())
        if (!m_chosen.contains(name))
            return violation(u"the table selects %1, which the user did not choose (chosen: %2)"_s
                                 .arg(name, m_chosen.join(u", "_s)));
}

QStringList RandomUserTest::shownSelection() const
{
    QStringList names;
    const QModelIndexList rows = m_window->view()->selectionModel()->selectedRows();
    for (const QModelIndex &row : rows)
        names << row.data().toString();
    return sorted(names);
}

// Every dialog is answered here, never shown: the write ones are checked against what the user
// chose, then confirmed or cancelled at random.
void RandomUserTest::onDialog(QDialog *dialog)
{
    ++m_dialogs;
    if (auto *force = qobject_cast<ForceReleaseDialog *>(dialog))
        return answerWriteDialog(dialog, u"force_release"_s, {force->seen().name});
    if (auto *many = qobject_cast<ForceReleaseManyDialog *>(dialog)) {
        QStringList names;
        for (const LockInfo &lock : many->seen())
            names << lock.name;
        return answerWriteDialog(dialog, u"force_release"_s, sorted(names));
    }
    if (dialog->objectName() == u"deleteLockBox")
        return answerWriteDialog(dialog, u"delete"_s, {dialog->property("lockName").toString()});
    if (auto *acquire = qobject_cast<TestAcquireDialog *>(dialog);
        acquire && m_random.bounded(4) == 0) {
        log(u"  test-acquire dialog: confirmed"_s);
        acquire->findChild<QLineEdit *>(u"ttl"_s)->setText(u"5s"_s);
        return acquire->accept();
    }
    log(u"  %1 \"%2\": cancelled"_s.arg(QLatin1String(dialog->metaObject()->className()),
                                        dialog->windowTitle()));
    dialog->done(-1);
}

// A write dialog: opened by a key pressed in the table, for locks among those the user chose
// (one that left the view since is dropped from the choice, never replaced).
void RandomUserTest::answerWriteDialog(QDialog *dialog, const QString &kind,
                                       const QStringList &targets)
{
    const QString shown = targets.join(u", "_s);
    const bool chosen = std::all_of(targets.cbegin(), targets.cend(), [this](const QString &t) {
        return m_chosen.contains(t);
    });
    if (!m_keyFromTable)
        violation(u"a %1 dialog for %2 opened from a key given to %3"_s.arg(kind, shown,
                                                                          focusName()));
    else if (targets.isEmpty() || !chosen)
        violation(u"a %1 dialog for %2 opened while the chosen locks were %3"_s.arg(
            kind, shown, m_chosen.join(u", "_s)));
    if (m_random.bounded(4) == 0)
        return confirmOrCancel(dialog, kind, targets);
    // Three in four the user answers with the keyboard and the mouse, shown (issue 49).
    QTimer::singleShot(0, dialog, [this, dialog, kind, targets] {
        driveDialog(dialog, kind, targets);
    });
}

void RandomUserTest::confirmOrCancel(QDialog *dialog, const QString &kind,
                                     const QStringList &targets)
{
    const QString shown = targets.join(u", "_s);
    if (m_random.bounded(2) == 0) {
        log(u"  %1 dialog for %2: cancelled"_s.arg(kind, shown));
        return dialog->done(-1);
    }
    log(u"  %1 dialog for %2: confirmed"_s.arg(kind, shown));
    for (const QString &target : targets)
        ++m_confirmed[kind + u' ' + target];
    if (auto *reason = dialog->findChild<QLineEdit *>(u"reason"_s)) // a delete asks none
        reason->setText(u"random user"_s);
    dialog->accept();
}

// Random keys and clicks in the shown dialog, Alt chords and letters among them: it may close
// only by Esc, Cancel, or its confirm button once the user moved to it (clicked it, or pressed
// Space or Enter on it). A dialog confirmed any other way is a violation; one still open after
// a dozen inputs is cancelled.
void RandomUserTest::driveDialog(QDialog *dialog, const QString &kind,
                                 const QStringList &targets)
{
    const QString shown = targets.join(u", "_s);
    log(u"  %1 dialog for %2: shown, driven"_s.arg(kind, shown));
    activate(dialog);
    m_movedToConfirm = false;
    // A mnemonic presses its button at once and clicks it 100 ms later: the press is caught.
    QObject pressWatch;
    for (QPushButton *button : dialog->findChildren<QPushButton *>())
        if (isConfirm(dialog, button))
            connect(button, &QPushButton::pressed, &pressWatch, [this, kind, shown] {
                if (!m_deliberate)
                    violation(u"the %1 dialog for %2: its confirm button was pressed by %3"_s
                                  .arg(kind, shown, m_inputs.last().trimmed()));
            });
    bool closed = false;
    for (int i = 0; i < 12 && !closed; ++i)
        closed = dialogInput(dialog);
    if (!closed) {
        log(u"  still open: cancelled"_s);
        dialog->done(-1);
    }
    const int result = dialog->result();
    const bool accepted = qobject_cast<QMessageBox *>(dialog) ? result == QMessageBox::Yes
                                                              : result == QDialog::Accepted;
    // Back to the window, as a desktop does when a dialog closes.
    QTimer::singleShot(0, m_window.get(), [this] { activate(m_window.get()); });
    log(u"  closed: %1"_s.arg(accepted ? u"confirmed"_s : u"not confirmed"_s));
    if (accepted && !m_movedToConfirm)
        violation(u"the %1 dialog for %2 was confirmed without the user moving to its confirm "
                  "button"_s.arg(kind, shown));
    if (accepted)
        for (const QString &target : targets)
            ++m_confirmed[kind + u' ' + target];
}

bool RandomUserTest::isConfirm(const QDialog *dialog, const QAbstractButton *button)
{
    auto *pressable = const_cast<QAbstractButton *>(button);
    if (auto *box = qobject_cast<const QMessageBox *>(dialog))
        return box->buttonRole(pressable) == QMessageBox::YesRole;
    auto *row = qobject_cast<QDialogButtonBox *>(button->parentWidget());
    return row && row->buttonRole(pressable) == QDialogButtonBox::AcceptRole;
}

// One input to the dialog; true when it closed. Moving to the confirm button is a click on
// it or Space or Enter while it has the focus (the user tabbed to it).
bool RandomUserTest::dialogInput(QDialog *dialog)
{
    QWidget *focus = QApplication::focusWidget();
    if (!focus || focus->window() != dialog)
        focus = dialog;
    const QList<QPushButton *> buttons = dialog->findChildren<QPushButton *>();
    const quint32 kind = m_random.bounded(100);
    if (kind < 55) {
        // Half of the time a letter a button's or a label's text marks with '&' (its
        // mnemonic), or else one of a button's letters: where an accelerator would be.
        int letter = int(m_random.bounded(36));
        QString texts = mnemonics(dialog);
        if (texts.isEmpty() || m_random.bounded(2) == 0)
            for (const QPushButton *button : buttons)
                texts += button->text().toUpper().remove(u'&');
        texts.remove(QRegularExpression(u"[^A-Z0-9]"_s));
        if (!texts.isEmpty() && m_random.bounded(2) == 0) {
            const QChar c = texts.at(int(m_random.bounded(quint32(texts.size()))));
            letter = c.isDigit() ? 26 + c.digitValue() : c.unicode() - u'A';
        }
        const auto key = Qt::Key(letter < 26 ? Qt::Key_A + letter : Qt::Key_0 + letter - 26);
        const bool alt = m_random.bounded(3) != 0;
        log(u"  %1%2 in %3"_s.arg(alt ? u"Alt+"_s : QString(),
                                  QChar(letter < 26 ? u'A' + letter : u'0' + letter - 26),
                                  focusName()));
        QTest::keyClick(focus, key, alt ? Qt::AltModifier : Qt::NoModifier);
    } else if (kind < 70) {
        log(u"  type \"why\" in %1"_s.arg(focusName()));
        QTest::keyClicks(focus, u"why"_s);
    } else if (kind < 84) {
        const bool back = m_random.bounded(3) == 0;
        log(u"  %1 in %2"_s.arg(back ? u"Shift+Tab"_s : u"Tab"_s, focusName()));
        QTest::keyClick(focus, Qt::Key_Tab, back ? Qt::ShiftModifier : Qt::NoModifier);
    } else if (kind < 94) {
        const bool space = m_random.bounded(2) == 0;
        const auto *button = qobject_cast<QAbstractButton *>(focus);
        m_deliberate = button && isConfirm(dialog, button) && button->isEnabled();
        m_movedToConfirm = m_movedToConfirm || m_deliberate;
        log(u"  %1 in %2"_s.arg(space ? u"Space"_s : u"Enter"_s, focusName()));
        QTest::keyClick(focus, space ? Qt::Key_Space : Qt::Key_Return);
        m_deliberate = false;
    } else if (kind < 98 && !buttons.isEmpty()) {
        QPushButton *button = buttons.at(int(m_random.bounded(quint32(buttons.size()))));
        if (!button->isVisible())
            return false;
        m_deliberate = isConfirm(dialog, button) && button->isEnabled();
        m_movedToConfirm = m_movedToConfirm || m_deliberate;
        log(u"  click \"%1\""_s.arg(button->text()));
        QTest::mouseClick(button, Qt::LeftButton);
        m_deliberate = false;
    } else {
        log(u"  Esc"_s);
        QTest::keyClick(focus, Qt::Key_Escape);
    }
    return !dialog->isVisible();
}

void RandomUserTest::violation(const QString &what)
{
    log(u"  VIOLATION: "_s + what);
    m_violations << what;
}

// Read from the event table: the window's force releases and deletes, each against a dialog
// that showed that lock and was confirmed.
QStringList RandomUserTest::eventsWithoutAConfirmation()
{
    QStringList problems;
    const QString windowActor = actorId(u"lockscope"_s);
    for (const QString &name : Names) {
        auto events = m_locks->history(name, 10000);
        if (!events) {
            problems << u"history of %1 unreadable: %2"_s.arg(name, events.error().message);
            continue;
        }
        QHash<QString, int> left = m_confirmed;
        for (const LockEvent &event : *events) {
            if (event.actor != windowActor
                || (event.kind != u"force_release" && event.kind != u"delete"))
                continue;
            if (--left[event.kind + u' ' + name] < 0)
                problems << u"event %1 on %2 (fence %3) with no confirmed dialog for it"_s.arg(
                    event.kind, name).arg(event.fence);
        }
    }
    return problems;
}

QString RandomUserTest::report() const
{
    const QString path = QDir::temp().filePath(u"lockscope-random-user-%1.log"_s.arg(m_seed));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Text))
        file.write(m_inputs.join(u'\n').toUtf8() + '\n');
    return u"seed %1 (replay: LOCKSCOPE_RANDOM_SEED=%1); %2\nthe last inputs:\n  %3\n"
           "every input: %4"_s.arg(m_seed)
        .arg(m_violations.join(u"; "_s), m_inputs.mid(qMax(0, int(m_inputs.size()) - 25))
                                             .join(u"\n  "_s),
             path);
}

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::language::apply(u"en"_s);
    TrayNotifier::assumeAvailable(); // the problems' messages queue as in a tray, for its clicks
    RandomUserTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_randomuser.moc"
