// SPDX-License-Identifier: Apache-2.0
#include "exposition.h"

#include <QLocale>

#include <functional>

namespace lockcore {

namespace {

using State = LockSample::State;

const State allStates[] = {State::Free, State::Held, State::Expired};

const char *stateLabel(State state)
{
    switch (state) {
    case State::Free:
        return "free";
    case State::Held:
        return "held";
    case State::Expired:
        return "expired";
    }
    return "free";
}

QByteArray number(double value)
{
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

// Writes the samples of one metric family: its HELP and TYPE lines, then what `samples`
// appends (nothing at all, not even HELP, when it appends no sample).
class Family
{
public:
    Family(QByteArray &out, const char *name, const char *type, const char *help)
        : m_out(out), m_name(name), m_type(type), m_help(help)
    {}

    // A sample `name{labels} value`; `labels` already escaped, without braces.
    void sample(const QByteArray &labels, const QByteArray &value)
    {
        if (!m_started) {
            m_out += "# HELP ";
            m_out += m_name;
            m_out += ' ';
            m_out += m_help;
            m_out += "\n# TYPE ";
            m_out += m_name;
            m_out += ' ';
            m_out += m_type;
            m_out += '\n';
            m_started = true;
        }
        m_out += m_name;
        m_out += '{';
        m_out += labels;
        m_out += "} ";
        m_out += value;
        m_out += '\n';
    }

private:
    QByteArray &m_out;
    const char *m_name;
    const char *m_type;
    const char *m_help;
    bool m_started = false;
};

// The labels of a table, and of each reported lock, escaped once.
struct Labels
{
    QByteArray table;       // db="..",table=".."
    QList<QByteArray> lock; // db="..",table="..",lock=".."
};

QList<Labels> labelsOf(const QList<TableSnapshot> &tables)
{
    QList<Labels> all;
    all.reserve(tables.size());
    for (const TableSnapshot &t : tables) {
        Labels labels;
        labels.table = "db=\"" + escapeLabelValue(t.db) + "\",table=\""
                       + escapeLabelValue(t.table) + '"';
        labels.lock.reserve(t.locks.size());
        for (const LockSample &lock : t.locks)
            labels.lock.append(labels.table + ",lock=\"" + escapeLabelValue(lock.name) + '"');
        all.append(labels);
    }
    return all;
}

using TableWriter = std::function<void(Family &, const TableSnapshot &, const Labels &)>;
using LockWriter = std::function<void(Family &, const LockSample &, const QByteArray &)>;

void tableFamily(QByteArray &out, const QList<TableSnapshot> &tables,
                 const QList<Labels> &labels, const char *name, const char *type,
                 const char *help, const TableWriter &write)
{
    Family family(out, name, type, help);
    for (qsizetype i = 0; i < tables.size(); ++i)
        write(family, tables.at(i), labels.at(i));
}

void lockFamily(QByteArray &out, const QList<TableSnapshot> &tables, const QList<Labels> &labels,
                const char *name, const char *help, const LockWriter &write)
{
    Family family(out, name, "gauge", help);
    for (qsizetype i = 0; i < tables.size(); ++i) {
        const TableSnapshot &t = tables.at(i);
        if (!t.up)
            continue;
        for (qsizetype j = 0; j < t.locks.size(); ++j)
            write(family, t.locks.at(j), labels.at(i).lock.at(j));
    }
}

void writeTableFamilies(QByteArray &out, const QList<TableSnapshot> &tables,
                        const QList<Labels> &labels)
{
    tableFamily(out, tables, labels, "lockscope_up", "gauge",
                "1 when the last scrape read the lock table, 0 otherwise.",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    f.sample(l.table, t.up ? "1" : "0");
                });
    tableFamily(out, tables, labels, "lockscope_scrape_duration_seconds", "gauge",
                "How long reading the lock table took (the timeout when it did not answer).",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    f.sample(l.table, number(t.scrapeDurationSeconds));
                });
    tableFamily(out, tables, labels, "lockscope_exporter_last_scrape_error", "gauge",
                "1 when the last scrape could not read the lock table, 0 when it could.",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    f.sample(l.table, t.up ? "0" : "1");
                });
    tableFamily(out, tables, labels, "lockscope_database_time_seconds", "gauge",
                "The database clock when the lock table was read, in Unix seconds.",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    if (t.up && t.databaseTimeSeconds)
                        f.sample(l.table, number(*t.databaseTimeSeconds));
                });
    tableFamily(out, tables, labels, "lockscope_clock_offset_seconds", "gauge",
                "The database clock minus the exporter's clock.",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    if (t.up && t.clockOffsetSeconds)
                        f.sample(l.table, number(*t.clockOffsetSeconds));
                });
    tableFamily(out, tables, labels, "lockscope_locks", "gauge",
                "Locks in the table by state, by the database clock.",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    if (!t.up)
                        return;
                    f.sample(l.table + ",state=\"free\"", QByteArray::number(t.free));
                    f.sample(l.table + ",state=\"held\"", QByteArray::number(t.held));
                    f.sample(l.table + ",state=\"expired\"", QByteArray::number(t.expired));
                });
    tableFamily(out, tables, labels, "lockscope_locks_omitted", "gauge",
                "Locks not reported one by one (beyond --max-locks or not matching --include).",
                [](Family &f, const TableSnapshot &t, const Labels &l) {
                    if (t.up)
                        f.sample(l.table, QByteArray::number(t.omitted));
                });
}

void writeCounterFamilies(QByteArray &out, const QList<TableSnapshot> &tables,
                          const QList<Labels> &labels)
{
    const auto counter = [&](const char *name, const char *help, qint64 EventCounts::*field) {
        tableFamily(out, tables, labels, name, "counter", help,
                    [field](Family &f, const TableSnapshot &t, const Labels &l) {
                        if (t.counts)
                            f.sample(l.table, QByteArray::number((*t.counts).*field));
                    });
    };
    const auto scrapes = [&](const char *name, const char *help, qint64 TableSnapshot::*field) {
        tableFamily(out, tables, labels, name, "counter", help,
                    [field](Family &f, const TableSnapshot &t, const Labels &l) {
                        f.sample(l.table, QByteArray::number(t.*field));
                    });
    };
    scrapes("lockscope_exporter_scrapes_total",
            "Scrapes of the lock table since the exporter started.", &TableSnapshot::scrapes);
    scrapes("lockscope_exporter_scrape_errors_total",
            "Scrapes that could not read the lock table since the exporter started.",
            &TableSnapshot::scrapeErrors);
    counter("lockscope_acquisitions_total",
            "Grants recorded in the history (acquire, reenter, takeover; recorded at event "
            "level All only).",
            &EventCounts::acquisitions);
    counter("lockscope_takeovers_total", "Takeovers of an expired lease recorded in the history.",
            &EventCounts::takeovers);
    counter("lockscope_force_releases_total", "Force releases recorded in the history.",
            &EventCounts::forceReleases);
    counter("lockscope_releases_lost_total",
            "Releases and renewals that found the lock no longer theirs.",
            &EventCounts::releasesLost);
}

void optionalGauge(Family &f, const QByteArray &labels, const std::optional<double> &value)
{
    if (value)
        f.sample(labels, number(*value));
}

void writeLockFamilies(QByteArray &out, const QList<TableSnapshot> &tables,
                       const QList<Labels> &labels)
{
    lockFamily(out, tables, labels, "lockscope_lock_state",
               "The lock's state: 1 for the state it is in, 0 for the others.",
               [](Family &f, const LockSample &lock, const QByteArray &l) {
                   for (State state : allStates)
                       f.sample(l + ",state=\"" + stateLabel(state) + '"',
                                state == lock.state ? "1" : "0");
               });
    // One optional time of each reported lock, in seconds (none: no sample).
    const auto seconds = [&](const char *name, const char *help,
                             std::optional<double> LockSample::*field) {
        lockFamily(out, tables, labels, name, help,
                   [field](Family &f, const LockSample &lock, const QByteArray &l) {
                       optionalGauge(f, l, lock.*field);
                   });
    };
    seconds("lockscope_lock_acquired_timestamp_seconds",
            "When the lock was acquired, in Unix seconds by the database clock (held and "
            "expired locks).",
            &LockSample::acquiredTimestamp);
    seconds("lockscope_lock_renewed_timestamp_seconds",
            "When the lease was last renewed, in Unix seconds by the database clock (held and "
            "expired locks).",
            &LockSample::renewedTimestamp);
    seconds("lockscope_lock_expires_timestamp_seconds",
            "When the lease ends (or ended), in Unix seconds by the database clock (held and "
            "expired locks).",
            &LockSample::expiresTimestamp);
    seconds("lockscope_lock_held_seconds",
            "Deprecated (removed in 0.2): lockscope_database_time_seconds - "
            "lockscope_lock_acquired_timestamp_seconds. Database time since the lock was "
            "acquired, while held or expired; 0 when free.",
            &LockSample::heldSeconds);
    seconds("lockscope_lock_lease_remaining_seconds",
            "Deprecated (removed in 0.2): lockscope_lock_expires_timestamp_seconds - "
            "lockscope_database_time_seconds. Database time until the lease ends, while held; "
            "0 otherwise.",
            &LockSample::leaseRemainingSeconds);
    seconds("lockscope_lock_expired_seconds",
            "Deprecated (removed in 0.2): lockscope_database_time_seconds - "
            "lockscope_lock_expires_timestamp_seconds. Database time since the lease ended "
            "without a release or a takeover; 0 otherwise.",
            &LockSample::expiredSeconds);
    lockFamily(out, tables, labels, "lockscope_lock_fence", "The lock's fencing token.",
               [](Family &f, const LockSample &lock, const QByteArray &l) {
                   if (lock.fence)
                       f.sample(l, QByteArray::number(*lock.fence));
               });
    lockFamily(out, tables, labels, "lockscope_lock_depth", "The holder's re-entry depth.",
               [](Family &f, const LockSample &lock, const QByteArray &l) {
                   if (lock.depth)
                       f.sample(l, QByteArray::number(*lock.depth));
               });
    lockFamily(out, tables, labels, "lockscope_lock_holder_info",
               "Who holds the lock (held and expired locks), always 1.",
               [](Family &f, const LockSample &lock, const QByteArray &l) {
                   if (lock.state != State::Free)
                       f.sample(l + ",holder=\"" + escapeLabelValue(lock.holder) + '"', "1");
               });
}

} // namespace

QByteArray escapeLabelValue(const QString &value)
{
    const QByteArray utf8 = value.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 8);
    for (char c : utf8) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            out += c;
        }
    }
    return out;
}

QByteArray expositionContentType()
{
    return QByteArrayLiteral("text/plain; version=0.0.4; charset=utf-8");
}

QByteArray renderExposition(const QList<TableSnapshot> &tables)
{
    const QList<Labels> labels = labelsOf(tables);
    QByteArray out;
    qsizetype locks = 0;
    for (const TableSnapshot &t : tables)
        locks += t.locks.size();
    out.reserve(2048 + locks * 900);
    writeTableFamilies(out, tables, labels);
    writeCounterFamilies(out, tables, labels);
    writeLockFamilies(out, tables, labels);
    return out;
}

} // namespace lockcore
