// SPDX-License-Identifier: Apache-2.0
// The built-in profiles: each application's table, columns and semantics (docs/profiles.md).
#include "profile.h"

#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

constexpr qint64 graphileStaleMs = 4 * 3600 * 1000;   // graphile-worker's stale lock: 4 h
constexpr qint64 dbSchedulerDeadMs = 30 * 60 * 1000;  // db-scheduler: 30 min without heartbeat
constexpr qint64 quartzCheckinGraceMs = 7500;         // Quartz's clusterCheckinMisfire grace

Profile graphileProfile(const QString &id, const QString &table, const QString &name)
{
    // graphile-worker's get_job: a job or queue is locked while locked_by is set; a lock older
    // than 4 hours is stale and taken again. Release sets both columns NULL; rows are never
    // created by locking.
    Profile p;
    p.id = id;
    p.defaultTable = table;
    p.columns.name = name;
    p.columns.holder = u"locked_by"_s;
    p.columns.lockedAt = u"locked_at"_s;
    p.time = Profile::Time::Utc;
    p.release = Profile::Release::ClearHolder;
    p.emptyHolderIsFree = true;
    p.nullWhenFree = true;
    p.insertOnAcquire = false;
    p.lockedAtTtlMs = graphileStaleMs;
    return p;
}

// The profiles of the applications Lockscope did not start with (knex onwards).
std::optional<Profile> otherBuiltIn(const QString &id)
{
    Profile p;
    p.id = id;
    if (id == u"knex") {
        // knex's migration lock: one row (index 1) that knex inserts itself; is_locked 0/1.
        p.defaultTable = u"knex_migrations_lock"_s;
        p.columns.name = u"index"_s;
        p.columns.status = u"is_locked"_s;
        p.release = Profile::Release::ClearStatus;
        p.insertOnAcquire = false;
        p.ownerCheckedRelease = false;
        p.rowLocksShown = true; // a migration running in its transaction: not committed yet
        return p;
    }
    if (id == u"laravel") {
        // Laravel's DatabaseLock (cache_locks): expiration in epoch seconds, free once it is
        // <= now, re-entrant by owner, released by an owner-checked DELETE.
        p.defaultTable = u"cache_locks"_s;
        p.columns.name = u"key"_s;
        p.columns.holder = u"owner"_s;
        p.columns.expires = u"expiration"_s;
        p.epochUnit = Profile::Epoch::Seconds;
        p.release = Profile::Release::Delete;
        p.reentrant = true;
        p.expiredIsFree = true;
        return p;
    }
    if (id == u"laravel-schedule") {
        // Laravel 8's scheduler: withoutOverlapping()'s mutex is an entry of the cache table
        // (CacheEventMutex: Cache::add(), value 'b:1;', expiration in epoch seconds), held until
        // it expires (expiresAt: 24 h) when the task is killed. Only those entries are locks.
        p.defaultTable = u"cache"_s;
        p.columns.name = u"key"_s;
        p.columns.expires = u"expiration"_s;
        p.epochUnit = Profile::Epoch::Seconds;
        p.release = Profile::Release::Delete; // forget(): DELETE .. WHERE key = ?
        p.expiredIsFree = true;               // add() takes a row whose expiration <= now
        p.insertOnAcquire = false; // the value column is NOT NULL: Laravel's serialized value
        p.ownerCheckedRelease = false;
        p.nameLike = u"%framework/schedule-%"_s;
        p.detectColumns = {u"value"_s};
        return p;
    }
    if (id == u"liquibase") {
        // Liquibase's StandardLockService: one row per changelog lock (ID 1), LOCKGRANTED in
        // the JVM's local time, no expiry (a dead Liquibase leaves it locked for good).
        p.defaultTable = u"DATABASECHANGELOGLOCK"_s;
        p.columns.name = u"ID"_s;
        p.columns.holder = u"LOCKEDBY"_s;
        p.columns.lockedAt = u"LOCKGRANTED"_s;
        p.columns.status = u"LOCKED"_s;
        p.time = Profile::Time::Local;
        p.release = Profile::Release::ClearStatus;
        p.nullWhenFree = true;
        p.insertOnAcquire = false;
        p.ownerCheckedRelease = false; // UnlockDatabaseChangeLogStatement: WHERE ID = 1 only
        p.hasInitialize = true;
        return p;
    }
    if (id == u"graphile-worker-jobs")
        return graphileProfile(id, u"graphile_worker._private_jobs"_s, u"id"_s);
    if (id == u"graphile-worker-queues")
        return graphileProfile(id, u"graphile_worker._private_job_queues"_s, u"queue_name"_s);
    if (id == u"db-scheduler") {
        // db-scheduler: an execution is picked by one scheduler, which renews last_heartbeat;
        // without a heartbeat for 30 minutes it is dead. Rows are the scheduled executions.
        p.defaultTable = u"scheduled_tasks"_s;
        p.columns.group = u"task_name"_s;
        p.columns.name = u"task_instance"_s;
        p.columns.status = u"picked"_s;
        p.columns.holder = u"picked_by"_s;
        p.columns.lockedAt = u"last_heartbeat"_s;
        p.columns.version = u"version"_s;
        p.time = Profile::Time::Utc;
        p.release = Profile::Release::ClearStatus;
        p.nullWhenFree = true;
        p.insertOnAcquire = false;
        p.ownerCheckedRelease = false; // it checks the version it picked
        p.lockedAtTtlMs = dbSchedulerDeadMs;
        return p;
    }
    if (id == u"quartz-instances") {
        // Quartz's cluster check-in: each scheduler instance's row, alive while it checks in
        // within its interval (+ 7.5 s).
        p.defaultTable = u"QRTZ_SCHEDULER_STATE"_s;
        p.columns.group = u"SCHED_NAME"_s;
        p.columns.name = u"INSTANCE_NAME"_s;
        p.columns.lockedAt = u"LAST_CHECKIN_TIME"_s;
        p.columns.ttl = u"CHECKIN_INTERVAL"_s;
        p.epochUnit = Profile::Epoch::Milliseconds;
        p.ttlGraceMs = quartzCheckinGraceMs;
        p.insertOnAcquire = false;
        p.ownerCheckedRelease = false;
        p.readOnly = true;
        p.readOnlyReason = Tr::tr("Quartz recovers a failed instance itself; removing its row "
                                  "would skip recovering its fired triggers.");
        return p;
    }
    if (id == u"quartz") {
        // Quartz's QRTZ_LOCKS: the rows always exist; the lock is the database's row lock.
        p.defaultTable = u"QRTZ_LOCKS"_s;
        p.columns.group = u"SCHED_NAME"_s;
        p.columns.name = u"LOCK_NAME"_s;
        p.insertOnAcquire = false;
        p.ownerCheckedRelease = false;
        p.rowLockHolder = true;
        p.readOnly = true;
        p.readOnlyReason = Tr::tr("Quartz's lock is a database row lock: end the holding "
                                  "session (native locks) instead of writing the table.");
        return p;
    }
    return std::nullopt;
}

} // namespace

QStringList Profile::builtInIds()
{
    return {u"seed-000"_s,   u"seed-001"_s,    u"seed-001-row"_s,
            u"seed-004"_s,   u"shedlock"_s,    u"spring-int-lock"_s,
            u"knex"_s,       u"laravel"_s,     u"laravel-schedule"_s, u"liquibase"_s,
            u"graphile-worker-jobs"_s,         u"graphile-worker-queues"_s,
            u"db-scheduler"_s, u"spring-int-lock-ttl"_s,
            u"quartz-instances"_s,             u"quartz"_s};
}

std::optional<Profile> Profile::builtIn(const QString &id)
{
    Profile p;
    p.id = id;
    if (id == u"seed-000") {
        // shared/seeds/000: TBL_PESSIMISTIC_LOCK, SYSDATE, LOCK_STATUS 0/1, rows pre-created.
        p.defaultTable = u"TBL_PESSIMISTIC_LOCK"_s;
        p.columns = {u"LOCK_NAME"_s, {}, u"LOCK_HOLDER"_s, u"LOCK_TIME"_s, u"EXPIRED_TIME"_s,
                     u"LOCK_STATUS"_s, {}};
        p.time = Time::Local;
        p.release = Release::ClearStatus;
        p.hasInitialize = true;
        return p;
    }
    if (id == u"seed-001") {
        // shared/seeds/001 section 2.2: lock_table, re-entrant by owner, DELETE to release.
        p.defaultTable = u"lock_table"_s;
        p.columns = {u"resource"_s, {}, u"lock_owner"_s, {}, u"lock_expire_time"_s, {}, {}};
        p.time = Time::Local;
        p.release = Release::Delete;
        p.reentrant = true;
        p.emptyHolderIsFree = true;
        return p;
    }
    if (id == u"seed-001-row") {
        // shared/seeds/001 section 2.1: lock columns and a version on the business row itself.
        p.defaultTable = u"resource_table"_s;
        p.columns = {u"id"_s, {}, u"lock_owner"_s, {}, u"lock_expire_time"_s, {}, u"version"_s};
        p.time = Time::Local;
        p.release = Release::ClearHolder;
        p.reentrant = true;
        p.emptyHolderIsFree = true;
        p.insertOnAcquire = false;
        return p;
    }
    if (id == u"seed-004") {
        // shared/seeds/004: DcTaskLock, a unique key per lock, INSERT to lock, DELETE to unlock.
        p.defaultTable = u"DC_TASK_LOCK"_s;
        p.columns = {u"LOCK_TASK_ID"_s, {}, {}, {}, {}, {}, {}};
        p.release = Release::Delete;
        return p;
    }
    if (id == u"shedlock") {
        // ShedLock's JDBC provider with the database's time (usingDbTime()).
        p.defaultTable = u"shedlock"_s;
        p.columns = {u"name"_s, {}, u"locked_by"_s, u"locked_at"_s, u"lock_until"_s, {}, {}};
        p.time = Time::Utc;
        p.release = Release::ExpireNow;
        p.expiredIsFree = true;
        return p;
    }
    if (id == u"spring-int-lock") {
        // Spring Integration's DefaultLockRepository on INT_LOCK (no expiry column: a lock is
        // dead when CREATED_DATE is older than the registry's time-to-live, 10 s by default).
        p.defaultTable = u"INT_LOCK"_s;
        p.columns = {u"LOCK_KEY"_s, u"REGION"_s, u"CLIENT_ID"_s, u"CREATED_DATE"_s, {}, {}, {}};
        p.time = Time::Utc;
        p.release = Release::Delete;
        p.reentrant = true;
        p.lockedAtTtlMs = 10000;
        p.regionValue = u"DEFAULT"_s;
        return p;
    }
    if (id == u"spring-int-lock-ttl") {
        // Spring Integration 6.4+: the lease is in EXPIRED_AFTER (the registry's TTL from now).
        p = *builtIn(u"spring-int-lock"_s);
        p.id = id;
        p.columns.expires = u"EXPIRED_AFTER"_s;
        p.lockedAtTtlMs = 0;
        return p;
    }
    return otherBuiltIn(id);
}

} // namespace lockcore
