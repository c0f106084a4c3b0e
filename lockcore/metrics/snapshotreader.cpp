// SPDX-License-Identifier: Apache-2.0
#include "snapshotreader.h"

#include "lockpage.h"
#include "lockservice.h"
#include "profiletable.h"
#include "session.h"

#include <QSet>

#include <limits>

namespace lockcore {

namespace {

double seconds(qint64 ms)
{
    return double(ms) / 1000.0;
}

// A database time as Unix seconds; none when the row has no such time.
std::optional<double> timestamp(const QDateTime &time)
{
    if (!time.isValid())
        return std::nullopt;
    return seconds(time.toMSecsSinceEpoch());
}

LockSample sampleOf(const LockInfo &info, const QDateTime &dbNow)
{
    LockSample sample;
    sample.name = info.name;
    sample.fence = info.fence;
    sample.depth = info.depth;
    sample.heldSeconds = 0.0;
    sample.leaseRemainingSeconds = 0.0;
    sample.expiredSeconds = 0.0;
    if (info.state == LockState::Free)
        return sample;
    sample.state = info.state == LockState::Held ? LockSample::State::Held
                                                 : LockSample::State::Expired;
    sample.holder = info.holder;
    sample.acquiredTimestamp = timestamp(info.acquiredAt);
    sample.renewedTimestamp = timestamp(info.renewedAt);
    sample.expiresTimestamp = timestamp(info.expiresAt);
    if (info.acquiredAt.isValid())
        sample.heldSeconds = seconds(info.acquiredAt.msecsTo(dbNow));
    else
        sample.heldSeconds.reset();
    if (info.state == LockState::Held)
        sample.leaseRemainingSeconds = seconds(info.remainingMs());
    else if (info.expiresAt.isValid())
        sample.expiredSeconds = seconds(info.expiresAt.msecsTo(dbNow));
    return sample;
}

LockSample sampleOf(const ProfileLock &lock)
{
    LockSample sample;
    sample.name = lock.name;
    sample.heldSeconds = 0.0;
    sample.leaseRemainingSeconds = 0.0;
    sample.expiredSeconds = 0.0;
    if (lock.state == ProfileLock::State::Free)
        return sample;
    sample.state = lock.state == ProfileLock::State::Held ? LockSample::State::Held
                                                          : LockSample::State::Expired;
    sample.holder = lock.holder;
    sample.acquiredTimestamp = timestamp(lock.lockedAt());
    sample.expiresTimestamp = timestamp(lock.expiresAt());
    sample.heldSeconds.reset();
    if (const auto held = lock.heldMs())
        sample.heldSeconds = seconds(*held);
    if (lock.state == ProfileLock::State::Held) {
        sample.leaseRemainingSeconds.reset(); // none without an expiry
        if (const auto remaining = lock.remainingMs())
            sample.leaseRemainingSeconds = seconds(*remaining);
        else if (lock.expiresAtMs)
            sample.leaseRemainingSeconds = 0.0;
    } else if (lock.expiresAtMs) {
        sample.expiredSeconds = seconds(lock.dbNowMs - *lock.expiresAtMs);
    }
    return sample;
}

Status readClockOffset(Session &session, TableSnapshot &snapshot)
{
    auto service = LockService::create(session);
    if (!service)
        return service.error();
    auto clock = service->clock();
    if (!clock)
        return clock.error();
    snapshot.clockOffsetSeconds = seconds(clock->offsetMs);
    if (!snapshot.databaseTimeSeconds) // the rows' own "now" where one statement read them all
        snapshot.databaseTimeSeconds = timestamp(clock->dbNow);
    return {};
}

// The table's counts alone (no rows), in one statement.
Result<LockPage> readCounts(Session &session, const TableNames &tables)
{
    LockPageRequest none;
    none.limit = 0;
    return readLockPage(session, tables, none);
}

// The locks to report where every lock may be reported, on a table larger than the bound: only
// as many rows as the bound lets through, expired ones first, then held, then free (a
// statement per state that has locks). A lock whose state changed between two of them is kept
// once (or missed; the counts are the first statement's).
Status readBoundedLocks(Session &session, const TableNames &tables, qint64 bound,
                        TableSnapshot &snapshot)
{
    QSet<QString> seen;
    qint64 left = bound;
    for (const LockState state : {LockState::Expired, LockState::Held, LockState::Free}) {
        const qint64 inState = state == LockState::Expired ? snapshot.expired
                               : state == LockState::Free  ? snapshot.free
                                                           : snapshot.held;
        if (left <= 0 || inState == 0)
            continue;
        LockPageRequest request;
        request.state = state;
        request.limit = left;
        auto page = readLockPage(session, tables, request);
        if (!page)
            return page.error();
        for (const LockInfo &info : std::as_const(page->locks)) {
            if (left > 0 && !seen.contains(info.name)) {
                seen.insert(info.name);
                snapshot.locks.append(sampleOf(info, page->dbNow));
                --left;
            }
        }
    }
    return {};
}

// The whole table in one statement, the locks to report chosen here (include patterns).
Result<TableSnapshot> readAllLocks(Session &session, const TableNames &tables,
                                   const LockSelection &selection)
{
    LockPageRequest whole;
    whole.limit = std::numeric_limits<int>::max();
    auto page = readLockPage(session, tables, whole);
    if (!page)
        return page.error();
    TableSnapshot snapshot;
    snapshot.free = page->free;
    snapshot.expired = page->expired;
    snapshot.held = page->total - page->free - page->expired;
    snapshot.databaseTimeSeconds = timestamp(page->dbNow);
    snapshot.locks.reserve(page->locks.size());
    for (const LockInfo &info : std::as_const(page->locks)) {
        if (selection.includes(info.name))
            snapshot.locks.append(sampleOf(info, page->dbNow));
    }
    const qint64 notIncluded = page->total - snapshot.locks.size();
    selection.apply(snapshot);
    snapshot.omitted += notIncluded;
    return snapshot;
}

} // namespace

Result<TableSnapshot> readNativeSnapshot(Session &session, const TableNames &tables,
                                         const LockSelection &selection, EventCounter &counter)
{
    Result<TableSnapshot> snapshot = TableSnapshot{};
    if (selection.includesAll()) {
        auto counts = readCounts(session, tables);
        if (!counts)
            return counts.error();
        if (counts->total <= selection.maxLocks()) {
            snapshot = readAllLocks(session, tables, selection); // fits: one statement
        } else {
            snapshot->free = counts->free;
            snapshot->expired = counts->expired;
            snapshot->held = counts->total - counts->free - counts->expired;
            if (Status read = readBoundedLocks(session, tables, selection.maxLocks(),
                                               snapshot.value());
                !read)
                return read.error();
            selection.apply(snapshot.value()); // the order
            snapshot->omitted = counts->total - snapshot->locks.size();
        }
    } else {
        snapshot = readAllLocks(session, tables, selection);
    }
    if (!snapshot)
        return snapshot;
    if (Status counted = counter.update(session, tables); !counted)
        return counted.error();
    snapshot->counts = counter.counts();
    if (Status clock = readClockOffset(session, snapshot.value()); !clock)
        return clock.error();
    snapshot->up = true;
    return snapshot;
}

Result<TableSnapshot> readProfileSnapshot(Session &session, const ProfileTable &table,
                                          const LockSelection &selection)
{
    auto locks = table.list();
    if (!locks)
        return locks.error();
    TableSnapshot snapshot;
    for (const ProfileLock &lock : std::as_const(*locks)) {
        switch (lock.state) {
        case ProfileLock::State::Free:
            ++snapshot.free;
            break;
        case ProfileLock::State::Held:
            ++snapshot.held;
            break;
        case ProfileLock::State::Expired:
            ++snapshot.expired;
            break;
        }
        if (selection.includes(lock.name))
            snapshot.locks.append(sampleOf(lock));
    }
    const qint64 notIncluded = locks->size() - snapshot.locks.size();
    selection.apply(snapshot);
    snapshot.omitted += notIncluded;
    if (Status clock = readClockOffset(session, snapshot); !clock)
        return clock.error();
    snapshot.up = true;
    return snapshot;
}

} // namespace lockcore
