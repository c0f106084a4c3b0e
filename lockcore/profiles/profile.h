#pragma once

#include "result.h"

#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <optional>

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

    QStringList all() const; // the mapped (non-empty) columns, in this order
};

struct Profile
{
    // Whose clock the application writes its times with (always the DATABASE clock here):
    // Local = the database's local wall-clock time (SYSDATE, now()), Utc = UTC.
    enum class Time { Local, Utc };
    // What the application's release does (and so what a force release does).
    enum class Release {
        ClearStatus, // UPDATE .. SET status = 0 (seed-000)
        Delete,      // DELETE the row (seed-001, seed-004, Spring)
        ExpireNow,   // UPDATE .. SET expires = now (ShedLock)
        ClearHolder, // UPDATE .. SET holder = '', expires = now (seed-001's resource row)
    };

    QString id; // "seed-000", "seed-001", "seed-001-row", "seed-004", "shedlock",
                // "spring-int-lock", "custom"
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
    bool hasExpiry() const { return !columns.expires.isEmpty() || lockedAtTtlMs > 0; }
};

} // namespace lockcore
