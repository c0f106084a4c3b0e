// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminaudit.h"
#include "adminrequest.h"
#include "connectionspec.h"
#include "lockrefresh.h"
#include "locktablereader.h"
#include "lockservice.h"
#include "profilereader.h"
#include "profiletable.h"
#include "profiledetect.h"
#include "session.h"

#include <QList>
#include <QObject>
#include <memory>
#include <optional>

namespace ui {

// The window's database connection. Lives on its own thread (see LockMonitor): every call here
// may block on the network, so none of it ever runs on the GUI thread. Results go back as value
// objects through queued signals.
class DatabaseWorker : public QObject
{
    Q_OBJECT

public:
    explicit DatabaseWorker(QObject *parent = nullptr);
    ~DatabaseWorker() override;

public slots:
    // `lockProfile` (lockcore::Profile::toMap()): an application's own lock table, read and
    // changed with that application's protocol; empty: Lockscope's table.
    void configure(const lockcore::ConnectionSpec &spec, const QString &table, int timeoutS,
                   bool readOnly, const QVariantMap &lockProfile = {});
    // Reads the lock table as LockTableReader does (whole, or the window `query` asks for).
    void refresh(quint64 generation, const ui::LockTableQuery &query);
    // Above this many locks only the view's window is read.
    void setWindowThreshold(int rows);
    // Application tables: a lock without expiry held longer than this is possibly stuck.
    void setStuckAfterMs(qint64 ms);
    // Each call's deadline (lockcore::SessionOptions::callTimeoutMs, the server's own statement
    // and lock timeouts below it) on the connections opened after this.
    void setCallTimeoutMs(qint64 ms);
    void loadHistory(quint64 generation, const QString &name, int limit);
    // Every lock that matches the query's filter, for an export (matchingRead / matchingFailed).
    void readMatching(quint64 id, const ui::LockTableQuery &query);
    // The admin actions across every lock (auditRead / auditFailed; auditreads.cpp).
    void readAudit(quint64 id, const lockcore::AuditRequest &request);
    void run(const ui::AdminRequest &request);
    void disconnectNow();

signals:
    // `dialect`: the database's Dialect::Kind as an int (through ODBC, the one the server
    // named when asked).
    void connected(const QString &serverDescription, int dialect);
    // After connecting to Lockscope's own table: the tables of other applications this
    // database also has (see lockcore::detectProfileTables), if any.
    void detected(const QList<lockcore::DetectedTable> &tables);
    void refreshed(quint64 generation, const ui::LockRefresh &refresh);
    void refreshFailed(quint64 generation, const lockcore::Error &error);
    void historyReady(quint64 generation, const QString &name,
                      const QList<lockcore::LockEvent> &events);
    void historyFailed(quint64 generation, const QString &name, const lockcore::Error &error);
    void adminDone(const ui::AdminResult &result);
    void matchingRead(quint64 id, const QList<lockcore::LockInfo> &locks);
    void matchingFailed(quint64 id, const lockcore::Error &error);
    void auditRead(quint64 id, const lockcore::AuditPage &page);
    void auditFailed(quint64 id, const lockcore::Error &error);

private:
    lockcore::Status ensureOpen();
    void dropIfBroken(const lockcore::Error &error);
    AdminResult execute(const AdminRequest &request);
    AdminResult executeOnProfile(const AdminRequest &request);
    // Records an action on the application's table and says where in the result's summary.
    void recordOnProfile(AdminResult &result);

    lockcore::ConnectionSpec m_spec;
    QString m_table;
    int m_timeoutS = 5;
    qint64 m_callTimeoutMs = lockcore::SessionOptions{}.callTimeoutMs;
    bool m_readOnly = false;
    bool m_configured = false;
    std::unique_ptr<lockcore::Session> m_session;
    std::optional<lockcore::LockService> m_service;
    LockTableReader m_reader;
    QVariantMap m_lockProfile;
    std::optional<lockcore::ProfileTable> m_profileTable; // with an application's table
    ProfileReader m_profileReader;
    bool m_detectionDone = false;
};

} // namespace ui
