// SPDX-License-Identifier: GPL-3.0-or-later
#include "locktablereader.h"

#include "dialect.h"
#include "session.h"

#include <QDateTime>

#include <limits>

using namespace lockcore;

namespace ui {

namespace {

// The view's state filter as the database knows states: a lost owner is a held lock whose
// holder process is gone, which only this machine can tell, and a holder not renewing is one
// that the countdown finds late; the window holds every held one.
std::optional<LockState> serverState(const LockStateFilter &filter)
{
    const std::optional<LockDisplayState> state = filter.oneState();
    if (!state)
        return std::nullopt;
    switch (*state) {
    case LockDisplayState::Free: return LockState::Free;
    case LockDisplayState::Expired: return LockState::Expired;
    case LockDisplayState::Held:
    case LockDisplayState::NotRenewing:
    case LockDisplayState::LostOwner: return LockState::Held;
    }
    return std::nullopt;
}

// The problems filter as the database applies it, with the long-hold thresholds in force.
std::optional<LockPageProblems> serverProblems(const LockTableQuery &query)
{
    if (!query.state.isProblems())
        return std::nullopt;
    LockPageProblems problems;
    for (const LongHoldRule &rule : query.longHolds.rules())
        problems.longHolds.append({rule.pattern, rule.thresholdMs});
    return problems;
}

// Reads one page, timing it against this machine's clock for the database clock's offset.
Result<LockPage> timedRead(Session &session, const TableNames &tables,
                           const LockPageRequest &request, DbClock *clock)
{
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    auto page = readLockPage(session, tables, request);
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    if (page) {
        clock->dbNow = page->dbNow;
        clock->roundTripMs = after - before;
        clock->offsetMs = page->dbNow.toMSecsSinceEpoch() - (before + after) / 2;
    }
    return page;
}

} // namespace

LockTableReader::LockTableReader(int threshold) : m_threshold(qMax(1, threshold)) {}

void LockTableReader::setThreshold(int rows)
{
    m_threshold = qMax(1, rows);
}

void LockTableReader::reset()
{
    m_windowed = false;
    m_previous = {};
    m_retired = {};
}

Result<LockRefresh> LockTableReader::read(Session &session, const TableNames &tables,
                                          const LockTableQuery &query)
{
    const quint64 statementsBefore = session.roundTrips();
    const qint64 started = QDateTime::currentMSecsSinceEpoch();
    const bool windowed = m_windowed;
    auto refresh = windowed ? readWindow(session, tables, query, true)
                            : readWhole(session, tables, true);
    if (refresh && m_windowed != windowed) // switched: read again, the other way
        refresh = m_windowed ? readWindow(session, tables, query, false)
                             : readWhole(session, tables, false);
    if (!refresh)
        return refresh;
    refresh->query = query;
    refresh->statements = session.roundTrips() - statementsBefore;
    refresh->workerMs = QDateTime::currentMSecsSinceEpoch() - started;
    return refresh;
}

Result<LockRefresh> LockTableReader::readWhole(Session &session, const TableNames &tables,
                                               bool maySwitch)
{
    LockPageRequest request;
    request.limit = qint64(m_threshold) + 1; // one more row than the threshold says too many
    LockRefresh refresh;
    auto page = timedRead(session, tables, request, &refresh.clock);
    if (!page)
        return page.error();
    if (maySwitch && page->total > m_threshold) {
        m_windowed = true;
        m_previous = {};
        m_retired = {};
        return refresh; // read() reads again
    }
    refresh.mode = LockRefresh::Mode::Full;
    refresh.page = std::move(page).value();
    refresh.rows = PreparedLocks::prepare(refresh.page.locks, m_previous);
    m_retired = std::exchange(m_previous, refresh.rows);
    return refresh;
}

Result<QList<LockInfo>> LockTableReader::readMatching(Session &session, const TableNames &tables,
                                                     const LockTableQuery &query)
{
    LockPageRequest request;
    request.text = query.filterText;
    request.state = serverState(query.state);
    request.problems = serverProblems(query);
    request.limit = std::numeric_limits<int>::max();
    auto page = readLockPage(session, tables, request);
    if (!page)
        return page.error();
    return std::move(page->locks);
}

Result<LockRefresh> LockTableReader::readWindow(Session &session, const TableNames &tables,
                                                const LockTableQuery &query, bool maySwitch)
{
    LockPageRequest request;
    request.text = query.filterText;
    request.state = serverState(query.state);
    request.problems = serverProblems(query);
    request.offset = qMax(0, query.first);
    request.limit = qMax(1, query.count);
    request.order = query.order;
    LockRefresh refresh;
    auto page = timedRead(session, tables, request, &refresh.clock);
    if (!page)
        return page.error();
    if (maySwitch && page->total < qint64(m_threshold) * 9 / 10) {
        m_windowed = false;
        return refresh; // read() reads again
    }
    refresh.mode = LockRefresh::Mode::Windowed;
    refresh.page = std::move(page).value();
    return refresh;
}

} // namespace ui
