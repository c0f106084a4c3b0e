#pragma once

#include "adminrequest.h"
#include "connectionspec.h"
#include "lockrefresh.h"
#include "locktablereader.h"
#include "lockservice.h"
#include "session.h"

#include <QList>
#include <QObject>
#include <memory>
#include <optional>

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
    void configure(const lockcore::ConnectionSpec &spec, const QString &table, int timeoutS,
                   bool readOnly);
    // Reads the lock table as LockTableReader does (whole, or the window `query` asks for).
    void refresh(quint64 generation, const LockTableQuery &query);
    // Above this many locks only the view's window is read.
    void setWindowThreshold(int rows);
    void loadHistory(quint64 generation, const QString &name, int limit);
    void run(const AdminRequest &request);
    void disconnectNow();

signals:
    void connected(const QString &serverDescription);
    void refreshed(quint64 generation, const LockRefresh &refresh);
    void refreshFailed(quint64 generation, const lockcore::Error &error);
    void historyReady(quint64 generation, const QString &name,
                      const QList<lockcore::LockEvent> &events);
    void historyFailed(quint64 generation, const QString &name, const lockcore::Error &error);
    void adminDone(const AdminResult &result);

private:
    lockcore::Status ensureOpen();
    void dropIfBroken(const lockcore::Error &error);
    AdminResult execute(const AdminRequest &request);

    lockcore::ConnectionSpec m_spec;
    QString m_table;
    int m_timeoutS = 5;
    bool m_readOnly = false;
    bool m_configured = false;
    std::unique_ptr<lockcore::Session> m_session;
    std::optional<lockcore::LockService> m_service;
    LockTableReader m_reader;
};
