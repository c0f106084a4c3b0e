// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "profile.h"
#include "result.h"
#include "statement.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <memory>
#include <optional>

class QSqlQuery;

namespace lockcore {

class Session;
class ProfileSql;
struct ProfileColumnForms;

// One lock of an application's table, read through its profile. Times are milliseconds since
// the epoch of the values as stored (for Profile::Time::Local: the database's local wall clock),
// and the database clock in the same form, so that differences are exact database time.
struct ProfileLock
{
    enum class State { Free, Held, Expired };

    QString name;                      // with a group column: "group/name"
    QString holder;                    // empty: none recorded or free
    std::optional<qint64> lockedAtMs;  // the locked-at column, when the profile has one
    std::optional<qint64> expiresAtMs; // the expiry (column, or locked-at + TTL for Spring)
    qint64 dbNowMs = 0;                // the database clock when the row was read
    State state = State::Free;
    bool possiblyStuck = false; // no expiry, held longer than the caller's threshold

    // What a force release compares besides the holder (the expiry column, else locked-at).
    std::optional<qint64> seenTimeMs;
    // True time minus the stored form: 0 for Profile::Time::Utc; for Time::Local the database
    // session's UTC offset when the row was read (to the quarter hour that every zone's offset
    // is a multiple of). A local time stored on the other side of a daylight-saving change is
    // shifted by today's offset, as the database's own clock would be.
    qint64 utcOffsetMs = 0;
    // The times as true UTC instants (invalid when there is none): what lockctl prints.
    QDateTime lockedAt() const;
    QDateTime expiresAt() const;
    QDateTime dbNow() const;
    // > 0 while held with an expiry; otherwise none.
    std::optional<qint64> remainingMs() const;
    // How long it has been held (needs a locked-at column).
    std::optional<qint64> heldMs() const;
    static QString stateName(State state); // "free", "held", "expired"
};

struct ProfileAcquire
{
    bool acquired = false;
    std::optional<ProfileLock> current; // the lock as it is now (after the attempt)
};

struct ProfileForceRelease
{
    bool released = false; // false: refused, nothing changed (the lock changed since)
    std::optional<ProfileLock> current; // when refused: the lock now (none: the row is gone)
};

// The operations on an application's lock table, speaking that application's protocol through
// its profile. Each operation is one or two autocommit statements; every value is bound.
// There is no fencing token (the applications keep none): force release is a compare-and-set on
// the holder and the time the admin saw instead.
class ProfileTable
{
public:
    // Checks the profile, the table name, that the table has the mapped columns, and that each
    // time column's type (from the catalog) fits the profile: timestamp, timestamptz, or an
    // integer with the profile's epoch unit.
    static Result<ProfileTable> open(Session &session, const Profile &profile,
                                     const QString &table = {});
    ProfileTable(ProfileTable &&) noexcept;
    ProfileTable &operator=(ProfileTable &&) noexcept;
    ~ProfileTable();

    const Profile &profile() const { return m_profile; }
    QString table() const { return m_table; }

    // Every lock (for Spring: in the profile's region); a lock without expiry held longer than
    // `stuckAfterMs` (> 0) is marked possiblyStuck.
    Result<QList<ProfileLock>> list(qint64 stuckAfterMs = 0) const;
    Result<std::optional<ProfileLock>> lock(const QString &name, qint64 stuckAfterMs = 0) const;
    // Acquires as the application would, for `holder` (ttlMs ignored without expiry; for
    // Spring the registry's TTL decides).
    Result<ProfileAcquire> acquire(const QString &name, const QString &holder, qint64 ttlMs);
    // The application's release for `holder`: true when it released, false when it was not
    // held by `holder` (nothing changed). Without a holder column (seed-004) anyone's release.
    Result<bool> release(const QString &name, const QString &holder);
    // Frees the lock as the application's release does, only if it is still held by
    // `expectHolder` with seenTimeMs == `expectTimeMs` (required when the profile has a time).
    Result<ProfileForceRelease> forceRelease(const QString &name, const QString &expectHolder,
                                             std::optional<qint64> expectTimeMs);
    // Creates the free row (profiles whose application pre-creates rows: seed-000); false when
    // it exists already (left as it is). An error for profiles without initialize.
    Result<bool> initialize(const QString &name, const QString &holder);

private:
    ProfileTable(Session &session, const Profile &profile, const QString &table,
                 const ProfileColumnForms &forms);
    // A write's preconditions: not read-only, the session writable, the name's key complete.
    Status checkWrite(const QString &what, const QString &name) const;
    Result<int> changed(const Statement &statement, const QString &what) const;
    ProfileLock fromRow(const QSqlQuery &query, qint64 stuckAfterMs) const;

    Session *m_session;
    Profile m_profile;
    QString m_table;
    std::unique_ptr<ProfileSql> m_sql;
};

} // namespace lockcore
