#include "databaseworker.h"

#include "duration.h"
#include "holderid.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlDriver>

using namespace Qt::StringLiterals;
using namespace lockcore;

DatabaseWorker::DatabaseWorker(QObject *parent) : QObject(parent) {}

DatabaseWorker::~DatabaseWorker() = default;

void DatabaseWorker::configure(const ConnectionSpec &spec, const QString &table, int timeoutS,
                               bool readOnly)
{
    m_service.reset();
    m_session.reset();
    m_spec = spec;
    m_table = table;
    m_timeoutS = timeoutS;
    m_readOnly = readOnly;
    m_configured = true;
    m_reader.reset();
}

void DatabaseWorker::disconnectNow()
{
    m_service.reset();
    m_session.reset();
}

Status DatabaseWorker::ensureOpen()
{
    if (m_service)
        return {};
    if (!m_configured)
        return Error{Error::Kind::Connection, tr("No database is configured."), {}, {}};
    auto session = Session::open(m_spec, SessionOptions{m_timeoutS});
    if (!session)
        return session.error();
    m_session = std::move(session).value();
    auto service = LockService::create(*m_session, m_table);
    if (!service) {
        m_session.reset();
        return service.error();
    }
    m_service.emplace(std::move(service).value());
    m_service->setActor(actorId(u"lockscope"_s));
    m_service->setEventLevel(LockService::EventLevel::All);
    const QString server = m_session->dialect().name() + u" \u2014 "_s + m_spec.redacted();
    emit connected(server);
    return {};
}

void DatabaseWorker::dropIfBroken(const Error &error)
{
    switch (error.kind) {
    case Error::Kind::Connection:
    case Error::Kind::ConnectionLost:
    case Error::Kind::Authentication:
    case Error::Kind::DriverMissing:
        m_service.reset();
        m_session.reset();
        break;
    default:
        break;
    }
}

void DatabaseWorker::refresh(quint64 generation, const LockTableQuery &query)
{
    if (Status open = ensureOpen(); !open) {
        emit refreshFailed(generation, open.error());
        return;
    }
    auto refresh = m_reader.read(*m_session, m_service->tables(), query);
    if (!refresh) {
        dropIfBroken(refresh.error());
        emit refreshFailed(generation, refresh.error());
        return;
    }
    emit refreshed(generation, *refresh);
}

void DatabaseWorker::setWindowThreshold(int rows)
{
    m_reader.setThreshold(rows);
}

void DatabaseWorker::loadHistory(quint64 generation, const QString &name, int limit)
{
    if (Status open = ensureOpen(); !open) {
        emit historyFailed(generation, name, open.error());
        return;
    }
    auto events = m_service->history(name, limit);
    if (!events) {
        dropIfBroken(events.error());
        emit historyFailed(generation, name, events.error());
        return;
    }
    emit historyReady(generation, name, *events);
}

void DatabaseWorker::run(const AdminRequest &request)
{
    AdminResult result;
    if (m_readOnly) {
        result.request = request;
        result.error = Error{Error::Kind::InvalidInput,
                             tr("This connection is read-only: no change was made."),
                             {},
                             {}};
    } else if (Status open = ensureOpen(); !open) {
        result.request = request;
        result.error = open.error();
    } else {
        result = execute(request);
        if (result.error)
            dropIfBroken(*result.error);
    }
    emit adminDone(result);
}

AdminResult DatabaseWorker::execute(const AdminRequest &request)
{
    AdminResult result;
    result.request = request;
    const QString &name = request.name;
    switch (request.kind) {
    case AdminRequest::Kind::CreateSchema: {
        const Status created = m_service->createSchema();
        if (!created) {
            result.error = created.error();
            break;
        }
        result.done = true;
        result.summary = tr("The lock tables exist now.");
        break;
    }
    case AdminRequest::Kind::Initialize: {
        auto outcome = m_service->initialize(name, request.ttlMs, request.text);
        if (!outcome) {
            result.error = outcome.error();
            break;
        }
        result.done = outcome->created;
        result.current = outcome->current;
        result.summary = outcome->created
                             ? tr("Lock \"%1\" created.").arg(name)
                             : tr("Lock \"%1\" already exists; it was left as it is.").arg(name);
        break;
    }
    case AdminRequest::Kind::Acquire: {
        auto grant = m_service->acquire(name, request.holder, request.ttlMs);
        if (!grant) {
            result.error = grant.error();
            break;
        }
        result.done = grant->acquired;
        result.grant = *grant;
        result.current = grant->current;
        if (grant->acquired)
            result.summary = tr("Acquired \"%1\" with fence %2 until %3.")
                                 .arg(name)
                                 .arg(grant->fence)
                                 .arg(grant->expiresAt.toLocalTime().toString(
                                     u"HH:mm:ss.zzz"_s));
        else
            result.summary = tr("\"%1\" is held by %2 for another %3.")
                                 .arg(name, grant->current.holder,
                                      formatDurationMs(grant->current.remainingMs()));
        break;
    }
    case AdminRequest::Kind::Renew: {
        auto renewed = m_service->renew(name, request.holder, request.fence, request.ttlMs);
        if (!renewed) {
            result.error = renewed.error();
            break;
        }
        result.done = renewed->renewed;
        result.current = renewed->current;
        if (renewed->renewed) {
            result.current.name = name;
            result.current.expiresAt = renewed->expiresAt;
        }
        result.summary = renewed->renewed
                             ? tr("Renewed \"%1\" until %2.")
                                   .arg(name, renewed->expiresAt.toLocalTime().toString(
                                                  u"HH:mm:ss.zzz"_s))
                             : tr("\"%1\" was lost: it is no longer held with fence %2.")
                                   .arg(name)
                                   .arg(request.fence);
        break;
    }
    case AdminRequest::Kind::Release: {
        auto released = m_service->release(name, request.holder, request.fence);
        if (!released) {
            result.error = released.error();
            break;
        }
        result.done = released->released;
        result.current = released->current;
        result.summary = released->released
                             ? tr("Released \"%1\".").arg(name)
                             : tr("\"%1\" was lost before the release: nothing was changed.")
                                   .arg(name);
        break;
    }
    case AdminRequest::Kind::ForceRelease: {
        auto forced = m_service->forceRelease(name, request.fence, request.text);
        if (!forced) {
            result.error = forced.error();
            break;
        }
        result.done = forced->released;
        result.current = forced->current;
        result.summary = forced->released
                             ? tr("Force-released \"%1\" (held by %2); its fence is now %3.")
                                   .arg(name, forced->releasedHolder)
                                   .arg(forced->newFence)
                             : tr("Refused: \"%1\" changed hands since you looked (fence %2 "
                                  "is now %3). Nothing was changed.")
                                   .arg(name)
                                   .arg(request.fence)
                                   .arg(forced->current.fence);
        break;
    }
    case AdminRequest::Kind::Delete: {
        auto deleted = m_service->remove(name);
        if (!deleted) {
            result.error = deleted.error();
            break;
        }
        result.done = deleted->deleted;
        result.current = deleted->current;
        result.summary = deleted->deleted ? tr("Deleted \"%1\".").arg(name)
                         : deleted->missing
                             ? tr("There is no lock \"%1\" (any longer).").arg(name)
                             : tr("\"%1\" is held by %2: force-release it first.")
                                   .arg(name, deleted->current.holder);
        break;
    }
    }
    return result;
}
