// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace locksim {

// What the simulation records, in database time (microseconds since the epoch, read from the
// database, never from a client clock). The verdict and the metrics are computed from this
// alone, independently of lockcore's own view.

// One hold: from a granted acquire to its end.
struct HoldRecord
{
    enum class End {
        Released, // released by its holder (releasedDbUs is the release's database time)
        Crashed,  // the holder vanished without releasing: the lease ran out (or, without
                  // expiry, the lock stayed held)
        Lost,     // the holder paused past its lease; its release was reported lost
        Running,  // still held when the run ended
    };
    int client = 0;
    int lock = 0;          // index into the run's locks
    int node = 0;          // index into the run's nodes (client i runs on node i mod n); the
                           // window and lockctl call index 0 "node 1"
    QString holder;
    qint64 fence = 0;      // 0 for protocols without a fence
    qint64 requestedDbUs = 0; // database time when this client started wanting the lock
    qint64 acquiredDbUs = 0;  // the grant, as the database stamped it
    qint64 expiresDbUs = 0;   // the lease's end as last granted or renewed (0: no expiry)
    qint64 releasedDbUs = 0;  // End::Released: the release's database time
    End end = End::Running;
    int attempts = 1;         // acquire attempts this grant took
    bool tookOver = false;    // acquired after the previous holder's lease had expired
    bool paused = false;      // a pause fault was injected into this hold
    // for-update: the transaction that held the lock did not commit (on Galera, it lost
    // certification to another node's: ERROR 1213). Its critical section had run all the
    // same, so the hold counts as it was observed, up to the release's time.
    bool commitFailed = false;
    qint64 pid = 0;           // --processes: the client's process

    // Until when the holder held, as reported: its release (even one after the lease's end),
    // or the lease's end when it did not release. 0: held without end.
    qint64 validUntilDbUs() const;
    QJsonObject toJson() const;
    static HoldRecord fromJson(const QJsonObject &object);
};
QString endName(HoldRecord::End end); // "released", "crashed", "lost", "running"
// The order a lock's holds are judged in (verdict) and measured in (metrics): by the grant's
// reported time, then by fence (grants in the same millisecond), then (no fences) by the end.
// For std::stable_sort.
bool grantedEarlier(const HoldRecord &a, const HoldRecord &b);

// One write to the protected resource of a lock, made while (the client believed) it held
// the lock: the resource refuses a fence lower than the highest it has seen.
struct WriteRecord
{
    int client = 0;
    int lock = 0;
    qint64 fence = 0;
    qint64 beforeDbUs = 0; // the database clock read just before the write
    qint64 afterDbUs = 0;  // and just after it
    bool accepted = false;
    bool late = false;     // written after a pause fault

    QJsonObject toJson() const;
    static WriteRecord fromJson(const QJsonObject &object);
};

// A failed acquire (refused after its retries, or an error), for the metrics.
struct AttemptRecord
{
    int client = 0;
    int lock = 0;
    qint64 atDbUs = 0;
    int attempts = 0;
    QString error; // empty: refused because held

    QJsonObject toJson() const;
    static AttemptRecord fromJson(const QJsonObject &object);
};

struct History
{
    QStringList lockNames;
    QStringList nodeNames; // the nodes' URLs without passwords, node 1 first (one: a server)
    qint64 startDbUs = 0;
    qint64 endDbUs = 0;
    QList<HoldRecord> holds;
    QList<WriteRecord> writes;
    QList<AttemptRecord> failures;
    int crashes = 0;     // crash faults injected (or, --processes, holders killed)
    int pauses = 0;      // pause faults injected

    QJsonObject toJson() const;
    static History fromJson(const QJsonObject &object);
    QString holdsCsv() const;  // one line per hold, with a header line
    QString writesCsv() const; // one line per write, with a header line
};

} // namespace locksim
