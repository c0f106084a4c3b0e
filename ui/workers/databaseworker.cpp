// SPDX-License-Identifier: GPL-3.0-or-later
#include "databaseworker.h"

#include "durationtext.h"
#include "holderid.h"
#include "profileaudit.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlDriver>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

DatabaseWorker::DatabaseWorker(QObject *parent) : QObject(parent) {}

DatabaseWorker::~DatabaseWorker() = default;

void DatabaseWorker::configure(const ConnectionSpec &spec, const QString &table, int timeoutS,
                               bool readOnly, const QVariantMap &lockProfile)
{
    m_profileTable.reset();
    m_service.reset();
    m_session.reset();
    m_lockProfile = lockProfile;
    m_profileReader.reset();
    m_detectionDone = false;
    m_spec = spec;
    m_spec.readOnly = spec.readOnly || readOnly; // lockcore refuses writes, not only this worker
    m_table = table;
    m_timeoutS = timeoutS;
    m_readOnly = m_spec.readOnly;
    m_configured = true;
    m_reader.reset();
}

void DatabaseWorker::disconnectNow()
{
    m_profileTable.reset();
    m_service.reset();
    m_session.reset();
}

Status DatabaseWorker::ensureOpen()
{
    if (m_service || m_profileTable)
        return {};
    if (!m_configured)
        return Error{Error::Kind::Connection, tr("No database is configured."), {}, {}};
    SessionOptions options;
    options.connectTimeoutS = m_timeoutS;
    options.callTimeoutMs = m_callTimeoutMs;
    auto session = Session::open(m_spec, options);
    if (!session)
        return session.error();
    m_session = std::move(session).value();
    if (!m_lockProfile.isEmpty()) {
        auto profile = Profile::fromMap(m_lockProfile);
        auto table = profile ? ProfileTable::open(*m_session, *profile, m_table)
                             : Result<ProfileTable>(profile.error());
        if (!table) {
            m_session.reset();
            return table.error();
        }
        m_profileTable.emplace(std::move(table).value());
        emit connected(tr("%1 \u2014 %2 \u2014 %3 (%4)")
                           .arg(m_session->dialect().name(), m_spec.redacted(),
                                m_profileTable->table(), m_profileTable->profile().id),
                       int(m_session->dialect().kind()));
        return {};
    }
    auto service = LockService::create(*m_session, m_table);
    if (!service) {
        m_session.reset();
        return service.error();
    }
    m_service.emplace(std::move(service).value());
    // "user@host (lockscope)": what tells the window's test holds in the audit.
    m_service->setActor(actorId(AuditRequest::windowTool()));
    m_service->setEventLevel(LockService::EventLevel::All);
    const QString server = m_session->dialect().name() + u" \u2014 "_s + m_spec.redacted();
    emit connected(server, int(m_session->dialect().kind()));
    return {};
}

void DatabaseWorker::dropIfBroken(const Error &error)
{
    switch (error.kind) {
    case Error::Kind::Connection:
    case Error::Kind::ConnectionLost:
    case Error::Kind::Authentication:
    case Error::Kind::DriverMissing:
        m_profileTable.reset();
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
    auto refresh = m_profileTable ? m_profileReader.read(*m_session, *m_profileTable)
                                  : m_reader.read(*m_session, m_service->tables(), query);
    if (refresh && refresh->mode == LockRefresh::Mode::Full)
        refresh->query = query;
    if (!refresh) {
        dropIfBroken(refresh.error());
        emit refreshFailed(generation, refresh.error());
        return;
    }
    emit refreshed(generation, *refresh);
    if (!m_detectionDone && m_service) {
        // Once per connection, after the first refresh (so the table shows first): the lock
        // tables of other applications in the same database, for the window to offer.
        m_detectionDone = true;
        auto tables = detectProfileTables(*m_session);
        if (tables && !tables->isEmpty())
            emit detected(*tables);
    }
}

void DatabaseWorker::setStuckAfterMs(qint64 ms)
{
    m_profileReader.setStuckAfterMs(ms);
}

void DatabaseWorker::setCallTimeoutMs(qint64 ms)
{
    m_callTimeoutMs = ms;
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
    if (m_profileTable) {
        emit historyFailed(generation, name,
                           Error{Error::Kind::InvalidInput,
                                 tr("This application's table (%1) keeps no history of its "
                                    "locks.")
                                     .arg(m_profileTable->profile().id),
                                 {},
                                 {}});
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

void DatabaseWorker::readMatching(quint64 id, const LockTableQuery &query)
{
    if (Status open = ensureOpen(); !open) {
        emit matchingFailed(id, open.error());
        return;
    }
    if (!m_service) {
        emit matchingFailed(id, Error{Error::Kind::InvalidInput,
                                      tr("An application's table is read whole, not a window "
                                         "at a time."),
                                      {},
                                      {}});
        return;
    }
    // (An application's table is always read whole: the window has every row already.)
    auto locks = LockTableReader::readMatching(*m_session, m_service->tables(), query);
    if (!locks) {
        dropIfBroken(locks.error());
        emit matchingFailed(id, locks.error());
        return;
    }
    emit matchingRead(id, *locks);
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
    } else if (request.deadline.hasExpired()) {
        result.request = request;
        result.error = Error{Error::Kind::Cancelled,
                             tr("Not sent: its time ran out while earlier work was waiting for "
                                "the database."),
                             {},
                             {}};
    } else if (Status open = ensureOpen(); !open) {
        result.request = request;
        result.error = open.error();
    } else {
        const lockcore::Session::DeadlineScope deadline(*m_session, request.deadline);
        result = m_profileTable ? executeOnProfile(request) : execute(request);
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
                                      durationText(grant->current.remainingMs()));
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
        if (renewed->leaseEndedAt.isValid()) // refused: a lapsed lease is lost for good
            result.summary = tr("The lease of \"%1\" ended %2 ago: it is lost; acquire it again.")
                                 .arg(name, durationText(renewed->leaseEndedAt.msecsTo(
                                                renewed->dbNow)));
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
                             : lockcore::forceReleaseRefusal(name, request.fence,
                                                             forced->current);
        break;
    }
    case AdminRequest::Kind::Delete: {
        auto deleted = m_service->remove(name, request.fence);
        if (!deleted) {
            result.error = deleted.error();
            break;
        }
        result.done = deleted->deleted;
        result.current = deleted->current;
        result.summary = deleted->deleted ? tr("Deleted \"%1\".").arg(name)
                         : deleted->missing
                             ? tr("There is no lock \"%1\" (any longer).").arg(name)
                         : deleted->changed
                             ? tr("Not deleted: \"%1\" changed since you looked (fence %2, "
                                  "now %3, %4). Look at it again first.")
                                   .arg(name)
                                   .arg(request.fence)
                                   .arg(deleted->current.fence)
                                   .arg(lockcore::lockStateName(deleted->current.state))
                             : tr("\"%1\" is held by %2: force-release it first.")
                                   .arg(name, deleted->current.holder);
        break;
    }
    }
    return result;
}

AdminResult DatabaseWorker::executeOnProfile(const AdminRequest &request)
{
    AdminResult result;
    result.request = request;
    const QString &name = request.name;
    ProfileTable &table = *m_profileTable;
    const Profile &profile = table.profile();
    const auto now = [&](const std::optional<ProfileLock> &lock) {
        return lock ? ProfileReader::toLockInfo(*lock, 0, profile.hasExpiry()) : LockInfo();
    };
    switch (request.kind) {
    case AdminRequest::Kind::Acquire: {
        auto acquired = table.acquire(name, request.holder, request.ttlMs);
        if (!acquired) {
            result.error = acquired.error();
            break;
        }
        result.done = acquired->acquired;
        result.current = now(acquired->current);
        result.grant.acquired = acquired->acquired;
        result.grant.name = name;
        result.grant.holder = request.holder;
        result.grant.current = result.current;
        result.summary = acquired->acquired
                             ? tr("Acquired \"%1\" as %2, the way %3 does.")
                                   .arg(name, request.holder, profile.id)
                             : tr("\"%1\" is held by %2: refused, as %3 would be.")
                                   .arg(name,
                                        result.current.holder.isEmpty()
                                            ? tr("someone (this table records no holder)")
                                            : result.current.holder,
                                        profile.id);
        break;
    }
    case AdminRequest::Kind::Release: {
        auto released = table.release(name, request.holder);
        if (!released) {
            result.error = released.error();
            break;
        }
        result.done = *released;
        result.summary = *released
                             ? tr("Released \"%1\".").arg(name)
                             : tr("\"%1\" is not held by %2: nothing was changed.")
                                   .arg(name, request.holder);
        break;
    }
    case AdminRequest::Kind::ForceRelease: {
        std::optional<qint64> seen;
        if (!profile.seenTimeColumn().isEmpty()) {
            LockInfo shown;
            shown.acquiredAt = request.seenAcquiredAt;
            shown.expiresAt = request.seenExpiresAt;
            seen = m_profileReader.storedSeenTime(profile, shown);
        }
        result.seenTimeMs = seen;
        auto forced = table.forceRelease(name, request.holder, seen);
        if (!forced) {
            result.error = forced.error();
            break;
        }
        result.done = forced->released;
        result.current = now(forced->current);
        result.summary
            = forced->released
                  ? tr("Force-released \"%1\" (held by %2) the way %3 releases it.")
                        .arg(name,
                             request.holder.isEmpty() ? tr("an unrecorded holder")
                                                      : request.holder,
                             profile.id)
                  : tr("Refused: \"%1\" changed since you looked (holder or time). Nothing "
                       "was changed.")
                        .arg(name);
        break;
    }
    case AdminRequest::Kind::Initialize: {
        auto created = table.initialize(name, request.holder);
        if (!created) {
            result.error = created.error();
            break;
        }
        result.done = *created;
        result.summary = *created
                             ? tr("Lock \"%1\" created.").arg(name)
                             : tr("Lock \"%1\" already exists; it was left as it is.").arg(name);
        break;
    }
    case AdminRequest::Kind::Renew:
    case AdminRequest::Kind::Delete:
    case AdminRequest::Kind::CreateSchema:
        result.error = Error{Error::Kind::InvalidInput,
                             tr("Not available on %1's table: Lockscope only does there what "
                                "that application does.")
                                 .arg(profile.id),
                             {},
                             {}};
        return result; // nothing was tried: nothing to record
    }
    recordOnProfile(result);
    return result;
}

void DatabaseWorker::recordOnProfile(AdminResult &result)
{
    // These tables keep no history: the action goes to Lockscope's event table (dist_lock's),
    // else to the local audit log (lockcore::recordProfileAction), as lockctl records it.
    const AdminRequest &request = result.request;
    ProfileAction action;
    action.profile = m_profileTable->profile().id;
    action.table = m_profileTable->table();
    action.lock = request.name;
    action.reason = request.kind == AdminRequest::Kind::ForceRelease ? request.text : QString();
    action.actor = actorId(AuditRequest::windowTool());
    action.holder = request.holder;
    action.expectTimeMs = result.seenTimeMs;
    switch (request.kind) {
    case AdminRequest::Kind::Acquire:
        action.action = u"acquire"_s;
        action.outcome = result.done ? u"acquired"_s : u"refused"_s;
        break;
    case AdminRequest::Kind::Release:
        action.action = u"release"_s;
        action.outcome = result.done ? u"released"_s : u"refused"_s;
        break;
    case AdminRequest::Kind::ForceRelease:
        action.action = u"force_release"_s;
        action.outcome = result.done ? u"released"_s : u"refused"_s;
        break;
    default:
        action.action = u"init"_s;
        action.outcome = result.done ? u"created"_s : u"exists"_s;
        break;
    }
    if (result.error && !actionWasTried(*result.error))
        return; // refused before anything was sent: nothing to record
    if (result.error)
        action.outcome = u"failed"_s;
    const ProfileActionRecord record
        = recordProfileAction(*m_session, LockService::defaultTable(), action);
    qInfo().noquote() << profileRecordText(action, record);
    const QString said
        = record.where == ProfileActionRecord::Where::EventTable
              ? tr("Recorded in %1.").arg(record.place)
          : record.where == ProfileActionRecord::Where::LocalLog
              ? tr("Recorded in the local audit log.") // its path: the log, the user guide
              : tr("NOT recorded: %1").arg(record.error);
    if (result.error)
        result.error->message += u' ' + said;
    else
        result.summary += u' ' + said;
}

} // namespace ui
