// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <optional>
#include <utility>

namespace lockcore {

// A *profile*: how one application stores its locks in a table of its own (a column mapping)
// and that application's own semantics for acquire, release, force release and initialize, so
// that Lockscope speaks the application's protocol on the application's table.
//
// Profiles have NO fencing token: none of these applications keeps one, and Lockscope never
// invents one. A force release is a compare-and-set on what the admin saw instead (the holder
// and the lock's expiry, or its locked-at time when it has no expiry).
struct ProfileColumns
{
    QString name;     // the lock's key (seed-001-row: the business row's id)
    QString region;   // a second key column with a fixed value (Spring: REGION); empty: none
    QString holder;   // who holds it; empty: the table records no holder (seed-004)
    QString lockedAt; // when it was locked; empty: none
    QString expires;  // when the lease ends; empty: no expiry column
    QString status;   // a 0/1 held flag (seed-000); empty: none
    QString version;  // an optimistic-lock version bumped on every change (seed-001-row)
    // The first column of a two-column key (Quartz's SCHED_NAME, db-scheduler's task_name): the
    // lock's name is group + "/" + name, split at the FIRST "/". Empty: a one-column key.
    QString group;
    // Each row's lease length in milliseconds (Quartz's CHECKIN_INTERVAL): expiry = lockedAt +
    // this column + Profile::ttlGraceMs. Empty: none.
    QString ttl;

    QStringList all() const; // the mapped (non-empty) columns, in this order
};

struct Profile
{
    // Whose clock the application writes its times with (always the DATABASE clock here):
    // Local = the database's local wall-clock time (SYSDATE, now()), Utc = UTC.
    enum class Time { Local, Utc };
    // Integer time columns: the epoch unit they count in (Laravel: seconds, Quartz: ms). None:
    // the time columns are timestamps (or text on SQLite). Checked against the column types
    // when the table is opened.
    enum class Epoch { None, Seconds, Milliseconds };
    // What the application's release does (and so what a force release does).
    enum class Release {
        ClearStatus, // UPDATE .. SET status = 0 (seed-000)
        Delete,      // DELETE the row (seed-001, seed-004, Spring)
        ExpireNow,   // UPDATE .. SET expires = now (ShedLock)
        ClearHolder, // UPDATE .. SET holder = '', expires = now (seed-001's resource row)
    };

    QString id; // one of builtInIds(), or "custom"
    QString defaultTable;
    ProfileColumns columns;
    Time time = Time::Utc;
    Release release = Release::Delete;
    bool reentrant = false;       // the holder may acquire again while holding (seed-001, Spring)
    bool emptyHolderIsFree = false; // a row whose holder is '' is free (seed-001)
    bool expiredIsFree = false;   // expires <= now means free, not "expired" (ShedLock)
    bool insertOnAcquire = true;  // acquire creates a missing row (not: seed-000, resource row)
    bool ownerCheckedRelease = true; // the application's release checks the holder
    bool hasInitialize = false;   // the application pre-creates its rows (seed-000)
    qint64 lockedAtTtlMs = 0;     // > 0: no expiry column; expiry = lockedAt + this (Spring)
    QString regionValue;          // the value of the region column (Spring: "DEFAULT")
    // Time::Local: the time zone the APPLICATION's sessions write their local times in (a
    // Java application's JDBC driver sets its JVM's zone, e.g. "Asia/Shanghai" on PostgreSQL,
    // "+08:00" on MySQL). Lockscope's own session uses it too, so that "now" compares with
    // the stored times as the application's own statements do. Empty: the server's default.
    QString sessionTimeZone;
    Epoch epochUnit = Epoch::None;
    qint64 ttlGraceMs = 0;        // added to the ttl column's lease (Quartz: 7500)
    // Release writes NULL into the holder and locked-at columns (Liquibase, graphile-worker,
    // db-scheduler); a NULL holder is free like '' when emptyHolderIsFree.
    bool nullWhenFree = false;
    // Built-in only: the application's table must not be written by Lockscope (every write is
    // refused with readOnlyReason, translated).
    bool readOnly = false;
    QString readOnlyReason;
    // Held-ness comes from the database's row locks on the table's rows (Quartz's QRTZ_LOCKS),
    // read by readRowLockHolders() (rowlockholders.h), not from a column.
    bool rowLockHolder = false;
    // A row another session's open transaction has locked is shown held by that session, its
    // change not committed yet (knex sets is_locked inside its migrations' transaction): read
    // by readRowLockHolders() too, and a test-acquire is refused without waiting for it.
    bool rowLocksShown = false;
    // Only rows whose name matches this SQL LIKE pattern are the profile's locks (Laravel's
    // scheduler mutexes among the other entries of its cache table): every select is limited
    // to them (the pattern bound, never in the text) and a write on another name is refused.
    // Empty: every row. "%" and "_" as in LIKE; no backslash (escapes differ by database).
    QString nameLike;
    // Built-in only: columns detection also requires though the profile maps none of them
    // (Laravel's cache table: value), so that no other application's table is taken for it.
    QStringList detectColumns;

    static QStringList builtInIds(); // the built-in profiles, without "custom"
    static std::optional<Profile> builtIn(const QString &id);
    // A custom profile from a mapping (see toMap()); validated.
    static Result<Profile> custom(const QVariantMap &mapping);
    // "profile" plus, for custom ones, every setting: the GUI saves it with a connection.
    QVariantMap toMap() const;
    // Built-in by its id (with an optional "region_value"/"ttl_ms"), or custom.
    static Result<Profile> fromMap(const QVariantMap &map);

    // Every mapped column is a valid identifier and the mapping is coherent.
    Status validate() const;
    // The column whose value a force release compares besides the holder: expires, else
    // lockedAt; empty when there is none (seed-004).
    QString seenTimeColumn() const;
    bool hasExpiry() const
    {
        return !columns.expires.isEmpty() || lockedAtTtlMs > 0 || !columns.ttl.isEmpty();
    }
    // The name as the table keys it: {group, name} split at the first "/" for a profile with a
    // group column (an error naming the profile when `lockName` has no "/"), else {"", name}.
    Result<std::pair<QString, QString>> splitName(const QString &lockName) const;
    // Whether the lock `name` is one of the profile's (nameLike on its name column's part,
    // ignoring case as MariaDB and SQLite do; PostgreSQL's LIKE then decides case itself).
    bool nameMatches(const QString &name) const;
    // "s", "ms" or "" (the mapping's "epoch" value).
    static QString epochName(Epoch epoch);
};

} // namespace lockcore
