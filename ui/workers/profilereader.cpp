// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilereader.h"

#include "dialect.h"
#include "durationtext.h"
#include "heldfortext.h"
#include "session.h"

#include <QCoreApplication>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

namespace {

struct ReaderTr
{
    Q_DECLARE_TR_FUNCTIONS(ProfileReader)
};

QDateTime fromMs(const std::optional<qint64> &ms, qint64 offsetMs)
{
    return ms ? QDateTime::fromMSecsSinceEpoch(*ms + offsetMs, Qt::UTC) : QDateTime();
}

// The database clock in UTC, timed against this machine's clock.
Result<DbClock> readClock(Session &session)
{
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    auto query = session.run(session.dialect().now(),
                             ReaderTr::tr("reading the database clock"));
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    if (!query)
        return query.error();
    if (!(*query)->next())
        return Error{Error::Kind::Database, ReaderTr::tr("The database did not return its time."),
                     {}, {}};
    DbClock clock;
    clock.dbNow = QDateTime::fromMSecsSinceEpoch((*query)->value(0).toLongLong(), Qt::UTC);
    (*query)->finish();
    clock.roundTripMs = after - before;
    clock.offsetMs = clock.dbNow.toMSecsSinceEpoch() - (before + after) / 2;
    return clock;
}

} // namespace

void ProfileReader::reset()
{
    m_offsetMs = 0;
    m_firstSeenMs.clear();
    m_previous = {};
    m_retired = {};
}

LockInfo ProfileReader::toLockInfo(const ProfileLock &lock, qint64 offsetMs, bool hasExpiry)
{
    LockInfo info;
    info.name = lock.name;
    info.holder = lock.holder;
    info.acquiredAt = fromMs(lock.lockedAtMs, offsetMs);
    info.expiresAt = fromMs(lock.expiresAtMs, offsetMs);
    info.dbNow = QDateTime::fromMSecsSinceEpoch(lock.dbNowMs + offsetMs, Qt::UTC);
    switch (lock.state) {
    case ProfileLock::State::Free: info.state = LockState::Free; break;
    case ProfileLock::State::Held: info.state = LockState::Held; break;
    case ProfileLock::State::Expired: info.state = LockState::Expired; break;
    }
    if (info.state != LockState::Free)
        info.depth = 1;
    if (!hasExpiry && info.state == LockState::Held) {
        const auto held = lock.heldMs();
        info.description
            = lock.possiblyStuck
                  ? ReaderTr::tr("Possibly stuck: held for %1, and this table has no expiry.")
                        .arg(durationText(held.value_or(0)))
              : held ? ReaderTr::tr("Held for %1 (no expiry).").arg(durationText(*held))
                     : ReaderTr::tr("Held (no expiry, no time recorded).");
    }
    return info;
}

Result<LockRefresh> ProfileReader::read(Session &session, const ProfileTable &table)
{
    const quint64 statementsBefore = session.roundTrips();
    const qint64 started = QDateTime::currentMSecsSinceEpoch();
    LockRefresh refresh;
    auto clock = readClock(session);
    if (!clock)
        return clock.error();
    refresh.clock = *clock;
    auto locks = table.list(m_stuckAfterMs);
    if (!locks)
        return locks.error();

    const Profile &profile = table.profile();
    if (profile.time == Profile::Time::Local && !locks->isEmpty()) {
        // The difference between the true clock and the local wall clock the table is
        // written in, to the quarter hour that every time zone's offset is a multiple of.
        const qint64 quarter = 15 * 60 * 1000;
        const qint64 raw = clock->dbNow.toMSecsSinceEpoch() - locks->first().dbNowMs;
        m_offsetMs = (raw >= 0 ? raw + quarter / 2 : raw - quarter / 2) / quarter * quarter;
    } else if (profile.time == Profile::Time::Utc) {
        m_offsetMs = 0;
    }

    LockPage page;
    page.dbNow = clock->dbNow;
    page.locks.reserve(locks->size());
    QHash<QString, qint64> firstSeen;
    for (const ProfileLock &lock : std::as_const(*locks)) {
        LockInfo info = toLockInfo(lock, m_offsetMs, profile.hasExpiry());
        if (info.state == LockState::Held && !lock.lockedAtMs && !profile.hasExpiry()) {
            // No time in the table: count from when this monitor first saw the lock held.
            const qint64 nowMs = clock->dbNow.toMSecsSinceEpoch();
            const qint64 since = m_firstSeenMs.value(lock.name, nowMs);
            firstSeen.insert(lock.name, since);
            const qint64 heldMs = nowMs - since;
            info.acquiredAt = QDateTime::fromMSecsSinceEpoch(since, Qt::UTC); // for Held for
            const QString seen = QDateTime::fromMSecsSinceEpoch(since, Qt::UTC)
                                     .toLocalTime()
                                     .toString(u"yyyy-MM-dd HH:mm:ss"_s);
            info.description
                = heldMs > m_stuckAfterMs
                      ? ReaderTr::tr("Possibly stuck: held for at least %1 (seen held since %2; "
                                     "this table records no time and no expiry).")
                            .arg(formatHeldMs(heldMs), seen)
                      : ReaderTr::tr("Held for at least %1 (seen held since %2; this table "
                                     "records no time and no expiry).")
                            .arg(formatHeldMs(heldMs), seen);
        }
        if (info.state == LockState::Free)
            ++page.free;
        else if (info.state == LockState::Expired)
            ++page.expired;
        page.locks.append(std::move(info));
    }
    page.total = page.matching = page.locks.size();
    refresh.mode = LockRefresh::Mode::Full;
    refresh.page = std::move(page);
    const QList<QString> seen = firstSeen.keys();
    refresh.rows = PreparedLocks::prepare(refresh.page.locks, m_previous,
                                          QSet<QString>(seen.cbegin(), seen.cend()));
    m_firstSeenMs = std::move(firstSeen); // released locks start again when seen next
    m_retired = std::exchange(m_previous, refresh.rows);
    refresh.statements = session.roundTrips() - statementsBefore;
    refresh.workerMs = QDateTime::currentMSecsSinceEpoch() - started;
    return refresh;
}

std::optional<qint64> ProfileReader::storedSeenTime(const Profile &profile,
                                                    const LockInfo &seen) const
{
    const QDateTime &time = profile.columns.expires.isEmpty() ? seen.acquiredAt : seen.expiresAt;
    if (!time.isValid())
        return std::nullopt;
    return time.toMSecsSinceEpoch() - m_offsetMs;
}

} // namespace ui
