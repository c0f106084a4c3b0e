// SPDX-License-Identifier: GPL-3.0-or-later
// The connection dialog on the offscreen platform: URLs in and fields out for every driver,
// drivers Qt lacks, the connection test on its own thread (the dialog keeps running, late and
// superseded results are dropped), remembered passwords (never in the settings file; the
// system keychain degrades to asking each time), the lock table's kind (Lockscope's, an
// application profile, a custom column mapping), mnemonics and tab order.

#include "connectiondialog.h"
#include "connectiontester.h"
#include "custommappingform.h"
#include "driverinfo.h"
#include "language.h"
#include "lockservice.h"
#include "messagebar.h"
#include "passwordvault.h"
#include "profile.h"
#include "profilestore.h"
#include "session.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QElapsedTimer>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <atomic>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using Backend = ConnectionSpec::Backend;
using namespace ui;

namespace {

// Counts the ticks of a 10 ms timer and the longest gap between two: a frozen event loop
// shows up as a long gap.
class Heartbeat
{
public:
    Heartbeat()
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_maxGapMs = qMax(m_maxGapMs, now - m_last);
            m_last = now;
            ++m_ticks;
        });
        m_clock.start();
        m_timer.start();
    }
    int ticks() const { return m_ticks; }
    qint64 maxGapMs() const { return qMax(m_maxGapMs, m_clock.elapsed() - m_last); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_maxGapMs = 0;
    int m_ticks = 0;
};

ConnectionTestResult scripted(const QString &name)
{
    ConnectionTestResult result;
    result.connected = true;
    result.databaseName = name;
    result.lockTableFound = true;
    result.eventTableFound = true;
    return result;
}

} // namespace

class ConnectionDialogTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void colourChoicesAreShownWhole();

    void urlPasteFillsTheFields_data();
    void urlPasteFillsTheFields();
    void fieldsMakeTheSpec_data();
    void fieldsMakeTheSpec();
    void brokenUrlIsReportedInline();
    void readonlyInThePastedUrlTicksReadOnly();
    void accessorsGiveTheResult();
    void commandLineProfileFillsTheDialog();
    void typedUrlIsReadWhenCommitted_data();
    void typedUrlIsReadWhenCommitted();
    void pastedUrlIsReadAtOnce();
    void leavingTheWindowDoesNotCommitTheUrl();
    void brokenTypedUrlStopsConnect();
    void passwordIsForgottenForAnotherAccount_data();
    void passwordIsForgottenForAnotherAccount();
    void focusStartsInTheUrlField_data();
    void focusStartsInTheUrlField();
    void colourIsChosenAndSavedWithTheProfile();
    void databaseFieldIsKeptPerKindOfDriver();

    void driversFollowThisQt();
    void unavailableDriversAreDisabledWithInstallText();

    void testAgainstSqlite_data();
    void testAgainstSqlite();
    void testFailureIsInlineAndTheDialogKeepsRunning_data();
    void testFailureIsInlineAndTheDialogKeepsRunning();
    void slowTestKeepsTheEventLoopRunning();
    void supersededResultIsDropped();
    void stoppedTestResultIsIgnored();
    void testerDropsAllButTheLatest();
    void realServer_data();
    void realServer();

    void rememberedPasswordGoesToTheVaultNotTheFile();
    void uncheckingRememberForgetsThePassword();
    void systemKeychainDegradesToAskingEachTime();
    void invalidTableNameIsRefusedInline();
    void badHostListIsRefusedInline();

    void builtInProfileFillsTheTable_data();
    void builtInProfileFillsTheTable();
    void customMappingRoundTripThroughTheStore();
    void customStartsFromTheProfileChosenBefore();
    void badMappingShowsAnErrorAndDoesNotAccept_data();
    void badMappingShowsAnErrorAndDoesNotAccept();
    void commandLineLockProfileFillsTheDialog();
    void commandLineMappingFileIsSavedWholeAndReopens();
    void unknownSavedLockProfileIsReported();
    void testFindsAnApplicationTable_data();
    void testFindsAnApplicationTable();

    void mnemonicsAreUniqueAndLabelsHaveBuddies();
    void tabOrderFollowsTheForm();
    void screenshot();

private:
    std::unique_ptr<ConnectionDialog> makeDialog(PasswordVault *vault = nullptr);
    void paste(ConnectionDialog *dialog, const QString &url);
    MessageBar *message(ConnectionDialog *dialog);
    template<typename T>
    T *child(ConnectionDialog *dialog, const QString &name);
    static Backend backendOf(ConnectionDialog *dialog);
    static void choose(ConnectionDialog *dialog, Backend backend);
    static void chooseKind(ConnectionDialog *dialog, const QString &kind);
    static void type(QWidget *widget, const QString &text);
    QString createSqlite(bool withSchema);
    QString iniFile() const { return m_dir->filePath(u"settings.ini"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ProfileStore> m_store;
    std::unique_ptr<MemoryVault> m_vault;
    QSemaphore m_release; // lets a scripted probe finish
};

void ConnectionDialogTest::initTestCase()
{
    // The offscreen platform says this of every dialog shown; it is not about the dialog.
    static const QtMessageHandler previous = qInstallMessageHandler(
        [](QtMsgType type, const QMessageLogContext &context, const QString &message) {
            if (!message.contains(u"does not support propagateSizeHints"_s))
                previous(type, context, message);
        });
}

void ConnectionDialogTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<ProfileStore>(iniFile());
    m_vault = std::make_unique<MemoryVault>();
    m_release.acquire(m_release.available());
}

void ConnectionDialogTest::cleanup()
{
    m_release.release(10); // no scripted probe stays blocked
    QTest::qWait(50);
}

std::unique_ptr<ConnectionDialog> ConnectionDialogTest::makeDialog(PasswordVault *vault)
{
    auto dialog = std::make_unique<ConnectionDialog>(m_store.get(), vault ? vault : m_vault.get());
    dialog->show();
    dialog->activateWindow();
    if (!QTest::qWaitForWindowActive(dialog.get()))
        qWarning("the dialog did not become active");
    return dialog;
}

template<typename T>
T *ConnectionDialogTest::child(ConnectionDialog *dialog, const QString &name)
{
    T *found = dialog->findChild<T *>(name);
    if (!found)
        qFatal("no child %s", qPrintable(name));
    return found;
}

MessageBar *ConnectionDialogTest::message(ConnectionDialog *dialog)
{
    return child<MessageBar>(dialog, u"testResult"_s);
}

Backend ConnectionDialogTest::backendOf(ConnectionDialog *dialog)
{
    auto *combo = dialog->findChild<QComboBox *>(u"driverCombo"_s);
    return Backend(combo->currentData(Qt::UserRole).toInt());
}

void ConnectionDialogTest::choose(ConnectionDialog *dialog, Backend backend)
{
    auto *combo = dialog->findChild<QComboBox *>(u"driverCombo"_s);
    combo->setCurrentIndex(combo->findData(int(backend), Qt::UserRole));
}

// As the user picks an entry of the lock table's kind ("" Lockscope's, an id, "custom").
void ConnectionDialogTest::chooseKind(ConnectionDialog *dialog, const QString &kind)
{
    auto *combo = dialog->findChild<QComboBox *>(u"lockKindCombo"_s);
    const int index = kind.isEmpty() ? 0 : combo->findData(kind);
    if (index < 0)
        qFatal("no lock kind %s", qPrintable(kind));
    combo->setCurrentIndex(index);
}

void ConnectionDialogTest::type(QWidget *widget, const QString &text)
{
    widget->setFocus(); // as a user would: the field being typed in has the focus
    if (auto *edit = qobject_cast<QLineEdit *>(widget))
        edit->clear();
    QTest::keyClicks(widget, text);
}

void ConnectionDialogTest::paste(ConnectionDialog *dialog, const QString &url)
{
    auto *edit = child<QLineEdit>(dialog, u"urlEdit"_s);
    QApplication::clipboard()->setText(url);
    edit->setFocus();
    edit->selectAll();
    QTest::keySequence(edit, QKeySequence::Paste);
    QTest::keyClick(edit, Qt::Key_Tab); // editing finished
}

QString ConnectionDialogTest::createSqlite(bool withSchema)
{
    const QString path = m_dir->filePath(withSchema ? u"locks.sqlite"_s : u"empty.sqlite"_s);
    auto spec = ConnectionSpec::parse(u"sqlite:"_s + path);
    auto session = lockcore::Session::open(*spec);
    if (!session)
        qFatal("%s", qPrintable(session.error().message));
    if (withSchema) {
        auto service = lockcore::LockService::create(**session);
        if (lockcore::Status created = service->createSchema(); !created)
            qFatal("%s", qPrintable(created.error().message));
    } else {
        (*session)->runDdl(u"CREATE TABLE unrelated (x INTEGER)"_s);
    }
    return path;
}

void ConnectionDialogTest::urlPasteFillsTheFields_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("backend");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("database"); // or the SQLite path, or the DSN
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QStringList>("tls"); // field object name = value

    QTest::newRow("sqlite") << u"sqlite:/var/lib/lockscope/locks.sqlite"_s << int(Backend::SQLite)
                            << QString() << 0 << u"/var/lib/lockscope/locks.sqlite"_s
                            << QString() << QString() << QStringList();
    QTest::newRow("postgresql")
        << u"postgresql://ops:S3cr%40t@db.example.com:6432/locks?sslmode=verify-full"
           "&sslrootcert=/etc/ssl/root.crt"_s
        << int(Backend::PostgreSQL) << u"db.example.com"_s << 6432 << u"locks"_s << u"ops"_s
        << u"S3cr@t"_s
        << QStringList{u"sslModeCombo=verify-full"_s, u"tlsEdit_sslrootcert=/etc/ssl/root.crt"_s};
    // Several hosts: in the host field as the URL writes them; a port they share in the port
    // box.
    QTest::newRow("postgresql several hosts")
        << u"postgresql://ops:pw@db1:5432,db2:5433/locks?target_session_attrs=read-write"_s
        << int(Backend::PostgreSQL) << u"db1:5432,db2:5433"_s << 0 << u"locks"_s << u"ops"_s
        << u"pw"_s << QStringList();
    QTest::newRow("postgresql several hosts, shared port")
        << u"postgresql://ops@db1:6432,[::1]:6432/locks"_s << int(Backend::PostgreSQL)
        << u"db1,[::1]"_s << 6432 << u"locks"_s << u"ops"_s << QString() << QStringList();
    QTest::newRow("mysql") << u"mysql://app:pw@10.1.2.3/inventory?ssl_ca=/ca.pem&ssl_key=/k.pem"_s
                           << int(Backend::MySQL) << u"10.1.2.3"_s << 0 << u"inventory"_s
                           << u"app"_s << u"pw"_s
                           << QStringList{u"tlsEdit_ssl_ca=/ca.pem"_s, u"tlsEdit_ssl_key=/k.pem"_s,
                                          u"tlsEdit_ssl_cert="_s};
    QTest::newRow("mysql ssl-mode")
        << u"mysql://app@10.1.2.3/inventory?ssl-mode=VERIFY_IDENTITY&ssl_ca=/ca.pem"_s
        << int(Backend::MySQL) << u"10.1.2.3"_s << 0 << u"inventory"_s << u"app"_s << QString()
        << QStringList{u"mysqlSslModeCombo=verify-identity"_s, u"tlsEdit_ssl_ca=/ca.pem"_s};
    QTest::newRow("mariadb") << u"mariadb://app@maria:3307/db"_s << int(Backend::MySQL)
                             << u"maria"_s << 3307 << u"db"_s << u"app"_s << QString()
                             << QStringList();
    QTest::newRow("oracle") << u"oracle://scott:tiger@orahost:1522/ORCLPDB1"_s
                            << int(Backend::Oracle) << u"orahost"_s << 1522 << u"ORCLPDB1"_s
                            << u"scott"_s << u"tiger"_s << QStringList();
    QTest::newRow("odbc") << u"odbc://reader:pw@warehouse"_s << int(Backend::ODBC) << QString()
                          << 0 << u"warehouse"_s << u"reader"_s << u"pw"_s << QStringList();
}

// A pasted lockctl URL fills the fields of its driver; the URL shown afterwards is the
// redacted one and the password is in the (masked) password field only.
void ConnectionDialogTest::urlPasteFillsTheFields()
{
    QFETCH(QString, url);
    QFETCH(int, backend);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, database);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(QStringList, tls);

    auto dialog = makeDialog();
    // All drivers count as installed, so that the Oracle case runs here too.
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s, u"QOCI"_s, u"QODBC"_s});
    paste(dialog.get(), url);

    QCOMPARE(int(backendOf(dialog.get())), backend);
    const bool server = Backend(backend) != Backend::SQLite;
    const bool hasHost = server && Backend(backend) != Backend::ODBC;
    QCOMPARE(child<QLineEdit>(dialog.get(), u"hostEdit"_s)->isVisible(), hasHost);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"passwordEdit"_s)->isVisible(), server);
    QCOMPARE(child<QPushButton>(dialog.get(), u"browseButton"_s)->isVisible(), !server);
    if (hasHost) {
        QCOMPARE(child<QLineEdit>(dialog.get(), u"hostEdit"_s)->text(), host);
        QCOMPARE(child<QSpinBox>(dialog.get(), u"portSpin"_s)->value(), port);
    }
    QCOMPARE(child<QLineEdit>(dialog.get(), u"databaseEdit"_s)->text(), database);
    if (server) {
        QCOMPARE(child<QLineEdit>(dialog.get(), u"userEdit"_s)->text(), user);
        auto *passwordEdit = child<QLineEdit>(dialog.get(), u"passwordEdit"_s);
        QCOMPARE(passwordEdit->text(), password);
        QCOMPARE(passwordEdit->echoMode(), QLineEdit::Password);
    }
    for (const QString &item : std::as_const(tls)) {
        const QString name = item.section(u'=', 0, 0);
        const QString value = item.section(u'=', 1);
        if (name.endsWith(u"ModeCombo"_s))
            QCOMPARE(child<QComboBox>(dialog.get(), name)->currentData().toString(), value);
        else
            QCOMPARE(child<QLineEdit>(dialog.get(), name)->text(), value);
        QCOMPARE(child<QWidget>(dialog.get(), name)->isVisible(), true);
    }

    const QString shown = child<QLineEdit>(dialog.get(), u"urlEdit"_s)->text();
    if (!password.isEmpty())
        QVERIFY2(!shown.contains(password), qPrintable(shown));
    const auto expected = ConnectionSpec::parse(url);
    QVERIFY(expected.ok());
    QVERIFY2(shown.startsWith(expected->redacted()), qPrintable(shown));
    const ConnectionSpec spec = dialog->spec();
    QCOMPARE(spec.redacted(), expected->redacted());
    QCOMPARE(spec.options, expected->options);
    QCOMPARE(spec.password, expected->password);
}

void ConnectionDialogTest::fieldsMakeTheSpec_data()
{
    QTest::addColumn<int>("backend");
    QTest::addColumn<QStringList>("fields"); // object name = typed text
    QTest::addColumn<QString>("expectedUrl");

    QTest::newRow("sqlite") << int(Backend::SQLite)
                            << QStringList{u"databaseEdit=/srv/locks 1.sqlite"_s}
                            << u"sqlite:/srv/locks 1.sqlite"_s;
    QTest::newRow("postgresql")
        << int(Backend::PostgreSQL)
        << QStringList{u"hostEdit=pg.internal"_s, u"portSpin=5433"_s, u"databaseEdit=locks"_s,
                       u"userEdit=admin"_s, u"passwordEdit=p@ss:w/rd"_s,
                       u"sslModeCombo=verify-ca"_s, u"tlsEdit_sslrootcert=/etc/root.crt"_s}
        << u"postgresql://admin:p%40ss%3Aw%2Frd@pg.internal:5433/locks?sslmode=verify-ca"
           "&sslrootcert=/etc/root.crt"_s;
    QTest::newRow("mysql")
        << int(Backend::MySQL)
        << QStringList{u"hostEdit=my.internal"_s, u"databaseEdit=app"_s, u"userEdit=root"_s,
                       u"passwordEdit=pw"_s, u"tlsEdit_ssl_ca=/ca.pem"_s,
                       u"tlsEdit_ssl_cert=/cert.pem"_s, u"tlsEdit_ssl_key=/key.pem"_s}
        << u"mysql://root:pw@my.internal/app?ssl_ca=/ca.pem&ssl_cert=/cert.pem"
           "&ssl_key=/key.pem"_s;
    QTest::newRow("mysql ssl-mode")
        << int(Backend::MySQL)
        << QStringList{u"hostEdit=my.internal"_s, u"databaseEdit=app"_s, u"userEdit=root"_s,
                       u"mysqlSslModeCombo=required"_s}
        << u"mysql://root@my.internal/app?ssl-mode=required"_s;
    // Several PostgreSQL hosts in the host field: each with its own port, or the port box's.
    QTest::newRow("postgresql several hosts")
        << int(Backend::PostgreSQL)
        << QStringList{u"hostEdit=db1:5432, db2:5433"_s, u"databaseEdit=orders"_s,
                       u"userEdit=ops"_s}
        << u"postgresql://ops@db1:5432,db2:5433/orders"_s;
    QTest::newRow("postgresql several hosts, one port")
        << int(Backend::PostgreSQL)
        << QStringList{u"hostEdit=db1,db2,db3:7432"_s, u"portSpin=6432"_s,
                       u"databaseEdit=orders"_s, u"userEdit=ops"_s}
        << u"postgresql://ops@db1:6432,db2:6432,db3:7432/orders"_s;
    QTest::newRow("oracle") << int(Backend::Oracle)
                            << QStringList{u"hostEdit=ora"_s, u"databaseEdit=XEPDB1"_s,
                                           u"userEdit=scott"_s, u"passwordEdit=tiger"_s}
                            << u"oracle://scott:tiger@ora/XEPDB1"_s;
    QTest::newRow("odbc") << int(Backend::ODBC)
                          << QStringList{u"databaseEdit=warehouse"_s, u"userEdit=reader"_s}
                          << u"odbc://reader@warehouse"_s;
}

// Fields typed for each driver give the same ConnectionSpec as the equivalent URL, and the
// URL field follows them (redacted).
void ConnectionDialogTest::fieldsMakeTheSpec()
{
    QFETCH(int, backend);
    QFETCH(QStringList, fields);
    QFETCH(QString, expectedUrl);

    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s, u"QOCI"_s, u"QODBC"_s});
    choose(dialog.get(), Backend(backend));
    for (const QString &field : std::as_const(fields)) {
        const QString name = field.section(u'=', 0, 0);
        const QString value = field.section(u'=', 1);
        auto *tlsToggle = child<QToolButton>(dialog.get(), u"tlsToggle"_s);
        const bool tlsField = name.startsWith(u"tls"_s) || name.startsWith(u"ssl"_s)
                              || name.startsWith(u"mysqlSsl"_s);
        if (tlsField && !tlsToggle->isChecked())
            QTest::mouseClick(tlsToggle, Qt::LeftButton);
        QVERIFY2(child<QWidget>(dialog.get(), name)->isVisible(), qPrintable(name));
        child<QWidget>(dialog.get(), name)->setFocus();
        if (name.endsWith(u"ModeCombo"_s)) {
            auto *combo = child<QComboBox>(dialog.get(), name);
            combo->setCurrentIndex(combo->findData(value));
        } else if (name == u"portSpin") {
            auto *spin = child<QSpinBox>(dialog.get(), name);
            spin->selectAll();
            QTest::keyClicks(spin, value);
        } else {
            type(child<QWidget>(dialog.get(), name), value);
        }
    }
    const auto expected = ConnectionSpec::parse(expectedUrl);
    QVERIFY2(expected.ok(), qPrintable(expected.ok() ? QString() : expected.error().message));
    const ConnectionSpec spec = dialog->spec();
    QCOMPARE(int(spec.backend), int(expected->backend));
    QCOMPARE(spec.path, expected->path);
    QCOMPARE(spec.host, expected->host);
    QCOMPARE(spec.port, expected->port);
    QCOMPARE(spec.otherHosts, expected->otherHosts);
    QCOMPARE(spec.database, expected->database);
    QCOMPARE(spec.user, expected->user);
    QCOMPARE(spec.password, expected->password);
    QCOMPARE(spec.options, expected->options);
    QVERIFY(dialog->profile().validate().ok());
    QCOMPARE(child<QLineEdit>(dialog.get(), u"urlEdit"_s)->text(),
             dialog->profile().displayUrl());
}

// A URL that does not parse is explained inline when editing finishes; the fields stay.
void ConnectionDialogTest::brokenUrlIsReportedInline()
{
    auto dialog = makeDialog();
    paste(dialog.get(), u"postgresql://u@h/d"_s);
    paste(dialog.get(), u"postgresql://u@h:99999/d"_s);
    QVERIFY(message(dialog.get())->isVisible());
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(u"port"_s),
             qPrintable(message(dialog.get())->text()));
    QCOMPARE(child<QLineEdit>(dialog.get(), u"hostEdit"_s)->text(), u"h"_s);
}

// "readonly=1" in a pasted URL ticks Read-only (which lockcore then enforces).
void ConnectionDialogTest::readonlyInThePastedUrlTicksReadOnly()
{
    auto dialog = makeDialog();
    QVERIFY(!dialog->readOnly());
    paste(dialog.get(), u"postgresql://u@h/d"_s);
    QVERIFY(!dialog->readOnly());
    paste(dialog.get(), u"postgresql://u@h/d?readonly=1"_s);
    QVERIFY(dialog->readOnly());
    QVERIFY(dialog->profile().readOnly);
}

// The accessors return what the dialog shows: spec, table, read-only flag, name, timeout.
void ConnectionDialogTest::accessorsGiveTheResult()
{
    auto dialog = makeDialog();
    paste(dialog.get(), u"mysql://u:pw@h:3310/d"_s);
    type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"app.locks"_s);
    child<QCheckBox>(dialog.get(), u"readOnlyCheck"_s)->setChecked(true);
    type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"Inventory"_s);
    child<QSpinBox>(dialog.get(), u"timeoutSpin"_s)->setValue(12);
    QVERIFY(dialog->notifyProblems()); // on by default
    QVERIFY(dialog->profile().notifyProblems);
    child<QCheckBox>(dialog.get(), u"notifyProblemsCheck"_s)->setChecked(false);
    QCOMPARE(dialog->spec().redacted(), u"mysql://u@h:3310/d"_s);
    QCOMPARE(dialog->spec().password, u"pw"_s);
    QCOMPARE(dialog->table(), u"app.locks"_s);
    QVERIFY(dialog->readOnly());
    QCOMPARE(dialog->profileName(), u"Inventory"_s);
    QCOMPARE(dialog->connectTimeoutS(), 12);
    const ConnectionProfile profile = dialog->profile();
    QCOMPARE(profile.table, u"app.locks"_s);
    QCOMPARE(profile.name, u"Inventory"_s);
    QVERIFY(!profile.notifyProblems);
}

// A profile from lockscope's --db command line shows in the dialog as given.
void ConnectionDialogTest::commandLineProfileFillsTheDialog()
{
    auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--db=postgresql://ops@db/locks?sslmode=require"_s,
         u"--table"_s, u"ops_locks"_s, u"--read-only"_s},
        QProcessEnvironment());
    QVERIFY(profile.ok());
    auto dialog = makeDialog();
    dialog->setProfile(*profile);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"urlEdit"_s)->text(),
             u"postgresql://ops@db/locks?sslmode=require"_s);
    QCOMPARE(child<QComboBox>(dialog.get(), u"sslModeCombo"_s)->currentData().toString(),
             u"require"_s);
    QCOMPARE(dialog->table(), u"ops_locks"_s);
    QVERIFY(dialog->readOnly());
    QCOMPARE(dialog->spec().redacted(), profile->spec.redacted());
    QCOMPARE(dialog->spec().options, profile->spec.options);
}

void ConnectionDialogTest::typedUrlIsReadWhenCommitted_data()
{
    QTest::addColumn<QString>("commit");
    QTest::newRow("Tab") << u"tab"_s;
    QTest::newRow("Return") << u"return"_s;
    QTest::newRow("Alt+C (Connect; the focus stays)") << u"connect"_s;
}

// A URL typed key by key stays as typed ("mysql://gw:gwpass@1" parses too, and was read and
// rewritten under the typing hand): the fields read it when it is committed, by the focus
// leaving the field, by Return (which also connects) or by Connect's shortcut.
void ConnectionDialogTest::typedUrlIsReadWhenCommitted()
{
    QFETCH(QString, commit);
    const QString typed = u"mysql://gw:gwpass@127.0.0.1:53306/guiwalk"_s;
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s});
    auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
    auto *host = child<QLineEdit>(dialog.get(), u"hostEdit"_s);
    const Backend backendBefore = backendOf(dialog.get());
    const QString hostBefore = host->text();

    type(url, typed);
    QCOMPARE(url->text(), typed);
    QCOMPARE(int(backendOf(dialog.get())), int(backendBefore)); // nothing read yet
    QCOMPARE(host->text(), hostBefore);

    if (commit == u"tab")
        QTest::keyClick(url, Qt::Key_Tab);
    else if (commit == u"return")
        QTest::keyClick(url, Qt::Key_Return);
    else
        QTest::keyClick(url, Qt::Key_C, Qt::AltModifier); // clicks Connect in 100 ms
    const bool connects = commit != u"tab";
    if (connects)
        QTRY_COMPARE(dialog->result(), int(QDialog::Accepted));
    QCOMPARE(int(backendOf(dialog.get())), int(Backend::MySQL));
    QCOMPARE(host->text(), u"127.0.0.1"_s);
    QCOMPARE(child<QSpinBox>(dialog.get(), u"portSpin"_s)->value(), 53306);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"userEdit"_s)->text(), u"gw"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"passwordEdit"_s)->text(), u"gwpass"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"databaseEdit"_s)->text(), u"guiwalk"_s);
    QCOMPARE(url->text(), u"mysql://gw@127.0.0.1:53306/guiwalk"_s); // the password moved
    QCOMPARE(dialog->result(), connects ? int(QDialog::Accepted) : int(QDialog::Rejected));
    QCOMPARE(dialog->spec().password, u"gwpass"_s);
}

// A paste is a whole URL: the fields follow it at once, before the field is left, and its
// password leaves the screen. What is typed after it is read when committed.
void ConnectionDialogTest::pastedUrlIsReadAtOnce()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s});
    auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
    auto *database = child<QLineEdit>(dialog.get(), u"databaseEdit"_s);
    auto *password = child<QLineEdit>(dialog.get(), u"passwordEdit"_s);
    QApplication::clipboard()->setText(u"postgresql://ops:S3cret@pg.internal:6432/locks"_s);
    url->setFocus();
    url->selectAll();
    QTest::keySequence(url, QKeySequence::Paste);
    QVERIFY(url->hasFocus());
    QCOMPARE(int(backendOf(dialog.get())), int(Backend::PostgreSQL));
    QCOMPARE(child<QLineEdit>(dialog.get(), u"hostEdit"_s)->text(), u"pg.internal"_s);
    QCOMPARE(child<QSpinBox>(dialog.get(), u"portSpin"_s)->value(), 6432);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"userEdit"_s)->text(), u"ops"_s);
    QCOMPARE(password->text(), u"S3cret"_s);
    QCOMPARE(database->text(), u"locks"_s);
    QCOMPARE(url->text(), u"postgresql://ops@pg.internal:6432/locks"_s);

    QTest::keyClick(url, Qt::Key_End);
    QTest::keyClicks(url, u"_2"_s);
    QCOMPARE(url->text(), u"postgresql://ops@pg.internal:6432/locks_2"_s);
    QCOMPARE(database->text(), u"locks"_s);
    QTest::keyClick(url, Qt::Key_Tab);
    QCOMPARE(database->text(), u"locks_2"_s);
    QCOMPARE(password->text(), u"S3cret"_s); // the same account
}

// Going to another window (for the rest of the URL, say) does not commit the URL half typed:
// the field keeps its text and the fields stay until the user is done.
void ConnectionDialogTest::leavingTheWindowDoesNotCommitTheUrl()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s});
    auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
    auto *host = child<QLineEdit>(dialog.get(), u"hostEdit"_s);
    const QString hostBefore = host->text();
    type(url, u"mysql://gw@1"_s);

    QWidget other;
    other.show();
    QApplication::setActiveWindow(&other);
    QVERIFY(QTest::qWaitForWindowActive(&other));
    QCOMPARE(url->text(), u"mysql://gw@1"_s);
    QCOMPARE(host->text(), hostBefore);
    QVERIFY(!message(dialog.get())->isVisible());

    QApplication::setActiveWindow(dialog.get());
    QVERIFY(QTest::qWaitForWindowActive(dialog.get()));
    QVERIFY(url->hasFocus());
    QTest::keyClick(url, Qt::Key_End);
    QTest::keyClicks(url, u"27.0.0.1/guiwalk"_s);
    QTest::keyClick(url, Qt::Key_Tab);
    QCOMPARE(host->text(), u"127.0.0.1"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"databaseEdit"_s)->text(), u"guiwalk"_s);
}

// Connect reads the URL being typed; one that does not parse is explained and nothing
// connects (not the last URL that parsed on the way there, port 9999).
void ConnectionDialogTest::brokenTypedUrlStopsConnect()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s});
    auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
    type(url, u"postgresql://u@h:99999/d"_s);
    QTest::keyClick(url, Qt::Key_Return);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Rejected));
    QVERIFY(message(dialog.get())->isVisible());
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(u"port"_s),
             qPrintable(message(dialog.get())->text()));
    QCOMPARE(url->text(), u"postgresql://u@h:99999/d"_s); // kept, to be corrected
}

void ConnectionDialogTest::passwordIsForgottenForAnotherAccount_data()
{
    QTest::addColumn<QString>("change"); // paste, url (typed, Tab), driver, or a field's name
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("password"); // after the change

    const QString kept = u"mariapw"_s;
    QTest::newRow("pasted PostgreSQL URL")
        << u"paste"_s << u"postgresql://ops@pg.internal/locks"_s << QString();
    QTest::newRow("pasted URL, another driver only")
        << u"paste"_s << u"postgresql://app@maria/db"_s << QString();
    QTest::newRow("pasted URL, another host") << u"paste"_s << u"mysql://app@other/db"_s
                                             << QString();
    QTest::newRow("pasted URL, another user") << u"paste"_s << u"mysql://root@maria/db"_s
                                             << QString();
    QTest::newRow("pasted URL with its password")
        << u"paste"_s << u"postgresql://ops:pgpw@pg.internal/locks"_s << u"pgpw"_s;
    // A password typed before (perhaps the wrong one) is not kept under a pasted URL that has
    // none: the URL says all there is to say, and Test must not answer "wrong password".
    QTest::newRow("pasted URL without a password, the same account")
        << u"paste"_s << u"mariadb://app@MARIA:3307/other"_s << QString();
    QTest::newRow("typed URL, another host") << u"url"_s << u"mysql://app@other/db"_s
                                            << QString();
    QTest::newRow("typed URL, the same account") << u"url"_s << u"mysql://app@maria/other"_s
                                                << kept;
    QTest::newRow("driver chosen") << u"driver"_s << QString() << QString();
    QTest::newRow("host typed") << u"hostEdit"_s << u"other"_s << QString();
    QTest::newRow("user typed") << u"userEdit"_s << u"root"_s << QString();
    QTest::newRow("database typed") << u"databaseEdit"_s << u"other"_s << kept;
}

// A password is for one account: when the driver, host or user changes (in the fields, or by
// a URL typed), it is emptied, unless the new URL brings its own. It is not sent to another
// server. A pasted URL is the whole connection: without a password it empties the field.
void ConnectionDialogTest::passwordIsForgottenForAnotherAccount()
{
    QFETCH(QString, change);
    QFETCH(QString, value);
    QFETCH(QString, password);

    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s});
    choose(dialog.get(), Backend::MySQL);
    type(child<QLineEdit>(dialog.get(), u"hostEdit"_s), u"maria"_s);
    type(child<QLineEdit>(dialog.get(), u"databaseEdit"_s), u"db"_s);
    type(child<QLineEdit>(dialog.get(), u"userEdit"_s), u"app"_s);
    type(child<QLineEdit>(dialog.get(), u"passwordEdit"_s), u"mariapw"_s);
    QCOMPARE(dialog->spec().redacted(), u"mysql://app@maria/db"_s);
    QCOMPARE(dialog->spec().password, u"mariapw"_s);

    if (change == u"paste") {
        paste(dialog.get(), value);
    } else if (change == u"url") {
        auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
        type(url, value);
        QTest::keyClick(url, Qt::Key_Tab);
    } else if (change == u"driver") {
        choose(dialog.get(), Backend::PostgreSQL);
    } else {
        type(child<QLineEdit>(dialog.get(), change), value);
    }
    QCOMPARE(child<QLineEdit>(dialog.get(), u"passwordEdit"_s)->text(), password);
    QCOMPARE(dialog->spec().password, password);
}

// Issue 49: the database field holds a file for SQLite and a database name for a server. The
// demo file switched to PostgreSQL made "postgresql:///tmp/.../demo.sqlite"; each kind now
// shows what was typed for it (a name for one server is one for another).
void ConnectionDialogTest::databaseFieldIsKeptPerKindOfDriver()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s});
    paste(dialog.get(), u"sqlite:/tmp/demo.sqlite"_s);
    auto *database = child<QLineEdit>(dialog.get(), u"databaseEdit"_s);
    auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
    QCOMPARE(database->text(), u"/tmp/demo.sqlite"_s);
    choose(dialog.get(), Backend::PostgreSQL);
    QCOMPARE(database->text(), QString());
    QVERIFY2(!url->text().contains(u"demo"_s), qPrintable(url->text()));
    type(database, u"locks"_s);
    choose(dialog.get(), Backend::MySQL);
    QCOMPARE(database->text(), u"locks"_s);
    choose(dialog.get(), Backend::SQLite);
    QCOMPARE(database->text(), u"/tmp/demo.sqlite"_s);
    QCOMPARE(dialog->spec().path, u"/tmp/demo.sqlite"_s);
    choose(dialog.get(), Backend::PostgreSQL);
    QCOMPARE(database->text(), u"locks"_s);
    QCOMPARE(dialog->spec().database, u"locks"_s);
}

void ConnectionDialogTest::focusStartsInTheUrlField_data()
{
    QTest::addColumn<bool>("lastUsedSaved");
    QTest::addColumn<bool>("startFromConnection"); // as File > New window and File > Connect do
    QTest::newRow("no profile yet") << false << false;
    QTest::newRow("the last profile, a server") << true << false;
    QTest::newRow("New window: from this window's connection") << true << true;
}

// The dialog opens with the focus in the URL field, whatever it starts from: a URL pasted at
// once lands there, never in the password field.
void ConnectionDialogTest::focusStartsInTheUrlField()
{
    QFETCH(bool, lastUsedSaved);
    QFETCH(bool, startFromConnection);
    ConnectionProfile saved;
    saved.name = u"maria"_s;
    saved.spec = *ConnectionSpec::parse(u"mysql://app@maria/db"_s);
    if (lastUsedSaved) {
        m_store->save(saved);
        m_store->setLastUsed(saved.name);
    }
    auto dialog = std::make_unique<ConnectionDialog>(m_store.get(), m_vault.get());
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s});
    if (startFromConnection)
        dialog->setProfile(saved);
    dialog->show();
    dialog->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(dialog.get()));
    auto *url = child<QLineEdit>(dialog.get(), u"urlEdit"_s);
    QVERIFY2(url->hasFocus(), QApplication::focusWidget()
                                  ? qPrintable(QApplication::focusWidget()->objectName())
                                  : "no focus");
}

// A profile's colour (none by default) is chosen in the dialog, saved with the profile and
// shown again when it is loaded.
void ConnectionDialogTest::colourIsChosenAndSavedWithTheProfile()
{
    auto dialog = makeDialog();
    QCOMPARE(dialog->profile().colour, ConnectionColour::None);
    paste(dialog.get(), u"postgresql://ops@db1/orders"_s);
    auto *combo = child<QComboBox>(dialog.get(), u"colourCombo"_s);
    QCOMPARE(combo->count(), 4);
    combo->setCurrentIndex(combo->findData(u"production"_s));
    QCOMPARE(dialog->profile().colour, ConnectionColour::Production);
    type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"orders-prod"_s);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"saveButton"_s), Qt::LeftButton);
    ProfileStore reread(iniFile());
    const auto saved = reread.load(u"orders-prod"_s);
    QVERIFY(saved);
    QCOMPARE(saved->colour, ConnectionColour::Production);
    auto other = makeDialog();
    other->setProfile(*saved);
    QCOMPARE(child<QComboBox>(other.get(), u"colourCombo"_s)->currentData().toString(),
             u"production"_s);
}

// Issue 49: "Developm... (green)": the colour list is as wide as its longest choice, in each
// language, also after the language changed while the dialog was open.
void ConnectionDialogTest::colourChoicesAreShownWhole()
{
    auto restore = qScopeGuard([] { language::apply(u"en"_s); });
    QVERIFY(language::apply(u"zh_CN"_s));
    auto dialog = makeDialog();
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
    for (const QString &code : {u"en"_s, u"zh_CN"_s}) {
        QVERIFY(language::apply(code));
        QTest::qWait(0); // the posted LanguageChange
        auto *combo = child<QComboBox>(dialog.get(), u"colourCombo"_s);
        for (int index = 0; index < combo->count(); ++index) {
            combo->setCurrentIndex(index);
            QStyleOptionComboBox option;
            option.initFrom(combo);
            option.currentText = combo->currentText();
            option.currentIcon = combo->itemIcon(index);
            option.iconSize = combo->iconSize();
            const QRect field = combo->style()->subControlRect(
                QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
            const int needed = combo->fontMetrics().horizontalAdvance(combo->currentText())
                               + combo->iconSize().width() + 4;
            QVERIFY2(field.width() >= needed,
                     qPrintable(u"%1: \"%2\" needs %3 px, has %4"_s.arg(code, combo->currentText())
                                    .arg(needed)
                                    .arg(field.width())));
        }
    }
}

// By default the driver list is what this Qt has: a product is enabled exactly when
// QSqlDatabase has its driver.
void ConnectionDialogTest::driversFollowThisQt()
{
    auto dialog = makeDialog();
    QCOMPARE(dialog->availableDrivers(), QSqlDatabase::drivers());
    auto *combo = child<QComboBox>(dialog.get(), u"driverCombo"_s);
    auto *model = qobject_cast<QStandardItemModel *>(combo->model());
    QVERIFY(model);
    QCOMPARE(model->rowCount(), DriverInfo::all().size());
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto backend = Backend(model->item(row)->data(Qt::UserRole).toInt());
        const DriverInfo &info = DriverInfo::of(backend);
        QCOMPARE(model->item(row)->isEnabled(), QSqlDatabase::isDriverAvailable(info.qtDriver));
    }
}

// Drivers Qt lacks are listed but disabled, with what to install (or build, for Oracle); a
// URL for one of them offers neither Test nor Connect and says what is missing.
void ConnectionDialogTest::unavailableDriversAreDisabledWithInstallText()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s});
    auto *combo = child<QComboBox>(dialog.get(), u"driverCombo"_s);
    auto *model = qobject_cast<QStandardItemModel *>(combo->model());
    for (int row = 0; row < model->rowCount(); ++row) {
        const Backend backend = Backend(model->item(row)->data(Qt::UserRole).toInt());
        QCOMPARE(model->item(row)->isEnabled(), backend == Backend::SQLite);
        if (backend != Backend::SQLite)
            QCOMPARE(model->item(row)->toolTip(), DriverInfo::of(backend).installHint());
    }
    auto *note = child<QLabel>(dialog.get(), u"driverNote"_s);
    QVERIFY(note->isVisible());
    for (const char *needle : {"libqt6sql6-psql", "libqt6sql6-mysql", "libqt6sql6-odbc",
                               "QOCI", "Oracle Instant Client"})
        QVERIFY2(note->text().contains(QLatin1StringView(needle)), needle);
    QVERIFY(!note->text().contains(u"libqt6sql6-sqlite"_s));

    paste(dialog.get(), u"postgresql://u@h/d"_s);
    QCOMPARE(int(backendOf(dialog.get())), int(Backend::PostgreSQL));
    QVERIFY(!child<QPushButton>(dialog.get(), u"connectButton"_s)->isEnabled());
    QVERIFY(!child<QPushButton>(dialog.get(), u"testButton"_s)->isEnabled());
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Warning);
    QVERIFY(message(dialog.get())->text().contains(u"libqt6sql6-psql"_s));
    dialog->accept();
    QVERIFY(dialog->isVisible()); // not accepted

    paste(dialog.get(), u"sqlite:/tmp/x.sqlite"_s);
    QVERIFY(child<QPushButton>(dialog.get(), u"connectButton"_s)->isEnabled());
}

void ConnectionDialogTest::testAgainstSqlite_data()
{
    QTest::addColumn<QString>("file"); // schema, empty, missing
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("says");
    QTest::newRow("schema") << u"schema"_s << int(MessageBar::Kind::Success)
                            << u"Lock table dist_lock found."_s;
    QTest::newRow("no schema") << u"empty"_s << int(MessageBar::Kind::Warning)
                               << u"Lock table dist_lock not found"_s;
    QTest::newRow("new file") << u"missing"_s << int(MessageBar::Kind::Warning)
                              << u"does not exist yet"_s;
}

// Test against a SQLite file: connected, and whether the lock table is there; a file that
// does not exist yet is reported and not created by the test.
void ConnectionDialogTest::testAgainstSqlite()
{
    QFETCH(QString, file);
    QFETCH(int, kind);
    QFETCH(QString, says);
    const QString path = file == u"missing" ? m_dir->filePath(u"new.sqlite"_s)
                                            : createSqlite(file == u"schema");
    auto dialog = makeDialog();
    paste(dialog.get(), u"sqlite:"_s + path);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"testButton"_s), Qt::LeftButton);
    QTRY_VERIFY(!dialog->tester()->isRunning());
    QVERIFY2(message(dialog.get())->text().contains(says),
             qPrintable(message(dialog.get())->text()));
    QCOMPARE(int(message(dialog.get())->kind()), kind);
    if (file == u"schema")
        QVERIFY2(message(dialog.get())->text().startsWith(u"Connected: SQLite"_s),
                 qPrintable(message(dialog.get())->text()));
    QCOMPARE(QFileInfo::exists(path), file != u"missing");
    QVERIFY(!child<QProgressBar>(dialog.get(), u"busyIndicator"_s)->isVisible());
}

void ConnectionDialogTest::testFailureIsInlineAndTheDialogKeepsRunning_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("says");
    QTest::newRow("bad path") << u"sqlite:/nonexistent-dir-%1/locks.sqlite"_s
                              << u"does not exist"_s;
    QTest::newRow("refused") << u"postgresql://x@127.0.0.1:1/db"_s << u"Could not connect"_s;
}

// A failing test shows lockcore's message inline, not in a modal box, while the dialog's event
// loop keeps running (a 10 ms timer is never held up).
void ConnectionDialogTest::testFailureIsInlineAndTheDialogKeepsRunning()
{
    QFETCH(QString, url);
    QFETCH(QString, says);
    if (url.contains(u"%1"_s))
        url = url.arg(QCoreApplication::applicationPid());
    auto dialog = makeDialog();
    if (!dialog->availableDrivers().contains(ConnectionSpec::parse(url)->qtDriverName()))
        QSKIP("the Qt SQL driver is not installed");
    paste(dialog.get(), url);
    Heartbeat heartbeat;
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"testButton"_s), Qt::LeftButton);
    QTRY_COMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(says),
             qPrintable(message(dialog.get())->text()));
    QVERIFY(message(dialog.get())->isVisible());
    QVERIFY(dialog->isVisible());
    QCOMPARE(QApplication::activeModalWidget(), nullptr);
    QVERIFY(child<QPushButton>(dialog.get(), u"testButton"_s)->isEnabled());
    QTest::qWait(50);
    QVERIFY(heartbeat.ticks() > 0);
    QVERIFY2(heartbeat.maxGapMs() < 250, qPrintable(QString::number(heartbeat.maxGapMs())));
}

// While a test hangs (a probe blocked on the test's thread), the busy indicator shows and the
// event loop runs: the timer keeps ticking, and the result shows when the probe returns.
void ConnectionDialogTest::slowTestKeepsTheEventLoopRunning()
{
    auto dialog = makeDialog();
    dialog->tester()->setProbe([this](const ConnectionProfile &) {
        m_release.tryAcquire(1, 10000);
        return scripted(u"Scripted"_s);
    });
    paste(dialog.get(), u"sqlite:/tmp/whatever.sqlite"_s);
    auto *testButton = child<QPushButton>(dialog.get(), u"testButton"_s);
    const QString idleText = testButton->text();
    Heartbeat heartbeat;
    QTest::mouseClick(testButton, Qt::LeftButton);
    QVERIFY(dialog->tester()->isRunning());
    QVERIFY(child<QProgressBar>(dialog.get(), u"busyIndicator"_s)->isVisible());
    QVERIFY(testButton->text() != idleText); // now it stops the test

    QTest::qWait(500);
    QVERIFY2(heartbeat.ticks() >= 20, qPrintable(QString::number(heartbeat.ticks())));
    QVERIFY2(heartbeat.maxGapMs() < 250, qPrintable(QString::number(heartbeat.maxGapMs())));
    QVERIFY(dialog->tester()->isRunning());

    m_release.release();
    QTRY_VERIFY(!dialog->tester()->isRunning());
    QVERIFY(message(dialog.get())->text().startsWith(u"Connected: Scripted"_s));
    QVERIFY(!child<QProgressBar>(dialog.get(), u"busyIndicator"_s)->isVisible());
    QCOMPARE(testButton->text(), idleText);
}

// Changing a field during a test supersedes it: the next test's result shows and the first
// one's late result is dropped.
void ConnectionDialogTest::supersededResultIsDropped()
{
    auto dialog = makeDialog();
    // (Decided by the profile, not by call order: the two threads may start in any order.)
    dialog->tester()->setProbe([this](const ConnectionProfile &profile) {
        if (profile.spec.path == u"/tmp/a.sqlite") {
            m_release.tryAcquire(1, 10000);
            return scripted(u"First "_s + profile.spec.path);
        }
        return scripted(u"Second "_s + profile.spec.path);
    });
    QSignalSpy dropped(dialog->tester(), &ConnectionTester::dropped);
    QSignalSpy finished(dialog->tester(), &ConnectionTester::finished);
    paste(dialog.get(), u"sqlite:/tmp/a.sqlite"_s);
    auto *testButton = child<QPushButton>(dialog.get(), u"testButton"_s);
    QTest::mouseClick(testButton, Qt::LeftButton);
    QVERIFY(dialog->tester()->isRunning());

    type(child<QLineEdit>(dialog.get(), u"databaseEdit"_s), u"/tmp/b.sqlite"_s);
    QVERIFY(!dialog->tester()->isRunning());
    QTest::mouseClick(testButton, Qt::LeftButton);
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY2(message(dialog.get())->text().startsWith(u"Connected: Second /tmp/b.sqlite"_s),
             qPrintable(message(dialog.get())->text()));

    m_release.release();
    QTRY_COMPARE(dropped.size(), 1);
    QTest::qWait(50);
    QCOMPARE(finished.size(), 1);
    QVERIFY(message(dialog.get())->text().contains(u"Second"_s));
    QVERIFY(!message(dialog.get())->text().contains(u"First"_s));
}

// "Stop test" returns the dialog to idle at once; the stopped test's result is ignored.
void ConnectionDialogTest::stoppedTestResultIsIgnored()
{
    auto dialog = makeDialog();
    dialog->tester()->setProbe([this](const ConnectionProfile &) {
        m_release.tryAcquire(1, 10000);
        return scripted(u"Late"_s);
    });
    QSignalSpy dropped(dialog->tester(), &ConnectionTester::dropped);
    paste(dialog.get(), u"sqlite:/tmp/a.sqlite"_s);
    auto *testButton = child<QPushButton>(dialog.get(), u"testButton"_s);
    QTest::mouseClick(testButton, Qt::LeftButton);
    QVERIFY(dialog->tester()->isRunning());
    QTest::mouseClick(testButton, Qt::LeftButton); // Stop
    QVERIFY(!dialog->tester()->isRunning());
    QVERIFY(!child<QProgressBar>(dialog.get(), u"busyIndicator"_s)->isVisible());
    const QString stopped = message(dialog.get())->text();
    m_release.release();
    QTRY_COMPARE(dropped.size(), 1);
    QCOMPARE(message(dialog.get())->text(), stopped);
    QVERIFY(!stopped.contains(u"Late"_s));
}

// The tester runs each test on a thread of its own and delivers only the newest test's
// result, whatever order the threads end in.
void ConnectionDialogTest::testerDropsAllButTheLatest()
{
    ConnectionTester tester;
    auto onGuiThread = std::make_shared<std::atomic_bool>(false);
    QThread *gui = QThread::currentThread();
    tester.setProbe([this, onGuiThread, gui](const ConnectionProfile &profile) {
        if (QThread::currentThread() == gui)
            *onGuiThread = true;
        if (profile.name == u"slow")
            m_release.tryAcquire(1, 10000);
        return scripted(profile.name);
    });
    QSignalSpy finished(&tester, &ConnectionTester::finished);
    QSignalSpy dropped(&tester, &ConnectionTester::dropped);
    ConnectionProfile slow;
    slow.name = u"slow"_s;
    ConnectionProfile fast;
    fast.name = u"fast"_s;
    const quint64 first = tester.start(slow);
    const quint64 second = tester.start(fast);
    QVERIFY(second > first);
    QTRY_COMPARE(finished.size(), 1);
    auto result = finished.at(0).at(0).value<ConnectionTestResult>();
    QCOMPARE(result.databaseName, u"fast"_s);
    QCOMPARE(result.generation, second);
    QVERIFY(!tester.isRunning());
    m_release.release();
    QTRY_COMPARE(dropped.size(), 1);
    QCOMPARE(dropped.at(0).at(0).toULongLong(), first);
    QCOMPARE(finished.size(), 1);
    QVERIFY(!*onGuiThread); // each test ran on a thread of its own
}

void ConnectionDialogTest::realServer_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("product");
    QTest::newRow("postgresql") << u"LOCKSCOPE_TEST_POSTGRESQL_URL"_s << u"PostgreSQL"_s;
    QTest::newRow("mariadb") << u"LOCKSCOPE_TEST_MARIADB_URL"_s << u"MySQL / MariaDB"_s;
}

// With a server configured (eval "$(scripts/dev-servers env)"), Test connects to it for real.
void ConnectionDialogTest::realServer()
{
    QFETCH(QString, variable);
    QFETCH(QString, product);
    const QString url = qEnvironmentVariable(variable.toLatin1().constData());
    if (url.isEmpty())
        QSKIP(qPrintable(variable + u" is not set"_s));
    auto dialog = makeDialog();
    if (!dialog->availableDrivers().contains(ConnectionSpec::parse(url)->qtDriverName()))
        QSKIP("the Qt SQL driver is not installed");
    paste(dialog.get(), url);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"testButton"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->tester()->isRunning(), 20000);
    const QString text = message(dialog.get())->text();
    qInfo("%s", qPrintable(text));
    QVERIFY2(text.startsWith(u"Connected: "_s + product), qPrintable(text));
    QVERIFY2(text.contains(u"dist_lock"_s), qPrintable(text));
}

// With a keychain, "remember" puts the password there, never in the settings file, and the
// next dialog fills it in from there (asynchronously) for the saved profile.
void ConnectionDialogTest::rememberedPasswordGoesToTheVaultNotTheFile()
{
    const QString password = u"v3ry-s3cret-pw"_s;
    {
        auto dialog = makeDialog();
        paste(dialog.get(), u"postgresql://ops@db.internal/locks"_s);
        type(child<QLineEdit>(dialog.get(), u"passwordEdit"_s), password);
        auto *remember = child<QCheckBox>(dialog.get(), u"rememberCheck"_s);
        QVERIFY(remember->isEnabled());
        remember->setChecked(true);
        type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"ops"_s);
        QTest::mouseClick(child<QPushButton>(dialog.get(), u"connectButton"_s), Qt::LeftButton);
        QCOMPARE(dialog->result(), int(QDialog::Accepted));
        QCOMPARE(dialog->spec().password, password);
    }
    QTRY_COMPARE(m_vault->passwords().value(u"ops"_s), password);
    QFile file(iniFile());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY2(contents.contains("db.internal"), contents.constData());
    QVERIFY(!contents.contains(password.toUtf8()));
    QVERIFY(!contents.contains("s3cret"));

    auto again = makeDialog();
    QCOMPARE(child<QComboBox>(again.get(), u"profileCombo"_s)->currentText(), u"ops"_s);
    QCOMPARE(again->spec().host, u"db.internal"_s);
    QVERIFY(child<QCheckBox>(again.get(), u"rememberCheck"_s)->isChecked());
    QTRY_COMPARE(child<QLineEdit>(again.get(), u"passwordEdit"_s)->text(), password);
}

// Saving with "remember" unchecked removes a password remembered before.
void ConnectionDialogTest::uncheckingRememberForgetsThePassword()
{
    ConnectionProfile profile = *ConnectionProfile::fromUrl(u"mysql://u@h/d"_s);
    profile.name = u"inv"_s;
    profile.rememberPassword = true;
    m_store->save(profile);
    m_store->setLastUsed(u"inv"_s);
    m_vault->writePassword(u"inv"_s, u"old"_s);
    QTRY_VERIFY(m_vault->passwords().contains(u"inv"_s));

    auto dialog = makeDialog();
    QTRY_COMPARE(child<QLineEdit>(dialog.get(), u"passwordEdit"_s)->text(), u"old"_s);
    child<QCheckBox>(dialog.get(), u"rememberCheck"_s)->setChecked(false);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"saveButton"_s), Qt::LeftButton);
    QTRY_VERIFY(!m_vault->passwords().contains(u"inv"_s));
    QCOMPARE(m_store->load(u"inv"_s)->rememberPassword, false);
}

// Here there is no Secret Service: the system keychain reports itself unavailable, "remember"
// is disabled with the reason shown, and connecting still works (the password is asked for
// each time, and not stored anywhere).
void ConnectionDialogTest::systemKeychainDegradesToAskingEachTime()
{
    PasswordVault *system = PasswordVault::system();
    QVERIFY(system);
    QTRY_VERIFY_WITH_TIMEOUT(system->state() != PasswordVault::State::Checking, 15000);
    if (system->state() == PasswordVault::State::Available)
        QSKIP("a system keychain answers here");
    QVERIFY(!system->unavailableReason().isEmpty());

    auto dialog = makeDialog(system);
    paste(dialog.get(), u"postgresql://ops@db/locks"_s);
    auto *remember = child<QCheckBox>(dialog.get(), u"rememberCheck"_s);
    QVERIFY(!remember->isEnabled());
    QVERIFY(!remember->isChecked());
    auto *note = child<QLabel>(dialog.get(), u"keychainNote"_s);
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(system->unavailableReason()), qPrintable(note->text()));
    QVERIFY(note->text().contains(u"asked for each time"_s));
    QCOMPARE(remember->toolTip(), note->text());

    remember->setChecked(true); // even if forced, nothing is remembered
    QVERIFY(!dialog->profile().rememberPassword);
    type(child<QLineEdit>(dialog.get(), u"passwordEdit"_s), u"pw-not-kept"_s);
    type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"nokeychain"_s);
    dialog->accept();
    QCOMPARE(dialog->result(), int(QDialog::Accepted));
    QCOMPARE(m_store->load(u"nokeychain"_s)->rememberPassword, false);
    QFile file(iniFile());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains("pw-not-kept"));
}

// An invalid lock table name keeps the dialog open with lockcore's explanation inline.
void ConnectionDialogTest::invalidTableNameIsRefusedInline()
{
    auto dialog = makeDialog();
    paste(dialog.get(), u"sqlite:/tmp/x.sqlite"_s);
    type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"locks; DROP TABLE x"_s);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"connectButton"_s), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Rejected));
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(u"not a valid table name"_s),
             qPrintable(message(dialog.get())->text()));
    QVERIFY(m_store->names().isEmpty());
}

// A host list with a mistake in it stops Connect with what is wrong, and the field keeps it.
void ConnectionDialogTest::badHostListIsRefusedInline()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s});
    paste(dialog.get(), u"postgresql://ops@db1/orders"_s);
    auto *host = child<QLineEdit>(dialog.get(), u"hostEdit"_s);
    type(host, u"db1:,db2"_s);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"connectButton"_s), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Rejected));
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(u"\"db1:\" ends in ':' without a port"_s),
             qPrintable(message(dialog.get())->text()));
    QCOMPARE(host->text(), u"db1:,db2"_s);
}

void ConnectionDialogTest::builtInProfileFillsTheTable_data()
{
    QTest::addColumn<QString>("id");
    for (const QString &id : lockcore::Profile::builtInIds())
        QTest::newRow(qPrintable(id)) << id;
}

// Choosing an application profile fills the table field with its usual table (still
// editable), says what the profile is, and profile() carries it; going back to Lockscope's
// table restores dist_lock and an empty lockProfile.
void ConnectionDialogTest::builtInProfileFillsTheTable()
{
    QFETCH(QString, id);
    const auto builtIn = lockcore::Profile::builtIn(id);
    QVERIFY(builtIn);
    auto dialog = makeDialog();
    paste(dialog.get(), u"sqlite:/tmp/app.sqlite"_s);
    QCOMPARE(dialog->lockKind(), QString());
    QVERIFY(dialog->profile().lockProfile.isEmpty());

    chooseKind(dialog.get(), id);
    QCOMPARE(dialog->lockKind(), id);
    QCOMPARE(dialog->table(), builtIn->defaultTable);
    auto *note = child<QLabel>(dialog.get(), u"lockKindNote"_s);
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().startsWith(id + u": "_s + builtIn->defaultTable + u" ("_s),
             qPrintable(note->text()));
    auto *combo = child<QComboBox>(dialog.get(), u"lockKindCombo"_s);
    QVERIFY(!combo->currentText().isEmpty());
    QCOMPARE(combo->currentData(Qt::ToolTipRole).toString(), note->text());
    QVERIFY(!child<CustomMappingForm>(dialog.get(), u"customMappingForm"_s)->isVisible());
    ConnectionProfile profile = dialog->profile();
    QCOMPARE(profile.lockProfile, builtIn->toMap());
    QCOMPARE(profile.table, builtIn->defaultTable);
    const lockcore::Status valid = profile.validate();
    QVERIFY2(valid.ok(), valid.ok() ? "" : qPrintable(valid.error().message));

    type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"app.my_locks"_s); // editable
    profile = dialog->profile();
    QCOMPARE(profile.table, u"app.my_locks"_s);
    QCOMPARE(profile.lockProfile, builtIn->toMap());

    // The application's session time zone travels in the profile; a bad one is refused.
    auto *zone = child<QLineEdit>(dialog.get(), u"appTimeZoneEdit"_s);
    QVERIFY(zone->isVisible());
    type(zone, u"Asia/Shanghai"_s);
    profile = dialog->profile();
    QCOMPARE(profile.lockProfile.value(u"session_time_zone"_s).toString(), u"Asia/Shanghai"_s);
    QVERIFY(profile.validate().ok());
    type(zone, u"UTC'; DROP TABLE x"_s);
    QVERIFY(!dialog->profile().validate().ok());
    type(zone, QString());
    QVERIFY(!dialog->profile().lockProfile.contains(u"session_time_zone"_s));

    chooseKind(dialog.get(), QString());
    QCOMPARE(dialog->table(), ConnectionProfile::defaultTable());
    QVERIFY(dialog->profile().lockProfile.isEmpty());
    QVERIFY(!zone->isVisible());
    QVERIFY(note->text().contains(u"dist_lock_event"_s));
}

// A custom mapping typed into the form is saved with the profile, read back by the store,
// and shown again by the next dialog exactly as typed.
void ConnectionDialogTest::customMappingRoundTripThroughTheStore()
{
    QVariantMap expected;
    {
        auto dialog = makeDialog();
        paste(dialog.get(), u"postgresql://ops@db/app"_s);
        chooseKind(dialog.get(), u"custom"_s);
        auto *form = child<CustomMappingForm>(dialog.get(), u"customMappingForm"_s);
        QVERIFY(form->isVisible());
        QVERIFY(dialog->table().isEmpty()); // not dist_lock: the user names the table
        type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"ops.job_lock"_s);
        type(child<QLineEdit>(dialog.get(), u"nameColumnEdit"_s), u"job_name"_s);
        type(child<QLineEdit>(dialog.get(), u"holderColumnEdit"_s), u"owner"_s);
        type(child<QLineEdit>(dialog.get(), u"expiresColumnEdit"_s), u"valid_until"_s);
        type(child<QLineEdit>(dialog.get(), u"lockedAtColumnEdit"_s), u"taken_at"_s);
        auto *time = child<QComboBox>(dialog.get(), u"timeZoneCombo"_s);
        time->setCurrentIndex(time->findData(u"local"_s));
        QVERIFY2(form->problem().isEmpty(), qPrintable(form->problem()));
        QVERIFY(!child<QLabel>(dialog.get(), u"mappingProblem"_s)->isVisible());
        type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"Jobs"_s);
        QTest::mouseClick(child<QPushButton>(dialog.get(), u"connectButton"_s), Qt::LeftButton);
        QVERIFY2(!dialog->isVisible(), qPrintable(message(dialog.get())->text()));
        QCOMPARE(dialog->result(), int(QDialog::Accepted));
        const ConnectionProfile accepted = dialog->profile();
        QCOMPARE(accepted.table, u"ops.job_lock"_s);
        const auto profile = lockcore::Profile::fromMap(accepted.lockProfile);
        QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
        QCOMPARE(profile->id, u"custom"_s);
        QCOMPARE(profile->defaultTable, u"ops.job_lock"_s);
        QCOMPARE(profile->columns.name, u"job_name"_s);
        QCOMPARE(profile->columns.holder, u"owner"_s);
        QCOMPARE(profile->columns.expires, u"valid_until"_s);
        QCOMPARE(profile->columns.lockedAt, u"taken_at"_s);
        QVERIFY(profile->columns.status.isEmpty());
        QCOMPARE(profile->time, lockcore::Profile::Time::Local);
        QCOMPARE(profile->release, lockcore::Profile::Release::Delete);
        expected = accepted.lockProfile;
    }
    m_store = std::make_unique<ProfileStore>(iniFile()); // read back from the file
    const auto loaded = m_store->load(u"Jobs"_s);
    QVERIFY(loaded);
    QCOMPARE(loaded->lockProfile, expected);
    QCOMPARE(loaded->table, u"ops.job_lock"_s);

    auto dialog = makeDialog(); // opens on the profile used last
    QCOMPARE(dialog->lockKind(), u"custom"_s);
    QVERIFY(child<CustomMappingForm>(dialog.get(), u"customMappingForm"_s)->isVisible());
    QCOMPARE(child<QLineEdit>(dialog.get(), u"nameColumnEdit"_s)->text(), u"job_name"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"expiresColumnEdit"_s)->text(), u"valid_until"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"statusColumnEdit"_s)->text(), QString());
    QCOMPARE(child<QComboBox>(dialog.get(), u"timeZoneCombo"_s)->currentData().toString(),
             u"local"_s);
    QCOMPARE(dialog->table(), u"ops.job_lock"_s);
    QCOMPARE(dialog->profile().lockProfile, expected);
}

// "Custom mapping" after an application profile starts from that profile's columns.
void ConnectionDialogTest::customStartsFromTheProfileChosenBefore()
{
    auto dialog = makeDialog();
    paste(dialog.get(), u"sqlite:/tmp/app.sqlite"_s);
    chooseKind(dialog.get(), u"seed-000"_s);
    chooseKind(dialog.get(), u"custom"_s);
    QCOMPARE(dialog->table(), u"TBL_PESSIMISTIC_LOCK"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"nameColumnEdit"_s)->text(), u"LOCK_NAME"_s);
    QCOMPARE(child<QLineEdit>(dialog.get(), u"statusColumnEdit"_s)->text(), u"LOCK_STATUS"_s);
    const auto profile = lockcore::Profile::fromMap(dialog->profile().lockProfile);
    QVERIFY(profile.ok());
    QCOMPARE(profile->id, u"custom"_s);
    QCOMPARE(profile->release, lockcore::Profile::Release::ClearStatus);
    QCOMPARE(profile->time, lockcore::Profile::Time::Local);
}

void ConnectionDialogTest::badMappingShowsAnErrorAndDoesNotAccept_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("says");
    QTest::newRow("no name column") << u"nameColumnEdit"_s << QString() << u"no lock name"_s;
    QTest::newRow("quote") << u"nameColumnEdit"_s << u"lock\"name"_s
                           << u"not a valid column name"_s;
    QTest::newRow("injection") << u"holderColumnEdit"_s << u"owner; DROP TABLE x"_s
                               << u"not a valid column name"_s;
    QTest::newRow("too long") << u"expiresColumnEdit"_s << QString(65, u'e')
                              << u"at most 64 characters"_s;
    QTest::newRow("two roles") << u"expiresColumnEdit"_s << u"job_name"_s << u"two roles"_s;
    QTest::newRow("no table") << u"tableEdit"_s << QString() << u"lock table"_s;
}

// A mapping Profile::custom() refuses is explained under the fields as it is typed, and
// Connect then keeps the dialog open with the same explanation and saves nothing.
void ConnectionDialogTest::badMappingShowsAnErrorAndDoesNotAccept()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, says);
    auto dialog = makeDialog();
    paste(dialog.get(), u"sqlite:/tmp/app.sqlite"_s);
    chooseKind(dialog.get(), u"custom"_s);
    type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"job_lock"_s);
    type(child<QLineEdit>(dialog.get(), u"nameColumnEdit"_s), u"job_name"_s);
    QVERIFY(dialog->profile().validate().ok());
    type(child<QLineEdit>(dialog.get(), field), value);
    auto *problem = child<QLabel>(dialog.get(), u"mappingProblem"_s);
    if (field != u"tableEdit") { // the table is the dialog's field, checked on Connect
        QVERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(says), qPrintable(problem->text()));
    }
    type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"Broken"_s);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"connectButton"_s), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Rejected));
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(says),
             qPrintable(message(dialog.get())->text()));
    QVERIFY(m_store->names().isEmpty());
}

// lockscope --profile ID shows in the dialog as that application's table.
void ConnectionDialogTest::commandLineLockProfileFillsTheDialog()
{
    auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--db=sqlite:/tmp/app.sqlite"_s, u"--profile"_s, u"shedlock"_s},
        QProcessEnvironment());
    QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
    auto dialog = makeDialog();
    dialog->setProfile(*profile);
    QCOMPARE(dialog->lockKind(), u"shedlock"_s);
    QCOMPARE(dialog->table(), u"shedlock"_s);
    QCOMPARE(dialog->profile().lockProfile, profile->lockProfile);
    QVERIFY(!message(dialog.get())->isVisible());
}

// Issue 50 defect 3: lockscope --profile FILE.json fills the dialog with the file's mapping
// (it was refused: "There is no built-in profile"), and the connection saved from it keeps the
// whole mapping, settings the form has no field for included, and opens on it after a restart.
void ConnectionDialogTest::commandLineMappingFileIsSavedWholeAndReopens()
{
    const QString path = m_dir->filePath(u"jobs.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"table": "ops.job_lock", "name_column": "job", "holder_column": "owner",
                   "status_column": "held", "version_column": "ver", "release": "status",
                   "reentrant": true, "insert_on_acquire": false})");
    file.close();
    auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--db=sqlite:"_s + m_dir->filePath(u"app.sqlite"_s), u"--profile"_s,
         path},
        QProcessEnvironment());
    QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
    const QVariantMap expected = profile->lockProfile;
    QCOMPARE(expected.value(u"version_column"_s).toString(), u"ver"_s);
    {
        auto dialog = makeDialog();
        dialog->setProfile(*profile);
        QCOMPARE(dialog->lockKind(), u"custom"_s);
        QCOMPARE(dialog->table(), u"ops.job_lock"_s);
        QCOMPARE(child<QLineEdit>(dialog.get(), u"nameColumnEdit"_s)->text(), u"job"_s);
        type(child<QLineEdit>(dialog.get(), u"profileNameEdit"_s), u"Jobs"_s);
        QTest::mouseClick(child<QPushButton>(dialog.get(), u"connectButton"_s), Qt::LeftButton);
        QVERIFY2(!dialog->isVisible(), qPrintable(message(dialog.get())->text()));
        QCOMPARE(dialog->profile().lockProfile, expected);
    }
    m_store = std::make_unique<ProfileStore>(iniFile()); // a restart
    const auto loaded = m_store->load(u"Jobs"_s);
    QVERIFY(loaded);
    QCOMPARE(loaded->lockProfile, expected);
    QCOMPARE(loaded->table, u"ops.job_lock"_s);
    auto dialog = makeDialog(); // opens on the profile used last
    QCOMPARE(dialog->table(), u"ops.job_lock"_s);
    QCOMPARE(dialog->profile().lockProfile, expected);
}

// A saved profile whose lock profile this version does not know (a newer version's, or
// edited by hand) opens with the problem said, and is not accepted as it is.
void ConnectionDialogTest::unknownSavedLockProfileIsReported()
{
    ConnectionProfile saved = *ConnectionProfile::fromUrl(u"sqlite:/tmp/app.sqlite"_s);
    saved.name = u"Future"_s;
    saved.lockProfile = {{u"profile"_s, u"no-such-app"_s}};
    saved.table = u"QRTZ_LOCKS"_s;
    m_store->save(saved);
    m_store->setLastUsed(saved.name);
    auto dialog = makeDialog();
    QCOMPARE(message(dialog.get())->kind(), MessageBar::Kind::Error);
    QVERIFY2(message(dialog.get())->text().contains(u"no-such-app"_s),
             qPrintable(message(dialog.get())->text()));
    QVERIFY2(message(dialog.get())->text().contains(u"shedlock"_s),
             qPrintable(message(dialog.get())->text()));
    QCOMPARE(dialog->lockKind(), QString()); // no entry for it
    // Not quietly Lockscope's table: the profile stays the unknown one, and is refused.
    QCOMPARE(dialog->profile().lockProfile.value(u"profile"_s).toString(), u"no-such-app"_s);
    QVERIFY(!dialog->profile().validate().ok());
    // Once the user picks a kind, that is what is used.
    chooseKind(dialog.get(), u"shedlock"_s);
    QCOMPARE(dialog->profile().lockProfile.value(u"profile"_s).toString(), u"shedlock"_s);
}

void ConnectionDialogTest::testFindsAnApplicationTable_data()
{
    QTest::addColumn<QString>("variable"); // empty: a SQLite file
    QTest::addColumn<QString>("table");    // created with ShedLock's columns
    QTest::addColumn<QString>("columns");  // of the created table
    QTest::addColumn<QString>("says");
    const QString shed = u"name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until %1 NOT NULL, "
                         "locked_at %1 NOT NULL, locked_by VARCHAR(255) NOT NULL"_s;
    const QString found = u"Table gp_shedlock found, with the columns of the shedlock profile."_s;
    QTest::newRow("sqlite") << QString() << u"gp_shedlock"_s << shed << found;
    QTest::newRow("sqlite no table") << QString() << QString() << shed
                                     << u"Table gp_shedlock not found"_s;
    QTest::newRow("sqlite no locked_by")
        << QString() << u"gp_shedlock"_s
        << u"name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until %1, locked_at %1"_s
        << u"locked_by missing"_s;
    QTest::newRow("postgresql") << u"LOCKSCOPE_TEST_POSTGRESQL_URL"_s << u"gp_shedlock"_s
                                << shed << found;
    QTest::newRow("mariadb") << u"LOCKSCOPE_TEST_MARIADB_URL"_s << u"gp_shedlock"_s << shed
                             << found;
}

// With an application profile, Test looks for that application's table and its columns
// (through lockcore::ProfileTable), not for Lockscope's table and events.
void ConnectionDialogTest::testFindsAnApplicationTable()
{
    QFETCH(QString, variable);
    QFETCH(QString, table);
    QFETCH(QString, columns);
    QFETCH(QString, says);
    QString url = u"sqlite:"_s + m_dir->filePath(u"app.sqlite"_s);
    if (!variable.isEmpty()) {
        url = qEnvironmentVariable(variable.toLatin1().constData());
        if (url.isEmpty())
            QSKIP(qPrintable(variable + u" is not set"_s));
    }
    const auto spec = ConnectionSpec::parse(url);
    QVERIFY(spec.ok());
    if (!QSqlDatabase::isDriverAvailable(spec->qtDriverName()))
        QSKIP("the Qt SQL driver is not installed");
    {
        auto session = lockcore::Session::open(*spec);
        QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
        const auto kind = (*session)->dialect().kind();
        const QString time = kind == lockcore::Dialect::Kind::PostgreSQL ? u"TIMESTAMP"_s
                             : kind == lockcore::Dialect::Kind::MySQL    ? u"TIMESTAMP(3)"_s
                                                                         : u"TEXT"_s;
        (*session)->runDdl(u"DROP TABLE IF EXISTS gp_shedlock"_s);
        if (!table.isEmpty()) {
            const lockcore::Status created = (*session)->runDdl(
                u"CREATE TABLE "_s + table + u" ("_s + columns.arg(time) + u')');
            QVERIFY2(created.ok(), created.ok() ? "" : qPrintable(created.error().message));
        }
    }
    auto dialog = makeDialog();
    paste(dialog.get(), url);
    chooseKind(dialog.get(), u"shedlock"_s);
    type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"gp_shedlock"_s);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"testButton"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->tester()->isRunning(), 20000);
    const QString text = message(dialog.get())->text();
    QVERIFY2(text.startsWith(u"Connected: "_s), qPrintable(text));
    QVERIFY2(text.contains(says), qPrintable(text));
    const bool found = says.contains(u"found, with"_s);
    QCOMPARE(message(dialog.get())->kind(),
             found ? MessageBar::Kind::Success : MessageBar::Kind::Warning);
    if (!variable.isEmpty()) {
        auto session = lockcore::Session::open(*spec);
        QVERIFY(session.ok());
        (*session)->runDdl(u"DROP TABLE IF EXISTS gp_shedlock"_s);
    }
}

// For every driver, with Lockscope's table and with a custom mapping, each visible label has a
// mnemonic and a visible buddy, and no two visible mnemonics (labels and buttons) share a
// letter.
void ConnectionDialogTest::mnemonicsAreUniqueAndLabelsHaveBuddies()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s, u"QMYSQL"_s, u"QOCI"_s, u"QODBC"_s});
    const auto mnemonic = [](const QString &text) {
        const qsizetype at = text.indexOf(u'&');
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    for (const QString &kind : {QString(), u"custom"_s})
    for (const DriverInfo &info : DriverInfo::all()) {
        chooseKind(dialog.get(), kind);
        choose(dialog.get(), info.backend);
        QMap<QChar, QString> used;
        const auto use = [&](const QString &text) {
            const QChar key = mnemonic(text);
            if (key.isNull())
                return;
            QVERIFY2(!used.contains(key), qPrintable(info.displayName() + u": "_s + text
                                                     + u" and "_s + used.value(key)));
            used.insert(key, text);
        };
        for (QLabel *label : dialog->findChildren<QLabel *>()) {
            if (!label->isVisible() || label->text().isEmpty() || !label->buddy())
                continue;
            QVERIFY2(label->buddy()->isVisible(), qPrintable(label->text()));
            use(label->text());
        }
        for (QAbstractButton *button : dialog->findChildren<QAbstractButton *>()) {
            if (button->isVisible())
                use(button->text());
        }
        for (QLabel *label : dialog->findChildren<QLabel *>()) {
            // A visible label ending in ':' names a field: it has a buddy and a mnemonic.
            if (label->isVisible() && label->text().endsWith(u':')) {
                QVERIFY2(label->buddy(), qPrintable(label->text()));
                QVERIFY2(!mnemonic(label->text()).isNull(), qPrintable(label->text()));
            }
        }
    }
}

// Tab moves through the form from top to bottom: URL, driver, server fields, password,
// lock table kind and name, the custom mapping's fields, monitor options, test, then the
// buttons.
void ConnectionDialogTest::tabOrderFollowsTheForm()
{
    auto dialog = makeDialog();
    dialog->setAvailableDrivers({u"QSQLITE"_s, u"QPSQL"_s});
    choose(dialog.get(), Backend::PostgreSQL);
    chooseKind(dialog.get(), u"custom"_s);
    const QStringList expected = {u"urlEdit"_s,       u"driverCombo"_s,    u"hostEdit"_s,
                                  u"portSpin"_s,      u"databaseEdit"_s,   u"userEdit"_s,
                                  u"passwordEdit"_s,  u"rememberCheck"_s,  u"sslModeCombo"_s,
                                  u"tlsEdit_sslrootcert"_s, u"lockKindCombo"_s,
                                  u"tableEdit"_s,       u"nameColumnEdit"_s,
                                  u"holderColumnEdit"_s, u"expiresColumnEdit"_s,
                                  u"statusColumnEdit"_s, u"lockedAtColumnEdit"_s,
                                  u"timeZoneCombo"_s,   u"appTimeZoneEdit"_s,
                                  u"timeoutSpin"_s,
                                  u"readOnlyCheck"_s, u"notifyProblemsCheck"_s,
                                  u"profileNameEdit"_s, u"testButton"_s,
                                  u"connectButton"_s};
    QStringList seen;
    QWidget *start = child<QWidget>(dialog.get(), u"urlEdit"_s);
    QWidget *widget = start;
    do {
        if (expected.contains(widget->objectName()) && !seen.contains(widget->objectName()))
            seen << widget->objectName();
        widget = widget->nextInFocusChain();
    } while (widget != start);
    QCOMPARE(seen, expected);
}

// Renders the dialog as the user sees it (for a look at the layout):
// $LOCKSCOPE_SCREENSHOT_DIR (default: the temp dir)/connectiondialog*.png.
void ConnectionDialogTest::screenshot()
{
    const QString dir = qEnvironmentVariableIsEmpty("LOCKSCOPE_SCREENSHOT_DIR")
                            ? QDir::tempPath()
                            : qEnvironmentVariable("LOCKSCOPE_SCREENSHOT_DIR");
    ConnectionProfile saved = *ConnectionProfile::fromUrl(u"postgresql://ops@db.example.com/"
                                                          "locks?sslmode=verify-full"_s);
    saved.name = u"Production"_s;
    m_store->save(saved);
    auto dialog = makeDialog(PasswordVault::system());
    dialog->setAvailableDrivers(QSqlDatabase::drivers());
    dialog->tester()->setProbe([](const ConnectionProfile &) {
        ConnectionTestResult result = scripted(u"PostgreSQL"_s);
        result.lockTableFound = false;
        return result;
    });
    QTRY_VERIFY_WITH_TIMEOUT(PasswordVault::system()->state() != PasswordVault::State::Checking,
                             15000);
    paste(dialog.get(), u"postgresql://ops:pw@db.example.com:5432/locks?sslmode=verify-full"
                        "&sslrootcert=/etc/ssl/certs/ops-root.crt"_s);
    QTest::mouseClick(child<QPushButton>(dialog.get(), u"testButton"_s), Qt::LeftButton);
    QTRY_VERIFY(!dialog->tester()->isRunning());
    // The offscreen screen is 800x600: give the dialog the height it asks for, as a desktop would.
    const auto fit = [&dialog] {
        dialog->adjustSize();
        dialog->resize(dialog->width(), dialog->layout()->totalHeightForWidth(dialog->width()));
        qInfo("natural size: %dx%d", dialog->width(), dialog->height());
    };
    fit();
    const QString file = dir + u"/connectiondialog.png"_s;
    QVERIFY(dialog->grab().save(file));
    qInfo("screenshot: %s", qPrintable(file));

    paste(dialog.get(), u"sqlite:/var/lib/lockscope/locks.sqlite"_s);
    fit();
    QVERIFY(dialog->grab().save(dir + u"/connectiondialog-sqlite.png"_s));

    // An application's table with its columns mapped by hand, one of them mistyped.
    paste(dialog.get(), u"mysql://ops@db.example.com/orders"_s);
    chooseKind(dialog.get(), u"seed-000"_s);
    chooseKind(dialog.get(), u"custom"_s);
    type(child<QLineEdit>(dialog.get(), u"tableEdit"_s), u"orders.JOB_LOCK"_s);
    type(child<QLineEdit>(dialog.get(), u"lockedAtColumnEdit"_s), u"LOCK TIME"_s);
    fit();
    QVERIFY(dialog->grab().save(dir + u"/connectiondialog-custom.png"_s));

    // The same in Chinese (the window's language switch): nothing cut off, the dialog grows.
    QVERIFY(language::apply(u"zh_CN"_s));
    QTRY_COMPARE(child<QLabel>(dialog.get(), u"lockKindNote"_s)->text().left(2), u"任意"_s);
    fit();
    QVERIFY(dialog->grab().save(dir + u"/connectiondialog-custom-zh_CN.png"_s));
    QVERIFY2(child<QLabel>(dialog.get(), u"mappingProblem"_s)->text().contains(u"LOCK TIME"_s),
             qPrintable(child<QLabel>(dialog.get(), u"mappingProblem"_s)->text()));
    language::apply(u"en"_s);
    QTRY_VERIFY(child<QLabel>(dialog.get(), u"lockKindNote"_s)->text().startsWith(u"Any"_s));
}

QTEST_MAIN(ConnectionDialogTest)
#include "tst_connectiondialog.moc"
