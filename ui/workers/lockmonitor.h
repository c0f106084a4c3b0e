// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminaudit.h"
#include "adminrequest.h"
#include "connectionspec.h"
#include "dialect.h"
#include "lockrefresh.h"
#include "locktablereader.h"
#include "profiledetect.h"
#include "session.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <optional>

class QThread;

namespace ui {

class DatabaseWorker;

// The GUI thread's side of the database: polls the lock table through a DatabaseWorker on its
// own thread, notices when the database stops answering, reconnects with backoff, and passes
// admin actions along. Nothing here ever waits on the network. A table of more than
// windowThreshold() locks is read a window at a time (LockTableReader): the view says which
// rows and which filter with setQuery().
class LockMonitor : public QObject
{
    Q_OBJECT

public:
    enum class Health {
        Idle,       // not started
        Connecting, // first refresh under way
        Ok,         // the last refresh succeeded
        Slow,       // a refresh has been under way for longer than expected
        Down,       // the last attempt failed; retrying with backoff
        LoginRefused, // the server refused the login: no retry until start() with a password
    };
    Q_ENUM(Health)

    explicit LockMonitor(QObject *parent = nullptr);
    ~LockMonitor() override;

    // Connects (again) to `spec`. If the worker is stuck on a server that does not answer, it
    // is abandoned and a new one connects, so another database can be opened at once.
    // `lockProfile`: an application's own lock table (see DatabaseWorker::configure).
    void start(const lockcore::ConnectionSpec &spec, const QString &table, int timeoutS,
               bool readOnly, const QVariantMap &lockProfile = {});
    // Application tables without expiry: held longer than this is "possibly stuck".
    void setStuckAfterMs(qint64 ms);
    qint64 stuckAfterMs() const { return m_stuckAfterMs; }
    // Each database call's deadline (lockcore::SessionOptions::callTimeoutMs: lockcore's default
    // unless set; the tests shorten it), from the next start() on.
    void setCallTimeoutMs(qint64 ms);
    qint64 callTimeoutMs() const { return m_callTimeoutMs; }
    void setInterval(int ms);
    int interval() const { return m_interval; }
    void refreshNow();
    // Pause refresh: no periodic read (nor retry) while paused; resuming reads at once. A new
    // connection (start()) resumes. refreshNow() still reads once, as the user asked.
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    bool isRefreshing() const { return m_inFlight; }
    // What the view shows; while the table is read a window at a time, a change is fetched at
    // once (one refresh in flight at a time: the latest query follows the one under way).
    void setQuery(const LockTableQuery &query);
    LockTableQuery query() const { return m_query; }
    void setWindowThreshold(int rows);
    int windowThreshold() const { return m_windowThreshold; }
    // The last refresh read a window of a large table.
    bool isWindowed() const { return m_windowed; }
    quint64 submit(AdminRequest request);
    // The newest events of `name` (historyReady or historyFailed). A live holder renews every
    // few seconds: the window reads enough to reach back past them (the pane folds them).
    static constexpr int HistoryLimit = 1000;
    void requestHistory(const QString &name, int limit = HistoryLimit);
    // Every lock that matches `query`'s filter, read on the database thread (matchingReady or
    // matchingFailed with the returned id): an export of a table read a window at a time.
    quint64 requestMatching(const LockTableQuery &query);
    // The admin actions across every lock, read on the database thread (auditReady or
    // auditFailed with the returned id; auditreads.cpp).
    quint64 requestAudit(const lockcore::AuditRequest &request);

    // The data last read is stale: a read has succeeded before, and since then a refresh
    // failed, or none succeeded within the interval and StaleMarginMs, or refresh is paused.
    // What the window shows is then as of lastRefresh() (staleChanged when this changes).
    bool isStale() const { return m_stale; }
    static constexpr int StaleMarginMs = 1500;

    // After a failed refresh the monitor tries again by itself, after 1, 2, 4, ... s: up to
    // WatchedRetryMs while the admin can see the window (setWatched(true)), else up to
    // UnwatchedRetryMs. The wait after `failures` failures in a row.
    static constexpr int WatchedRetryMs = 5000;
    static constexpr int UnwatchedRetryMs = 30000;
    static int retryDelayMs(int failures, bool watched);
    // Whether the admin can see the window (shown, not minimised). Becoming watched shortens
    // a longer wait under way to WatchedRetryMs at most.
    void setWatched(bool watched);
    bool isWatched() const { return m_watched; }
    // The time left before the next try by itself, in ms; -1 when none is waiting. F5
    // (refreshNow()) tries at once.
    int nextTryInMs() const;
    // Refreshes that failed in a row (0 after one that succeeded).
    int failedTries() const { return m_failures; }

    Health health() const { return m_health; }
    QString healthText() const { return m_healthText; }
    QDateTime lastRefresh() const { return m_lastRefresh; }
    QString serverDescription() const { return m_server; }
    // The connected database's kind, once a connection has opened (through ODBC, the one the
    // server named); empty before.
    std::optional<lockcore::Dialect::Kind> dialectKind() const { return m_dialect; }
    int pendingActions() const { return m_pendingActions; }

signals:
    // Every refresh, whole or windowed (for the lock table's view).
    void refreshed(const ui::LockRefresh &refresh);
    // A refresh that read the whole table: every lock (after refreshed()).
    void snapshot(const QList<lockcore::LockInfo> &locks, const lockcore::DbClock &clock);
    void healthChanged(ui::LockMonitor::Health health, const QString &text);
    void pausedChanged(bool paused);
    void staleChanged(bool stale);
    // Other applications' lock tables found in the database (once per connection).
    void detected(const QList<lockcore::DetectedTable> &tables);
    void adminDone(const ui::AdminResult &result);
    void historyReady(const QString &name, const QList<lockcore::LockEvent> &events);
    void historyFailed(const QString &name, const lockcore::Error &error);
    void matchingReady(quint64 id, const QList<lockcore::LockInfo> &locks);
    void matchingFailed(quint64 id, const lockcore::Error &error);
    void auditReady(quint64 id, const lockcore::AuditPage &page);
    void auditFailed(quint64 id, const lockcore::Error &error);

private:
    void createWorker();
    void abandonWorker();
    void poll();
    void checkStalled();
    void updateStale();
    void setHealth(Health health, const QString &text);
    void onRefreshed(quint64 generation, const LockRefresh &refresh);
    void onRefreshFailed(quint64 generation, const lockcore::Error &error);
    // What to do about a missing table: connect to the one meant, or create it.
    QString missingTableAdvice(const lockcore::Error &error) const;

    QThread *m_thread = nullptr;
    DatabaseWorker *m_worker = nullptr;
    QTimer m_pollTimer;
    QTimer m_watchdog;
    QTimer m_retry; // the next try after a failure
    QElapsedTimer m_sinceRefresh; // since the last successful refresh
    bool m_stale = false;
    bool m_watched = false;
    QElapsedTimer m_inFlightSince;
    quint64 m_generation = 0;
    quint64 m_historyGeneration = 0;
    quint64 m_nextRequestId = 0;
    bool m_inFlight = false;
    bool m_again = false; // the query changed while a refresh was under way
    bool m_windowed = false;
    int m_windowThreshold = LockTableReader::DefaultThreshold;
    LockTableQuery m_query;
    bool m_started = false;
    bool m_paused = false;
    bool m_readOnly = false; // the connection as started: what a missing table can be told
    int m_interval = 1000;
    qint64 m_stuckAfterMs = 3600 * 1000;
    qint64 m_callTimeoutMs = lockcore::SessionOptions{}.callTimeoutMs;
    int m_failures = 0;
    int m_pendingActions = 0;
    Health m_health = Health::Idle;
    QString m_healthText;
    QString m_server;
    QString m_missingTableText; // what a missing lock table is told as
    std::optional<lockcore::Dialect::Kind> m_dialect;
    QDateTime m_lastRefresh;
};

} // namespace ui
