// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "metricsnapshot.h"
#include "result.h"

namespace lockcore {

class Session;
struct TableNames;

// The counters of one native table's history, kept up to date incrementally: each update
// counts only the events after the highest id seen so far (one statement, the event id's index),
// so that a long history is counted once, not at every scrape. An event whose id was handed
// out before but committed after an update that saw a higher id is not counted (a concurrent
// writer's few milliseconds; the counters may lag by such events, never count one twice).
class EventCounter
{
public:
    Status update(Session &session, const TableNames &tables);
    // What was counted so far; none before the first update that succeeded.
    std::optional<EventCounts> counts() const;

private:
    EventCounts m_counts;
    qint64 m_lastId = -1; // -1: never read
};

} // namespace lockcore
