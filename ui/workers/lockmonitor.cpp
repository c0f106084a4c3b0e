// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockmonitor.h"

#include "databaseworker.h"
#include "missingtablecase.h"
#include "missingtabletext.h"

#include <QThread>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

namespace {

void registerTypes()
{
    qRegisterMetaType<ConnectionSpec>();
    qRegisterMetaType<Error>();
    qRegisterMetaType<DbClock>();
    qRegisterMetaType<LockInfo>();
    qRegisterMetaType<QList<LockInfo>>();
    qRegisterMetaType<LockEvent>();
    qRegisterMetaType<QList<LockEvent>>();
    qRegisterMetaType<AdminRequest>();
    qRegisterMetaType<AdminResult>();
    qRegisterMetaType<LockTableQuery>();
    qRegisterMetaType<LockRefresh>();
    qRegisterMetaType<QList<DetectedTable>>();
}

} // namespace

LockMonitor::LockMonitor(QObject *parent) : QObject(parent)
{
    registerTypes();
    createWorker();
    m_pollTimer.setTimerType(Qt::CoarseTimer);
    connect(&m_pollTimer, &QTimer::timeout, this, &LockMonitor::poll);
    m_watchdog.setInterval(250);
    connect(&m_watchdog, &QTimer::timeout, this, &LockMonitor::checkStalled);
    connect(&m_watchdog, &QTimer::timeout, this, &LockMonitor::updateStale);
    m_retry.setSingleShot(true);
    m_retry.setTimerType(Qt::PreciseTimer); // its time left is shown, counting down
    connect(&m_retry, &QTimer::timeout, this, [this] {
        if (!m_paused)
            poll();
    });
}

void LockMonitor::createWorker()
{
    m_thread = new QThread;
    m_thread->setObjectName(u"lockscope-db"_s);
    m_worker = new DatabaseWorker;
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &DatabaseWorker::connected, this,
            [this](const QString &server, int dialect) {
                m_server = server;
                m_dialect = Dialect::Kind(dialect);
            });
    connect(m_worker, &DatabaseWorker::detected, this,
            [this](const QList<DetectedTable> &tables) { emit detected(tables); });
    connect(m_worker, &DatabaseWorker::refreshed, this, &LockMonitor::onRefreshed);
    connect(m_worker, &DatabaseWorker::refreshFailed, this, &LockMonitor::onRefreshFailed);
    connect(m_worker, &DatabaseWorker::historyReady, this,
            [this](quint64 generation, const QString &name, const QList<LockEvent> &events) {
                if (generation == m_historyGeneration)
                    emit historyReady(name, events);
            });
    connect(m_worker, &DatabaseWorker::matchingRead, this, &LockMonitor::matchingReady);
    connect(m_worker, &DatabaseWorker::matchingFailed, this, &LockMonitor::matchingFailed);
    connect(m_worker, &DatabaseWorker::auditRead, this, &LockMonitor::auditReady);
    connect(m_worker, &DatabaseWorker::auditFailed, this, &LockMonitor::auditFailed);
    connect(m_worker, &DatabaseWorker::historyFailed, this,
            [this](quint64 generation, const QString &name, const Error &error) {
                if (generation == m_historyGeneration)
                    emit historyFailed(name, error);
            });
    connect(m_worker, &DatabaseWorker::adminDone, this, [this](const AdminResult &result) {
        --m_pendingActions;
        // A refresh queued behind the action on the database thread begins its wait now.
        if (m_inFlight)
            m_inFlightSince.start();
        emit adminDone(result);
        refreshNow(); // show the effect at once
    });
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, rows = m_windowThreshold,
                                         stuck = m_stuckAfterMs, callMs = m_callTimeoutMs] {
        worker->setWindowThreshold(rows);
        worker->setStuckAfterMs(stuck);
        worker->setCallTimeoutMs(callMs);
    });
    m_thread->start();
}

void LockMonitor::abandonWorker()
{
    // The worker is blocked on a server that does not answer, and a blocked call cannot be
    // interrupted. Leave it to finish on its own (its thread then deletes itself and the
    // worker) and carry on with a new one, so that another connection can be opened now.
    disconnect(m_worker, nullptr, this, nullptr);
    QThread *old = m_thread;
    connect(old, &QThread::finished, old, &QObject::deleteLater);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->disconnectNow(); });
    old->quit();
    m_pendingActions = 0; // their results would come from the abandoned worker
    createWorker();
}

LockMonitor::~LockMonitor()
{
    // Behind what was asked before (the test holds' releases of a closing window), not before.
    QMetaObject::invokeMethod(m_worker, [thread = m_thread] { thread->quit(); });
    // A worker blocked on a hung server cannot be interrupted; do not freeze the exit on it.
    if (!m_thread->wait(2000)) {
        qWarning("lockscope: the database thread is still waiting for the server; leaving it");
        m_thread->setParent(nullptr);
        return; // deliberately leaked: the process is ending
    }
    delete m_thread;
}

void LockMonitor::setStuckAfterMs(qint64 ms)
{
    m_stuckAfterMs = qMax<qint64>(1000, ms);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, stuck = m_stuckAfterMs] {
        worker->setStuckAfterMs(stuck);
    });
}

void LockMonitor::setCallTimeoutMs(qint64 ms)
{
    m_callTimeoutMs = qMax<qint64>(1, ms);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, callMs = m_callTimeoutMs] {
        worker->setCallTimeoutMs(callMs);
    });
}

void LockMonitor::start(const ConnectionSpec &spec, const QString &table, int timeoutS,
                        bool readOnly, const QVariantMap &lockProfile)
{
    if (m_inFlight && m_inFlightSince.elapsed() > 1000)
        abandonWorker();
    m_started = true;
    if (m_paused) { // a new connection is watched live
        m_paused = false;
        emit pausedChanged(false);
    }
    m_readOnly = readOnly;
    m_failures = 0;
    m_server = spec.redacted();
    m_missingTableText = missingTableText(spec, lockTableName(table, lockProfile));
    m_dialect.reset();
    m_lastRefresh = {}; // the previous database's
    m_retry.stop();
    updateStale();
    ++m_generation; // results of the previous connection are dropped
    m_inFlight = false;
    m_again = false;
    m_windowed = false;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, spec, table, timeoutS, readOnly,
                                         lockProfile] {
        worker->configure(spec, table, timeoutS, readOnly, lockProfile);
    });
    setHealth(Health::Connecting, tr("Connecting to %1\u2026").arg(spec.redacted()));
    m_watchdog.start();
    poll();
}

void LockMonitor::setInterval(int ms)
{
    m_interval = qBound(100, ms, 3600 * 1000);
    if (m_pollTimer.isActive())
        m_pollTimer.start(m_interval);
    updateStale();
}

void LockMonitor::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    if (paused)
        m_pollTimer.stop();
    emit pausedChanged(paused);
    updateStale(); // paused: what is shown is as of the last read
    if (!paused)
        refreshNow(); // at once: the next interval restarts from this read
}

void LockMonitor::refreshNow()
{
    if (!m_started)
        return;
    poll();
}

void LockMonitor::setQuery(const LockTableQuery &query)
{
    if (query == m_query)
        return;
    m_query = query;
    if (!m_windowed || !m_started)
        return; // the whole table is read: the view filters and scrolls by itself
    if (m_inFlight)
        m_again = true;
    else
        poll();
}

void LockMonitor::setWindowThreshold(int rows)
{
    m_windowThreshold = qMax(1, rows);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, rows = m_windowThreshold] {
        worker->setWindowThreshold(rows);
    });
}

void LockMonitor::poll()
{
    if (m_inFlight)
        return; // one refresh at a time; the watchdog reports a slow one
    m_retry.stop(); // (F5 during a wait after a failure: this is the next try)
    m_inFlight = true;
    m_again = false;
    m_inFlightSince.start();
    const quint64 generation = ++m_generation;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, generation, query = m_query] {
        worker->refresh(generation, query);
    });
}

void LockMonitor::checkStalled()
{
    // Behind an admin's action (a test-acquire, a force release) the refresh waits for that
    // action, which has its own deadline and says its own outcome: a wait for another
    // session's row lock ends as "Not done", named, and is no sign of a slow database.
    if (!m_inFlight || m_pendingActions > 0)
        return;
    const qint64 waited = m_inFlightSince.elapsed();
    const qint64 patience = qMax<qint64>(3000, 2LL * m_interval);
    if (waited > patience && m_health != Health::Down)
        setHealth(Health::Slow,
                  tr("The database has not answered for %1 s. The window keeps working; the "
                     "data shown may be out of date.")
                      .arg(waited / 1000));
}

void LockMonitor::onRefreshed(quint64 generation, const LockRefresh &refresh)
{
    if (generation != m_generation)
        return; // superseded (reconnected meanwhile)
    m_inFlight = false;
    m_failures = 0;
    m_windowed = refresh.mode == LockRefresh::Mode::Windowed;
    m_lastRefresh = QDateTime::currentDateTime();
    m_sinceRefresh.start();
    setHealth(Health::Ok, tr("Connected to %1").arg(m_server));
    updateStale(); // live again before the rows come in
    emit refreshed(refresh);
    if (refresh.mode == LockRefresh::Mode::Full)
        emit snapshot(refresh.page.locks, refresh.clock);
    if (m_again && m_windowed) {
        poll(); // the view moved on while this one was read
        return;
    }
    m_again = false;
    if (m_paused)
        return;
    if (!m_pollTimer.isActive() || m_pollTimer.interval() != m_interval)
        m_pollTimer.start(m_interval);
}

void LockMonitor::onRefreshFailed(quint64 generation, const Error &error)
{
    if (generation != m_generation)
        return;
    m_inFlight = false;
    m_pollTimer.stop();
    if (error.kind == Error::Kind::Authentication) {
        // The same password would be refused again (and count against the account on the
        // server): no retry; the window asks for the password.
        setHealth(Health::LoginRefused,
                  tr("%1 Not retrying until a password is given.").arg(error.message));
        return;
    }
    QString why = error.message;
    if (error.kind == Error::Kind::MissingSchema)
        why = (lockcore::explainsCaseFolding(error) ? error.message : m_missingTableText) + u' '
              + missingTableAdvice(error);
    ++m_failures;
    // Back off while the database is unreachable; short while the admin looks (retryDelayMs).
    m_retry.start(retryDelayMs(m_failures, m_watched));
    setHealth(Health::Down, tr("%1 Retrying by itself; F5 tries now.").arg(why));
}

int LockMonitor::retryDelayMs(int failures, bool watched)
{
    const qint64 cap = watched ? WatchedRetryMs : UnwatchedRetryMs;
    return int(qMin<qint64>(cap, 1000LL << qBound(0, failures - 1, 5)));
}

void LockMonitor::setWatched(bool watched)
{
    if (watched == m_watched)
        return;
    m_watched = watched;
    if (watched && m_retry.isActive() && m_retry.remainingTime() > WatchedRetryMs)
        m_retry.start(WatchedRetryMs);
}

int LockMonitor::nextTryInMs() const
{
    return m_retry.isActive() && !m_paused ? qMax(0, m_retry.remainingTime()) : -1;
}

void LockMonitor::updateStale()
{
    const bool overdue = !m_sinceRefresh.isValid()
                         || m_sinceRefresh.elapsed() > qint64(m_interval) + StaleMarginMs;
    const bool stale = m_started && m_lastRefresh.isValid()
                       && (m_paused || m_health == Health::Down
                           || m_health == Health::LoginRefused || overdue);
    if (stale == m_stale)
        return;
    m_stale = stale;
    emit staleChanged(stale);
}

QString LockMonitor::missingTableAdvice(const Error &error) const
{
    if (!error.tableInstead.isEmpty()) // (PostgreSQL's case folding: the table meant exists)
        return tr("Connect again with the table %1 (File \u203a Connect\u2026).")
            .arg(error.tableInstead);
    if (m_readOnly)
        return tr("This connection is read-only: whoever may change the database can create it "
                  "(Lock \u203a Create schema\u2026 shows its DDL).");
    return tr("Create it with Lock \u203a Create schema\u2026 (Ctrl+Shift+D), which also shows "
              "its DDL for your DBA.");
}

quint64 LockMonitor::submit(AdminRequest request)
{
    request.id = ++m_nextRequestId;
    ++m_pendingActions;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, request] { worker->run(request); });
    return request.id;
}

void LockMonitor::requestHistory(const QString &name, int limit)
{
    const quint64 generation = ++m_historyGeneration;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, generation, name, limit] {
        worker->loadHistory(generation, name, limit);
    });
}

quint64 LockMonitor::requestMatching(const LockTableQuery &query)
{
    const quint64 id = ++m_nextRequestId;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, id, query] {
        worker->readMatching(id, query);
    });
    return id;
}

void LockMonitor::setHealth(Health health, const QString &text)
{
    if (health == m_health && text == m_healthText)
        return;
    m_health = health;
    m_healthText = text;
    updateStale();
    emit healthChanged(health, text);
}

} // namespace ui
