// SPDX-License-Identifier: Apache-2.0
#include "session.h"

#include "postgreshandle.h"

#include "callwatchdog.h"
#include "connectionsocket.h"
#include "mariadbstatements.h"
#include "missingtable.h"
#include "mysqlsessionlock.h"
#include "mysqltlscheck.h"
#include "openingwatch.h"
#include "postgresstatements.h"
#include "qtstatements.h"
#include "refusedstatement.h"
#include "releaselistener.h"
#include "sessionname.h"
#include "transport.h"
#include "validation.h"

#include "tr.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QThread>
#include <atomic>
#include <mutex>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

std::atomic<quint64> connectionCounter{0};

QString installHint(const QString &driver)
{
    if (driver == u"QPSQL")
        return Tr::tr("Install the package libqt6sql6-psql.");
    if (driver == u"QMYSQL")
        return Tr::tr("Install the package libqt6sql6-mysql.");
    if (driver == u"QODBC")
        return Tr::tr("Install the package libqt6sql6-odbc and an ODBC driver for your database.");
    if (driver == u"QOCI")
        return Tr::tr("Debian does not ship it: build the Qt QOCI plugin against the Oracle "
                      "Instant Client (see docs/protocol.md).");
    return Tr::tr("Install the package libqt6sql6-sqlite.");
}

// Whether a failed open is a refused login. The dialect is not known yet: the one the URL
// names classifies it; through ODBC, which names none, any dialect that would (the ODBC driver
// passes the database's own code or text on: 1045 from MariaDB, "password authentication
// failed" from PostgreSQL).
bool refusedLogin(const ConnectionSpec &spec, const QSqlError &error)
{
    if (spec.backend != ConnectionSpec::Backend::ODBC) {
        const auto dialect = Dialect::forDriver(spec.qtDriverName(), QString());
        return dialect && dialect->isAuthenticationFailure(error);
    }
    for (const auto kind : {Dialect::Kind::PostgreSQL, Dialect::Kind::MySQL, Dialect::Kind::Oracle})
        if (Dialect::create(kind)->isAuthenticationFailure(error))
            return true;
    return false;
}

} // namespace

class Session::CallWatch
{
public:
    explicit CallWatch(Session &session, qint64 timeoutMs = -1)
        : m_session(session)
    {
        if (m_session.m_callDepth++ > 0)
            return; // inside another call: its deadline holds
        m_session.m_abandoned.store(false);
        m_session.m_interruptsAtArm = CallWatchdog::instance().interrupts();
        m_session.m_callTimer.start();
        const int socket = m_session.socket();
        if (socket < 0)
            return;
        const QDeadlineTimer deadline = m_session.callDeadline(
            timeoutMs >= 0 ? timeoutMs : m_session.m_options.callTimeoutMs);
        m_session.m_callBudgetMs = deadline.remainingTime();
        m_id = CallWatchdog::instance().arm(socket, deadline, &m_session.m_abandoned);
    }
    ~CallWatch()
    {
        if (--m_session.m_callDepth > 0)
            return;
        if (m_id)
            CallWatchdog::instance().disarm(m_id);
        if (m_session.m_abandoned.exchange(false))
            m_session.m_broken = true; // its socket is shut: reconnect for the next call
    }
    CallWatch(const CallWatch &) = delete;
    CallWatch &operator=(const CallWatch &) = delete;

private:
    Session &m_session;
    quint64 m_id = 0;
};

Session::DeadlineScope::DeadlineScope(Session &session, QDeadlineTimer deadline)
    : m_session(session), m_previous(session.m_limit)
{
    if (deadline < m_session.m_limit)
        m_session.m_limit = deadline;
}

Session::DeadlineScope::~DeadlineScope()
{
    m_session.m_limit = m_previous;
}

bool Session::openDatabase(QDeadlineTimer deadline, bool *abandoned)
{
    // The client library hands its socket out only after the open: the watch finds it if the
    // deadline passes first (openingwatch.h). Through ODBC the connection's socket is also the
    // one that appeared while it opened (opens through ODBC take turns in the process, so that
    // two are not mistaken for each other; a socket another library opens meanwhile leaves
    // this connection's unknown: then only the driver's own timeouts apply).
    const OpeningWatch watch(m_spec, deadline);
    *abandoned = !watch.started();
    if (*abandoned)
        return false;
    const bool opened = m_db.open();
    if (m_spec.backend == ConnectionSpec::Backend::ODBC)
        m_odbcSocket = std::make_unique<ConnectionSocket>(watch.before(),
                                                          ConnectionSocket::socketsNow());
    // The driver's own connect timeout (the same figure, counted from a moment later) may end
    // it first: that is the deadline too.
    *abandoned = watch.abandoned() || (!opened && deadline.hasExpired());
    if (opened && *abandoned)
        m_db.close(); // its socket was shut down as it opened: of no use
    return opened && !*abandoned;
}

Status Session::underConnectDeadline(QDeadlineTimer deadline,
                                     const std::function<Status()> &steps, bool *abandoned)
{
    Status done;
    {
        // One call on the network for all of them, to the connect deadline.
        const DeadlineScope scope(*this, deadline);
        const CallWatch call(*this);
        done = steps();
    }
    *abandoned = m_broken; // (the watch marks it broken when it abandoned the call)
    if (!*abandoned)
        return done;
    return connectAbandoned(true, done ? QString() : done.error().driverText);
}

Error Session::connectAbandoned(bool afterLogin, const QString &detail) const
{
    const bool interrupted = CallWatchdog::instance().interrupts() != m_interruptsAtArm;
    const QString text
        = interrupted  ? Tr::tr("Interrupted while connecting to %1: the connection was abandoned "
                                "and nothing was done.")
                             .arg(m_spec.redacted())
          : afterLogin ? Tr::tr("No answer from %1 within %2 s while connecting (after the "
                                "login): the connection was abandoned and nothing was done.")
                             .arg(m_spec.redacted())
                             .arg(m_options.connectTimeoutS)
                       : Tr::tr("No answer from %1 within %2 s while connecting: the connection "
                                "was abandoned and nothing was done.")
                             .arg(m_spec.redacted())
                             .arg(m_options.connectTimeoutS);
    // The driver's own text goes to the log only: it tells of the socket lockcore shut down
    // ("server closed the connection unexpectedly"), not of the server.
    return {interrupted ? Error::Kind::Cancelled : Error::Kind::Connection, text, {}, detail};
}

int Session::socket() const
{
    if (!m_db.isOpen())
        return -1;
    // By the URL's backend, not the dialect: the statements of a new connection before its
    // dialect is known (the TLS check, the version) are bounded as well.
    switch (m_spec.backend) {
    case ConnectionSpec::Backend::ODBC:
        return m_odbcSocket ? m_odbcSocket->descriptor() : -1;
    case ConnectionSpec::Backend::PostgreSQL:
        return PostgresStatements::socketOf(m_db);
    case ConnectionSpec::Backend::MySQL:
        return MariaDbStatements::socketOf(m_db);
    default:
        return -1;
    }
}

QDeadlineTimer Session::callDeadline(qint64 timeoutMs) const
{
    const QDeadlineTimer own(timeoutMs);
    return m_limit < own ? m_limit : own;
}

Error Session::abandoned(const QString &what) const
{
    if (CallWatchdog::instance().interrupts() != m_interruptsAtArm)
        return {Error::Kind::ConnectionLost,
                Tr::tr("Interrupted while %1 on %2: the statement was abandoned and the "
                       "connection closed; the outcome is unknown.")
                    .arg(what, m_spec.redacted()),
                {},
                {}};
    return {Error::Kind::ConnectionLost,
            Tr::tr("No answer from %1 within %2 ms while %3: the statement was abandoned and the "
                   "connection closed; the outcome is unknown. It will be reopened on the next "
                   "attempt.")
                .arg(m_spec.redacted())
                .arg(qMax<qint64>(0, m_callBudgetMs))
                .arg(what),
            {},
            {}};
}

Session::Session(const ConnectionSpec &spec, const QString &connectionName)
    : m_spec(spec)
    , m_connectionName(connectionName)
    , m_listener(std::make_unique<ReleaseListener>())
{}

Session::~Session()
{
    clearCache();
    // The transports and the release listener hold the connection too: gone before it is
    // removed (else Qt warns that it is still in use, after lockctl's JSON result).
    m_direct.reset();
    m_qt.reset();
    m_listener.reset();
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
    forgetMySqlSession(m_connectionName);
}

void Session::clearCache()
{
    if (m_qt)
        m_qt->clear();
    if (m_direct)
        m_direct->clear();
}

void Session::chooseTransport()
{
    quietPostgresNotices(m_db);
    askServerVersion();
    const bool qtOnly = m_forceQtDriver || m_forceMySqlPath;
    m_direct = qtOnly ? nullptr
                      : directTransport(m_db, !m_mariaDbVersion->isNull(), *m_qt);
}

Transport &Session::transport()
{
    return m_direct ? *m_direct : *m_qt;
}

Result<std::unique_ptr<Session>> Session::open(const ConnectionSpec &spec,
                                               const SessionOptions &options)
{
    const QString driver = spec.qtDriverName();
    if (!QSqlDatabase::isDriverAvailable(driver))
        return Error{Error::Kind::DriverMissing,
                     Tr::tr("The Qt SQL driver %1 for %2 is not available. %3")
                         .arg(driver, spec.backendName(), installHint(driver)),
                     {},
                     {}};

    const QString name = u"lockcore-%1"_s.arg(++connectionCounter);
    std::unique_ptr<Session> session(new Session(spec, name));
    session->m_spec.readOnly = spec.readOnly || options.readOnly;
    session->m_options = options;
    if (Status opened = session->openConnection(options); !opened)
        return opened.error();
    return session;
}

Status Session::openConnection(const SessionOptions &options)
{
    // One deadline for the whole open: TCP, TLS, the login, the driver's statements and ours.
    const QDeadlineTimer deadline(qint64(options.connectTimeoutS) * 1000);
    m_interruptsAtArm = CallWatchdog::instance().interrupts();
    if (m_spec.backend == ConnectionSpec::Backend::SQLite) {
        const QFileInfo file(m_spec.path);
        if (!file.absoluteDir().exists())
            return Error{Error::Kind::Connection,
                         Tr::tr("Cannot open the SQLite database %1: the directory %2 does not "
                                "exist.")
                             .arg(m_spec.path, file.absolutePath()),
                         {},
                         {}};
        if (m_spec.readOnly && !file.exists())
            return Error{Error::Kind::Connection,
                         Tr::tr("Cannot open the SQLite database %1 read-only: the file does not "
                                "exist (a read-only connection does not create it).")
                             .arg(m_spec.path),
                         {},
                         {}};
    }

    m_db = QSqlDatabase::addDatabase(m_spec.qtDriverName(), m_connectionName);
    if (m_spec.backend == ConnectionSpec::Backend::SQLite) {
        m_db.setDatabaseName(m_spec.path);
    } else {
        // Several hosts (PostgreSQL): libpq tries them in order at every open, the reopen
        // after a lost connection too; their ports are in the connect options.
        m_db.setHostName(m_spec.driverHostName());
        if (m_spec.driverPort() > 0)
            m_db.setPort(m_spec.driverPort());
        m_db.setDatabaseName(m_spec.driverDatabaseName(options.connectTimeoutS));
        m_db.setUserName(m_spec.user);
        m_db.setPassword(m_spec.password);
    }
    m_db.setConnectOptions( // (read-only too)
        withSessionName(m_spec, m_spec.connectOptions(options.connectTimeoutS)));

    bool abandoned = false;
    if (!openDatabase(deadline, &abandoned)) {
        const QSqlError error = m_db.lastError();
        const bool auth = !abandoned && refusedLogin(m_spec, error);
        const QString driverText = QString(error.databaseText() + u' ' + error.driverText()).trimmed();
        Error result{auth ? Error::Kind::Authentication : Error::Kind::Connection,
                     auth ? Tr::tr("The server at %1 refused the login of user \"%2\": wrong "
                                   "password or no access.")
                                .arg(m_spec.redacted(), m_spec.user)
                          : Tr::tr("Could not connect to %1: %2")
                                .arg(m_spec.redacted(), driverText.isEmpty()
                                                            ? Tr::tr("no reason given")
                                                            : driverText),
                     error.nativeErrorCode(),
                     driverText};
        if (abandoned)
            result = connectAbandoned(false, driverText);
        else if (std::optional<Error> tls = mysqlTlsHandshakeFailure(m_spec, error))
            result = *tls; // says what asked for TLS, and what verified the certificate
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
        return result;
    }
    return underConnectDeadline(deadline, [this] { return setUpOpened(); }, &abandoned);
}

Status Session::setUpOpened()
{
    // A MySQL connection without the TLS its URL asks for goes no further.
    if (Status tls = checkMySqlTls(m_spec, m_db); !tls) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
        return tls;
    }

    m_dialect = Dialect::forDriver(m_db.driverName(), QString());
    if (!m_dialect && m_spec.backend == ConnectionSpec::Backend::ODBC) {
        // ODBC: ask the server what it is.
        QSqlQuery probe(m_db);
        if (probe.exec(u"SELECT version()"_s) && probe.next())
            m_dialect = Dialect::forDriver(u"QODBC"_s, probe.value(0).toString().contains(
                                                           u"PostgreSQL"_s)
                                                           ? u"postgresql"_s
                                                           : u"mysql"_s);
        else if (probe.exec(u"SELECT sqlite_version()"_s))
            m_dialect = Dialect::create(Dialect::Kind::SQLite);
        else if (probe.exec(u"SELECT banner FROM v$version"_s))
            m_dialect = Dialect::create(Dialect::Kind::Oracle);
    }
    if (!m_dialect)
        return Error{Error::Kind::Connection,
                     Tr::tr("Connected to %1, but its database type is not supported.")
                         .arg(m_spec.redacted()),
                     {},
                     {}};

    if (m_dialect->kind() == Dialect::Kind::SQLite) {
        // The acquire is an UPSERT with RETURNING (SQLite 3.35). (WAL is set with the session's
        // settings, Dialect::sessionSettings; the busy timeout makes writers queue.)
        QSqlQuery pragma(m_db);
        if (pragma.exec(u"SELECT sqlite_version()"_s) && pragma.next()) {
            const QStringList parts = pragma.value(0).toString().split(u'.');
            const int minor = parts.value(0).toInt() * 1000 + parts.value(1).toInt();
            if (minor < 3035)
                return Error{Error::Kind::Connection,
                             Tr::tr("SQLite %1 is too old: Lockscope needs 3.35 or later "
                                    "(UPSERT with RETURNING).")
                                 .arg(pragma.value(0).toString()),
                             {},
                             {}};
        }
    }
    m_broken = false;
    m_qt = std::make_unique<QtStatements>(m_db, m_dialect->kind() != Dialect::Kind::PostgreSQL);
    // Through ODBC the PostgreSQL dialect still classifies errors by SQLSTATE, as QPSQL gives
    // them: psqlODBC's native error numbers are its own (odbcerrors.h).
    m_qt->setOdbcSqlStates(m_dialect->kind() == Dialect::Kind::PostgreSQL);
    // Qt 6.4's QODBC binds a string with its terminating NUL counted in its length, which
    // MariaDB Connector/ODBC stores and compares as part of the value ('name\0'): through ODBC
    // on MySQL/MariaDB every value is written into the text as the dialect's literal instead.
    // Nor can ODBC hand over the insert id a MySQL release answers with: it is asked for.
    if (m_spec.backend == ConnectionSpec::Backend::ODBC && m_dialect->kind() == Dialect::Kind::MySQL) {
        m_qt->inlineBinds(m_dialect.get());
        m_qt->selectInsertIds(true);
    }
    chooseTransport(); // (asks the server's version now, not in a timed operation)
    if (Status clock = checkClock(); !clock)
        return clock;
    return applySessionSettings();
}

Status Session::checkClock()
{
    const CallWatch call(*this);
    if (!m_dialect->hasFeature(Feature::ClockCheck) || m_spec.readOnly)
        return {}; // a read-only session changes nothing
    const Statement check = m_dialect->clockCheck();
    QSqlQuery query(m_db);
    ++m_roundTrips;
    if (!query.exec(check.text()) || !query.next())
        return failure(query.lastError(), Tr::tr("reading the database clock"));
    if (query.value(query.record().count() - 1).toInt() == 1)
        return {};
    return Error{Error::Kind::Connection,
                 Tr::tr("%1 answers SYSDATE() with the time its statement started (the server "
                        "runs with --sysdate-is-now, or the session set @@timestamp): a lock "
                        "granted after a wait would be timed before it. Lockscope does not "
                        "write locks there; remove --sysdate-is-now from the server's options, "
                        "or connect read-only (readonly=1) to look.")
                     .arg(m_spec.redacted()),
                 {},
                 {}};
}

Status Session::applySessionSettings()
{
    const CallWatch call(*this);
    QStringList settings = m_dialect->sessionSettings(m_spec.readOnly);
    if (m_multiPrimary)
        settings += m_dialect->multiPrimarySessionSettings();
    for (const QString &setting : settings) {
        QSqlQuery query(m_db);
        query.exec(setting);
    }
    applyServerBounds(m_options.callTimeoutMs); // (refused: the client's deadline only)
    // MySQL/MariaDB: once per connection, the user lock that names it (PostgreSQL's is named
    // as it connects); not on a multi-primary cluster, whose nodes keep user locks to
    // themselves.
    if (m_dialect->kind() == Dialect::Kind::MySQL && !m_multiPrimary)
        m_roundTrips += nameMySqlSession(m_db);
    if (Status readOnly = applyReadOnly(); !readOnly)
        return readOnly;
    if (!m_timeZone.isEmpty()) {
        // Through the session's Qt statements, so the zone reaches the server as every other
        // value does (through ODBC on MariaDB written in, not bound).
        QSqlError failed;
        bool prepareFailed = false;
        ++m_roundTrips;
        QSqlQuery *query = m_qt->run(m_dialect->setTimeZone(m_timeZone), &failed, &prepareFailed);
        if (!query)
            return Error{Error::Kind::InvalidInput,
                         Tr::tr("The database refused the session time zone \"%1\": %2")
                             .arg(m_timeZone, failed.databaseText().trimmed()),
                         failed.nativeErrorCode(),
                         failed.text()};
        query->finish();
    }
    return {};
}

Status Session::applyReadOnly()
{
    if (!m_spec.readOnly)
        return {};
    if (!m_dialect->hasFeature(Feature::ReadOnlySession))
        return {}; // SQLite: opened read-only; Oracle: lockcore's own check only
    const QString sql = m_dialect->readOnlySession();
    QSqlQuery query(m_db);
    ++m_roundTrips;
    if (!query.exec(sql))
        return Error{Error::Kind::Database,
                     Tr::tr("The database refused to make the session read-only: %1")
                         .arg(query.lastError().databaseText().trimmed()),
                     query.lastError().nativeErrorCode(),
                     query.lastError().text()};
    return {};
}

Status Session::checkWritable(const QString &what) const
{
    if (!m_spec.readOnly)
        return {};
    return Error{Error::Kind::ReadOnly,
                 Tr::tr("The connection to %1 is read-only: %2 was refused before anything was "
                        "sent to the database. Connect without read-only to change locks.")
                     .arg(m_spec.redacted(), what),
                 {},
                 {}};
}

void Session::askServerVersion()
{
    const CallWatch call(*this);
    if (m_mariaDbVersion)
        return;
    m_mariaDbVersion = QVersionNumber();
    if (m_dialect->kind() != Dialect::Kind::MySQL || m_broken)
        return;
    QSqlQuery version(m_db);
    ++m_roundTrips;
    if (version.exec(u"SELECT VERSION()"_s) && version.next()) {
        const QString text = version.value(0).toString(); // "10.11.19-MariaDB-0+deb12u1"
        if (text.contains(u"MariaDB"_s))
            m_mariaDbVersion = QVersionNumber::fromString(text);
    }
    askMultiPrimary();
}

void Session::askMultiPrimary()
{
    if (!m_dialect->hasFeature(Feature::MultiPrimaryProbe))
        return;
    m_multiPrimary = answersOn(m_dialect->multiPrimaryProbe()).value_or(false);
}

std::optional<bool> Session::answersOn(const QString &probe)
{
    const CallWatch call(*this);
    QSqlQuery answer(m_db);
    ++m_roundTrips;
    if (!answer.exec(probe) || !answer.next())
        return std::nullopt;
    return answer.value(1).toString().compare(u"ON"_s, Qt::CaseInsensitive) == 0;
}

void Session::noteWakeLock(const QString &lock, bool held)
{
    if (held)
        m_wakeLocks.insert(lock);
    else
        m_wakeLocks.remove(lock);
}

void Session::freeWakeLock(const QString &lock)
{
    if (!m_wakeLocks.contains(lock))
        return;
    m_wakeLocks.remove(lock);
    // A lost connection's locks go with it, and a new one would not hold it: no reconnect for
    // it (after an interrupt, such a reconnect would wait out a whole connect timeout).
    if (m_broken)
        return;
    if (auto query = run(m_dialect->freeWakeLock(lock), Tr::tr("freeing a wake-up lock")))
        (*query)->finish();
}

void Session::giveBackWakeLock(const QString &lock)
{
    m_wakeLocks.insert(lock);
    freeWakeLock(lock);
}

Status Session::setTimeZone(const QString &zone)
{
    if (Status valid = validateTimeZoneName(zone); !valid)
        return valid;
    if (!zone.isEmpty() && !m_dialect->hasFeature(Feature::SessionTimeZone))
        return Error::invalidInput(Tr::tr("%1 has no session time zone to set.")
                                       .arg(m_dialect->name()));
    if (Status reopened = reopenIfBroken(); !reopened)
        return reopened.error();
    const QString previous = std::exchange(m_timeZone, zone);
    if (zone.isEmpty())
        return {}; // the next connection uses the server's default again
    Status applied = applySessionSettings();
    if (!applied)
        m_timeZone = previous;
    return applied;
}

Status Session::reopenIfBroken()
{
    if (!m_broken)
        return {};
    clearCache();
    m_wakeLocks.clear(); // they died with the connection
    forgetMySqlSession(m_connectionName); // and its name (mysqlsessionlock.h)
    m_db.close();
    // As at the first open: one deadline for the whole of it.
    const QDeadlineTimer deadline(qint64(m_options.connectTimeoutS) * 1000);
    m_interruptsAtArm = CallWatchdog::instance().interrupts();
    bool abandoned = false;
    if (!openDatabase(deadline, &abandoned)) {
        const QSqlError error = m_db.lastError();
        const QString why = abandoned ? connectAbandoned(false, error.text().trimmed()).message
                                      : error.text();
        return Error{Error::Kind::ConnectionLost,
                     Tr::tr("The connection to %1 was lost and could not be reopened: %2")
                         .arg(m_spec.redacted(), why),
                     error.nativeErrorCode(),
                     error.text()};
    }
    Status reopened = underConnectDeadline(deadline, [this]() -> Status {
        if (Status tls = checkMySqlTls(m_spec, m_db); !tls) {
            m_db.close(); // still broken: the next call tries again
            return tls;
        }
        m_broken = false;
        chooseTransport(); // the new handle
        return applySessionSettings();
    }, &abandoned);
    if (!abandoned)
        return reopened;
    return Error{Error::Kind::ConnectionLost, // (still broken: the next call tries again)
                 Tr::tr("The connection to %1 was lost and could not be reopened: %2")
                     .arg(m_spec.redacted(), reopened.error().message),
                 {},
                 reopened.error().driverText};
}

Result<QSqlQuery *> Session::run(const Statement &statement, const QString &what)
{
    if (Status reopened = reopenIfBroken(); !reopened)
        return reopened.error();
    const CallWatch call(*this); // (after a reopen: the new connection's socket)
    QSqlError failed;
    bool prepareFailed = false;
    ++m_roundTrips;
    QSqlQuery *query = m_qt->run(statement, &failed, &prepareFailed);
    if (query)
        return query;
    const Error error = failure(failed, what);
    if (reopensAfter(error))
        m_broken = true; // (a server that went away fails the prepare first)
    else if (!prepareFailed && preparedAfresh(error))
        m_qt->forget(statement.text());
    return error;
}

Result<QSqlQuery *> Session::runBatch(const Statement &statement, int statements,
                                      const QString &what)
{
    return runBatch(m_dialect->inlined(statement), statements, what);
}

Result<QSqlQuery *> Session::runBatch(const QString &sql, int statements, const QString &what)
{
    if (Status reopened = reopenIfBroken(); !reopened)
        return reopened.error();
    const CallWatch call(*this); // (after a reopen: the new connection's socket)
    QSqlError failed;
    int sent = 0;
    QSqlQuery *query = m_qt->runBatch(sql, statements, &failed, &sent);
    m_roundTrips += quint64(sent);
    if (query)
        return query;
    const Error error = failure(failed, what);
    if (reopensAfter(error))
        m_broken = true;
    return error;
}

Result<DirectResult> Session::runRows(const Statement &statement, const QString &what)
{
    if (statement.statements() > 1) { // a batch: as text, through Qt's driver
        auto query = runBatch(statement, statement.statements(), what);
        if (!query)
            return query.error();
        DirectResult result = QtStatements::read(**query);
        (*query)->finish();
        return result;
    }
    if (Status reopened = reopenIfBroken(); !reopened)
        return reopened.error();
    const CallWatch call(*this); // (after a reopen: the new connection's socket)
    Transport::Outcome outcome = transport().exec(statement);
    m_roundTrips += quint64(outcome.roundTrips);
    if (!outcome.error.isValid())
        return std::move(outcome.result);
    const Error error = failure(outcome.error, what);
    if (reopensAfter(error))
        m_broken = true;
    else if (preparedAfresh(error))
        transport().forget(statement.text());
    return error;
}

bool Session::reopensAfter(const Error &error)
{
    // A lost connection; a server that takes no writes now, where the next connection may
    // reach one that does (the new primary of a multi-host URL, a node back in quorum).
    return error.kind == Error::Kind::ConnectionLost || error.kind == Error::Kind::Unavailable;
}

bool Session::preparedAfresh(const Error &error)
{
    // A statement that failed may leave a server-side prepared statement in a bad state (e.g.
    // after DDL changed the table): prepare it afresh next time. Not after a duplicate key or
    // a busy database (expected outcomes that leave the statement intact; in a failed
    // PostgreSQL transaction it could not be deallocated anyway), nor after a lost connection
    // (the reconnect starts afresh anyway).
    return error.kind != Error::Kind::Duplicate && error.kind != Error::Kind::Busy
           && !reopensAfter(error);
}

bool Session::listenForReleases(const QString &channel)
{
    const CallWatch call(*this);
    if (m_broken)
        return false; // the next statement reconnects; listen after that
    if (!m_direct || m_direct->kind() != Transport::Kind::Libpq)
        return false; // notifications come through libpq, the protocol's client stack: poll
    bool sent = false;
    const bool listening = m_listener->listen(m_db, channel, &sent);
    if (sent)
        ++m_roundTrips;
    return listening;
}

void Session::stopListening(const QString &channel)
{
    const CallWatch call(*this);
    if (m_broken)
        return; // the connection, and its LISTEN, are gone
    bool sent = false;
    m_listener->unlisten(m_db, channel, &sent);
    if (sent)
        ++m_roundTrips;
}

bool Session::waitForRelease(const QString &name, qint64 timeoutMs,
                             const std::atomic_bool *cancel)
{
    // A result set not read to its end keeps libpq from reading anything after it, such as
    // notifications: finish every statement first (nothing is sent to the server).
    m_qt->finishAll();
    return m_listener->waitForRelease(name, timeoutMs, cancel);
}

Status Session::runDdl(const QString &sql)
{
    if (Status writable = checkWritable(Tr::tr("creating the schema")); !writable)
        return writable;
    if (Status reopened = reopenIfBroken(); !reopened)
        return reopened.error();
    const CallWatch call(*this, m_options.ddlTimeoutMs);
    // The server's bounds of this call are the DDL's, not the shorter ones of every call
    // (a table's metadata lock may take long to get); set back after it, or, if that fails,
    // on the next connection.
    const bool raised = m_boundStatementMs > 0 && applyServerBounds(m_options.ddlTimeoutMs);
    QSqlQuery query(m_db);
    ++m_roundTrips;
    std::optional<Error> failed;
    if (!query.exec(sql))
        failed = failure(query.lastError(), Tr::tr("creating the schema"));
    if (raised && !m_abandoned.load() && !applyServerBounds(m_options.callTimeoutMs))
        m_broken = true;
    if (failed) {
        if (reopensAfter(*failed))
            m_broken = true;
        return *failed;
    }
    // Cached statements may refer to tables that were just created or changed.
    clearCache();
    return {};
}

Status Session::begin()
{
    if (Status reopened = reopenIfBroken(); !reopened)
        return reopened.error();
    const CallWatch call(*this); // (after a reopen: the new connection's socket)
    ++m_roundTrips;
    if (!m_dialect->hasFeature(Feature::BeginStatement)) {
        if (!m_db.transaction())
            return transactionFailure(m_db.lastError(), Tr::tr("starting a transaction"));
        return {};
    }
    QSqlQuery query(m_db);
    if (!query.exec(m_dialect->beginTransaction()))
        return transactionFailure(query.lastError(), Tr::tr("starting a transaction"));
    return {};
}

Status Session::commit()
{
    const CallWatch call(*this);
    ++m_roundTrips;
    if (!m_dialect->hasFeature(Feature::BeginStatement)) {
        if (!m_db.commit())
            return transactionFailure(m_db.lastError(), Tr::tr("committing"));
        return {};
    }
    QSqlQuery query(m_db);
    if (!query.exec(u"COMMIT"_s))
        return transactionFailure(query.lastError(), Tr::tr("committing"));
    return {};
}

Error Session::transactionFailure(const QSqlError &error, const QString &what)
{
    // As for a statement (runRows): a connection lost here is reopened by the next call.
    const Error failed = failure(error, what);
    if (reopensAfter(failed))
        m_broken = true;
    return failed;
}

void Session::rollback()
{
    const CallWatch call(*this);
    ++m_roundTrips;
    m_qt->finishAll();
    if (!m_dialect->hasFeature(Feature::BeginStatement)) {
        m_db.rollback();
        return;
    }
    QSqlQuery query(m_db);
    query.exec(u"ROLLBACK"_s);
}

Error Session::failure(const QSqlError &error, const QString &what)
{
    if (m_abandoned.load())
        return abandoned(what);
    Error result = errorFrom(error, what);
    if (m_multiPrimary && (result.kind == Error::Kind::Busy || result.kind == Error::Kind::Database)
        && !nodeIsReady())
        return unavailable(error, what);
    if (result.kind == Error::Kind::MissingSchema) {
        const CallWatch call(*this); // its look for the lower-case table has a deadline too
        return explainMissingTable(m_db, *m_dialect, result);
    }
    if (result.kind != Error::Kind::Database)
        return result;
    // Some drivers report a connection that died under them (the server restarted) with no
    // code and no text (QPSQL after a crash, for one). A trivial statement tells. An error the
    // server sent (with its code or text) came from a live connection: no probe, which inside a
    // transaction PostgreSQL has aborted after the error would fail as well.
    if (!error.nativeErrorCode().isEmpty() || !error.databaseText().trimmed().isEmpty())
        return result;
    QSqlQuery probe(m_db);
    if (probe.exec(u"SELECT 1"_s))
        return result;
    return {Error::Kind::ConnectionLost,
            Tr::tr("The connection to %1 was lost while %2; the outcome is unknown. It will be "
                   "reopened on the next attempt.")
                .arg(m_spec.redacted(), what),
            result.nativeCode,
            result.driverText.isEmpty() ? probe.lastError().text().trimmed() : result.driverText};
}

Error Session::serverEnded(const QSqlError &error, const QString &what) const
{
    // How long it waited: the call's time so far (the server's bound is what it was set to,
    // but InnoDB's lock waits take whole seconds, and a cancel comes at any time).
    const qint64 afterMs = m_callTimer.isValid() ? m_callTimer.elapsed() : -1;
    const QString seconds = QString::number(double(qMax<qint64>(0, afterMs)) / 1000.0, 'f', 1);
    const bool lockWait = m_dialect->isLockTimeout(error);
    const QString driverText = driverTextOf(error);
    Error ended{Error::Kind::Busy,
                lockWait ? Tr::tr("Not done: the statement waited for a lock another session "
                                  "holds while %1, and the server ended it after %2 s. Nothing "
                                  "was changed; it can be tried again once that session lets go.")
                               .arg(what, seconds)
                         : Tr::tr("Not done: the server ended the statement after %2 s while %1 "
                                  "(its statement timeout, or a cancel). Nothing was changed; it "
                                  "can be tried again.")
                               .arg(what, seconds),
                error.nativeErrorCode(),
                driverText};
    ended.serverEnded = true;
    ended.serverEndedAfterMs = afterMs;
    ended.lockWait = lockWait;
    return ended;
}

Error Session::unavailable(const QSqlError &error, const QString &what) const
{
    const QString driverText = driverTextOf(error);
    return {Error::Kind::Unavailable,
            Tr::tr("%1 takes no writes now (a standby, or a cluster node that lost its quorum) "
                   "while %2; nothing was changed. Connect to the primary, or to a node of the "
                   "cluster's primary component; the connection is reopened on the next "
                   "attempt: %3")
                .arg(m_spec.redacted(), what, driverText),
            error.nativeErrorCode(),
            driverText};
}

bool Session::nodeIsReady()
{
    // A node outside the primary component fails statements with errors of their own (a sync
    // wait that times out reads as a lock wait timeout); its status says what they mean.
    return answersOn(m_dialect->multiPrimaryReadyProbe()).value_or(true);
}

QString Session::driverTextOf(const QSqlError &error)
{
    // The server's own words where it sent some, else the driver's.
    return error.databaseText().trimmed().isEmpty() ? error.driverText().trimmed()
                                                    : error.databaseText().trimmed();
}

Error Session::errorFrom(const QSqlError &error, const QString &what) const
{
    const QString driverText = driverTextOf(error);
    if (m_dialect && m_dialect->isConnectionLost(error))
        return {Error::Kind::ConnectionLost,
                Tr::tr("The connection to %1 was lost while %2; the outcome is unknown. It will "
                       "be reopened on the next attempt.")
                    .arg(m_spec.redacted(), what),
                error.nativeErrorCode(),
                driverText};
    if (m_dialect && m_dialect->isMissingTable(error))
        return {Error::Kind::MissingSchema,
                Tr::tr("The lock table does not exist in %1 (while %2).")
                    .arg(m_spec.redacted(), what),
                error.nativeErrorCode(),
                driverText};
    if (m_dialect && m_dialect->isPermissionDenied(error))
        return lackingPrivilege(m_spec.redacted(), m_spec.user, what, driverText,
                                error.nativeErrorCode());
    if (m_dialect && m_dialect->isUnavailable(error)) {
        if (readOnlyBySettings(m_db)) // (not a standby: this user's sessions)
            return readOnlyUser(m_spec.redacted(), m_spec.user, what, driverText,
                                error.nativeErrorCode());
        return unavailable(error, what);
    }
    if (m_dialect
        && (m_dialect->isLockTimeout(error) || m_dialect->isStatementTimeout(error)))
        return serverEnded(error, what);
    if (m_dialect && m_dialect->isBusy(error))
        return {Error::Kind::Busy,
                Tr::tr("The database was busy while %1 (a lock wait timed out or a deadlock was "
                       "broken); nothing was changed, and it can be retried: %2")
                    .arg(what, driverText),
                error.nativeErrorCode(),
                driverText};
    if (m_dialect && m_dialect->isDuplicateKey(error))
        return {Error::Kind::Duplicate,
                Tr::tr("A row with this key already exists (while %1).").arg(what),
                error.nativeErrorCode(),
                driverText};
    return {Error::Kind::Database,
            Tr::tr("The database reported an error while %1: %2").arg(what, driverText),
            error.nativeErrorCode(),
            driverText};
}

} // namespace lockcore
