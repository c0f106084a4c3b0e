// SPDX-License-Identifier: Apache-2.0
#include "profiletable.h"

#include "profilecolumntypes.h"
#include "profiledetect.h"
#include "profilesql.h"
#include "rowlockholders.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

std::optional<qint64> ProfileLock::remainingMs() const
{
    if (state != State::Held || !expiresAtMs)
        return std::nullopt;
    return std::max<qint64>(0, *expiresAtMs - dbNowMs);
}

std::optional<qint64> ProfileLock::heldMs() const
{
    if (state == State::Free || !lockedAtMs)
        return std::nullopt;
    return std::max<qint64>(0, dbNowMs - *lockedAtMs);
}

namespace {

QDateTime utcInstant(const std::optional<qint64> &storedMs, qint64 offsetMs)
{
    return storedMs ? QDateTime::fromMSecsSinceEpoch(*storedMs + offsetMs, Qt::UTC)
                    : QDateTime();
}

// The stored form's offset from true UTC, from the two clocks read in one statement (a few
// milliseconds apart on MySQL, whose UTC_TIMESTAMP is fixed at the statement's start).
qint64 quarterHourOffset(qint64 utcNowMs, qint64 storedNowMs)
{
    const qint64 quarter = 15 * 60 * 1000;
    const qint64 raw = utcNowMs - storedNowMs;
    return (raw >= 0 ? raw + quarter / 2 : raw - quarter / 2) / quarter * quarter;
}

} // namespace

QDateTime ProfileLock::lockedAt() const
{
    return utcInstant(lockedAtMs, utcOffsetMs);
}

QDateTime ProfileLock::expiresAt() const
{
    return utcInstant(expiresAtMs, utcOffsetMs);
}

QDateTime ProfileLock::dbNow() const
{
    return utcInstant(dbNowMs, utcOffsetMs);
}

namespace {

// Why initialize is refused, in the application's terms.
QString noInitializeReason(const Profile &profile)
{
    if (profile.id == u"knex")
        return Tr::tr("The profile knex has no initialize: knex inserts its own row when the "
                      "table is empty, and a second row makes knex refuse to migrate for good.");
    if (!profile.insertOnAcquire)
        return Tr::tr("The profile %1 has no initialize: its application creates its rows "
                      "itself.")
            .arg(profile.id);
    return Tr::tr("The profile %1 has no initialize: its application creates a lock's row "
                  "when it locks.")
        .arg(profile.id);
}

// Why acquire does not create a missing row.
QString noRowReason(const Profile &profile, const QString &name, const QString &table)
{
    if (profile.id == u"laravel-schedule")
        return Tr::tr("There is no row \"%1\" in %2: the profile laravel-schedule takes only "
                      "an existing, expired mutex; Lockscope does not write the serialized "
                      "value Laravel keeps in its NOT NULL value column.")
            .arg(name, table);
    return Tr::tr("There is no row \"%1\" in %2: the profile %3 locks existing rows only.")
        .arg(name, table, profile.id);
}

} // namespace

QString ProfileLock::stateName(State state)
{
    switch (state) {
    case State::Free: return u"free"_s;
    case State::Held: return u"held"_s;
    case State::Expired: return u"expired"_s;
    }
    return {};
}

ProfileTable::ProfileTable(Session &session, const Profile &profile, const QString &table,
                           const ProfileColumnForms &forms)
    : m_session(&session)
    , m_profile(profile)
    , m_table(table)
    , m_sql(std::make_unique<ProfileSql>(session.dialect(), profile, table, forms))
{}

ProfileTable::ProfileTable(ProfileTable &&) noexcept = default;
ProfileTable &ProfileTable::operator=(ProfileTable &&) noexcept = default;
ProfileTable::~ProfileTable() = default;

Result<ProfileTable> ProfileTable::open(Session &session, const Profile &profile,
                                        const QString &table)
{
    if (Status valid = profile.validate(); !valid)
        return valid.error();
    const QString name = table.isEmpty() ? profile.defaultTable : table;
    if (Status valid = validateTableName(name); !valid)
        return valid.error();
    // The application's local times compare with "now" in the zone it writes them in.
    if (!profile.sessionTimeZone.isEmpty() || !session.timeZone().isEmpty()) {
        if (Status zone = session.setTimeZone(profile.sessionTimeZone); !zone)
            return zone.error();
    }
    // The table and its columns as the catalog spells them (unquoted names were folded).
    auto found = findCatalogTable(session, name);
    if (!found)
        return found.error();
    if (!*found)
        return Error{Error::Kind::MissingSchema,
                     Tr::tr("The table %1 does not exist in %2 (the profile %3 reads it).")
                         .arg(name, session.spec().redacted(), profile.id),
                     {},
                     {}};
    Profile resolved = profile;
    QStringList missing;
    for (QString *column : {&resolved.columns.name, &resolved.columns.region,
                            &resolved.columns.holder, &resolved.columns.lockedAt,
                            &resolved.columns.expires, &resolved.columns.status,
                            &resolved.columns.version, &resolved.columns.group,
                            &resolved.columns.ttl}) {
        if (column->isEmpty())
            continue;
        const auto it = std::find_if(
            (*found)->columns.cbegin(), (*found)->columns.cend(),
            [&](const QString &c) { return c.compare(*column, Qt::CaseInsensitive) == 0; });
        if (it == (*found)->columns.cend())
            missing.append(*column);
        else
            *column = *it;
    }
    if (!missing.isEmpty())
        return Error::invalidInput(Tr::tr("The table %1 does not have the columns the profile %2 "
                                          "maps: %3 missing.")
                                       .arg(name, profile.id, missing.join(u", "_s)));
    auto forms = columnFormsOf(session.dialect().kind(), resolved, **found);
    if (!forms)
        return forms.error();
    ProfileTable result(session, resolved, (*found)->table, *forms);
    auto probed = session.run(result.m_sql->probe(), Tr::tr("checking the table %1").arg(name));
    if (!probed)
        return probed.error();
    (*probed)->finish();
    return result;
}

Status ProfileTable::checkWrite(const QString &what, const QString &name) const
{
    if (m_profile.readOnly)
        return Error::invalidInput(Tr::tr("The profile %1 is read-only: %2")
                                       .arg(m_profile.id, m_profile.readOnlyReason));
    if (Status writable = m_session->checkWritable(what); !writable)
        return writable;
    if (auto key = m_profile.splitName(name); !key)
        return key.error();
    if (!m_profile.nameMatches(name))
        return Error::invalidInput(
            Tr::tr("\"%1\" is not a lock of the profile %2: it manages only the rows whose %3 "
                   "is like %4 (the other rows are the application's data).")
                .arg(name.left(80), m_profile.id, m_profile.columns.name, m_profile.nameLike));
    return {};
}

ProfileLock ProfileTable::fromRow(const QSqlQuery &q, qint64 stuckAfterMs) const
{
    ProfileLock lock;
    // CHAR(n) columns (Spring's LOCK_KEY, CLIENT_ID) come back padded with spaces.
    const auto unpadded = [](QString text) -> QString {
        while (text.endsWith(u' '))
            text.chop(1);
        return text;
    };
    lock.name = unpadded(q.value(pcol::Name).toString());
    if (!m_profile.columns.group.isEmpty())
        lock.name = unpadded(q.value(pcol::Group).toString()) + u'/' + lock.name;
    lock.holder = unpadded(q.value(pcol::Holder).toString());
    if (!q.value(pcol::LockedAtMs).isNull())
        lock.lockedAtMs = q.value(pcol::LockedAtMs).toLongLong();
    if (!q.value(pcol::ExpiresMs).isNull())
        lock.expiresAtMs = q.value(pcol::ExpiresMs).toLongLong();
    else if (m_profile.lockedAtTtlMs > 0 && lock.lockedAtMs)
        lock.expiresAtMs = *lock.lockedAtMs + m_profile.lockedAtTtlMs;
    else if (!m_profile.columns.ttl.isEmpty() && lock.lockedAtMs && !q.value(pcol::TtlMs).isNull())
        lock.expiresAtMs = *lock.lockedAtMs + q.value(pcol::TtlMs).toLongLong()
                           + m_profile.ttlGraceMs;
    lock.dbNowMs = q.value(pcol::NowMs).toLongLong();
    if (m_profile.time == Profile::Time::Local)
        lock.utcOffsetMs = quarterHourOffset(q.value(pcol::UtcNowMs).toLongLong(), lock.dbNowMs);
    lock.seenTimeMs = m_profile.columns.expires.isEmpty() ? lock.lockedAtMs : lock.expiresAtMs;

    const bool statusFree = !m_profile.columns.status.isEmpty()
                            && q.value(pcol::Status).toInt() == 0;
    const bool holderFree = m_profile.emptyHolderIsFree && lock.holder.isEmpty();
    const bool ran_out = lock.expiresAtMs
                         && (m_profile.expiredIsFree ? *lock.expiresAtMs <= lock.dbNowMs
                                                     : *lock.expiresAtMs < lock.dbNowMs);
    // Quartz: free until readRowLockHolders finds the row locked.
    if (m_profile.rowLockHolder || statusFree || holderFree || (ran_out && m_profile.expiredIsFree))
        lock.state = ProfileLock::State::Free;
    else if (ran_out)
        lock.state = ProfileLock::State::Expired;
    else
        lock.state = ProfileLock::State::Held;
    if (lock.state == ProfileLock::State::Held && !m_profile.hasExpiry() && stuckAfterMs > 0) {
        const auto held = lock.heldMs();
        lock.possiblyStuck = held && *held > stuckAfterMs;
    }
    return lock;
}

Result<QList<ProfileLock>> ProfileTable::list(qint64 stuckAfterMs) const
{
    auto query = m_session->run(m_sql->select(), Tr::tr("listing the locks of %1").arg(m_table));
    if (!query)
        return query.error();
    QList<ProfileLock> locks;
    while ((*query)->next())
        locks.append(fromRow(**query, stuckAfterMs));
    (*query)->finish();
    if (m_profile.rowLockHolder || m_profile.rowLocksShown) {
        if (Status read = readRowLockHolders(*m_session, m_profile, m_table, locks); !read)
            return read.error();
    }
    return locks;
}

Result<std::optional<ProfileLock>> ProfileTable::lock(const QString &name,
                                                      qint64 stuckAfterMs) const
{
    if (Status valid = validateStoredLockName(name); !valid)
        return valid.error();
    if (auto key = m_profile.splitName(name); !key)
        return key.error();
    auto query = m_session->run(m_sql->select(name), Tr::tr("reading the lock %1").arg(name));
    if (!query)
        return query.error();
    std::optional<ProfileLock> lock;
    if ((*query)->next())
        lock = fromRow(**query, stuckAfterMs);
    (*query)->finish();
    if (lock && (m_profile.rowLockHolder || m_profile.rowLocksShown)) {
        QList<ProfileLock> one{*lock};
        if (Status read = readRowLockHolders(*m_session, m_profile, m_table, one); !read)
            return read.error();
        lock = one.value(0, *lock);
    }
    return lock;
}

Result<int> ProfileTable::changed(const Statement &statement, const QString &what) const
{
    auto query = m_session->run(statement, what);
    if (!query)
        return query.error();
    const int rows = (*query)->numRowsAffected();
    (*query)->finish();
    return rows;
}

Result<ProfileAcquire> ProfileTable::acquire(const QString &name, const QString &holder,
                                             qint64 ttlMs)
{
    if (Status writable = checkWrite(Tr::tr("acquiring \"%1\"").arg(name), name); !writable)
        return writable.error();
    if (Status valid = validateLockName(name); !valid)
        return valid.error();
    if (Status valid = validateHolder(holder); !valid)
        return valid.error();
    if (m_profile.hasExpiry() && m_profile.lockedAtTtlMs <= 0) {
        if (Status valid = validateTtl(ttlMs); !valid)
            return valid.error();
    }
    const QString what = Tr::tr("acquiring %1 as the profile %2").arg(name, m_profile.id);
    ProfileAcquire result;
    if (m_profile.rowLocksShown) {
        // Held by another session's open transaction: the UPDATE would wait for it (up to the
        // lock timeout) and then take the lock the application just released. Refused now.
        auto seen = lock(name);
        if (!seen)
            return seen.error();
        if (*seen && (*seen)->state == ProfileLock::State::Held) {
            result.current = *seen;
            return result;
        }
    }
    // The application's conditional UPDATE, then (for a missing row) its INSERT: each statement
    // is atomic, so Lockscope and the application never both win.
    const Statement update = m_sql->acquireUpdate(name, holder, ttlMs);
    if (!update.text().isEmpty()) {
        auto rows = changed(update, what);
        if (!rows)
            return rows.error();
        result.acquired = *rows > 0;
    }
    if (!result.acquired && m_profile.insertOnAcquire) {
        auto rows = changed(m_sql->acquireInsert(name, holder, ttlMs), what);
        if (!rows && rows.error().kind != Error::Kind::Duplicate)
            return rows.error();
        result.acquired = rows && *rows > 0;
    }
    auto current = lock(name);
    if (!current)
        return current.error();
    result.current = *current;
    if (!result.acquired && !result.current && !m_profile.insertOnAcquire)
        return Error{Error::Kind::InvalidInput, noRowReason(m_profile, name, m_table), {}, {}};
    return result;
}

Result<bool> ProfileTable::release(const QString &name, const QString &holder)
{
    if (Status writable = checkWrite(Tr::tr("releasing \"%1\"").arg(name), name); !writable)
        return writable.error();
    if (Status valid = validateLockName(name); !valid)
        return valid.error();
    if (Status valid = validateHolder(holder); !valid)
        return valid.error();
    auto rows = changed(m_sql->release(name, holder),
                        Tr::tr("releasing %1 as the profile %2").arg(name, m_profile.id));
    if (!rows)
        return rows.error();
    return *rows > 0;
}

Result<ProfileForceRelease> ProfileTable::forceRelease(const QString &name,
                                                       const QString &expectHolder,
                                                       std::optional<qint64> expectTimeMs)
{
    if (m_profile.rowLockHolder) // Quartz: ending the holding session releases it; say which
        return Error::invalidInput(rowLockReleaseAdvice(*m_session, m_profile, m_table, name));
    if (Status writable = checkWrite(Tr::tr("force-releasing \"%1\"").arg(name), name); !writable)
        return writable.error();
    if (m_profile.rowLocksShown) {
        // Held by another session's open transaction (a knex migration in its transaction):
        // the UPDATE would wait for it, and what it would free is not committed yet. Ending
        // that session (it rolls back) is the release: say which.
        auto seen = lock(name);
        if (!seen)
            return seen.error();
        if (*seen && (*seen)->state == ProfileLock::State::Held && !(*seen)->holder.isEmpty()
            && m_profile.columns.holder.isEmpty())
            return Error::invalidInput(
                rowLockReleaseAdvice(*m_session, m_profile, m_table, name));
    }
    if (Status valid = validateStoredLockName(name); !valid)
        return valid.error();
    if (!m_profile.columns.holder.isEmpty()) {
        if (Status valid = validateStoredHolder(expectHolder); !valid)
            return valid.error();
    }
    if (!m_profile.seenTimeColumn().isEmpty() && !expectTimeMs)
        return Error::invalidInput(
            Tr::tr("A force release on the profile %1 needs the time you saw (the %2 column, "
                   "as listed), so that a lock that changed hands since is not freed.")
                .arg(m_profile.id, m_profile.seenTimeColumn()));
    auto rows = changed(m_sql->forceRelease(name, expectHolder, expectTimeMs),
                        Tr::tr("force-releasing %1").arg(name));
    if (!rows)
        return rows.error();
    ProfileForceRelease result;
    result.released = *rows > 0;
    if (!result.released) {
        auto current = lock(name);
        if (!current)
            return current.error();
        result.current = *current;
    }
    return result;
}

Result<bool> ProfileTable::initialize(const QString &name, const QString &holder)
{
    if (Status writable = checkWrite(Tr::tr("initializing \"%1\"").arg(name), name); !writable)
        return writable.error();
    if (Status valid = validateLockName(name); !valid)
        return valid.error();
    if (!m_profile.hasInitialize)
        return Error::invalidInput(noInitializeReason(m_profile));
    if (Status valid = validateHolder(holder); !valid)
        return valid.error();
    auto rows = changed(m_sql->initialize(name, holder), Tr::tr("initializing %1").arg(name));
    if (!rows) {
        if (rows.error().kind == Error::Kind::Duplicate)
            return false;
        return rows.error();
    }
    return *rows > 0;
}

} // namespace lockcore
