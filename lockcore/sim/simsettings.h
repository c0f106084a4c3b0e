// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"
#include "retrypolicy.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace locksim {

// How long a hold or a think pause lasts: fixed, uniform in [minMs, maxMs], or exponential with
// mean minMs (capped at 10x the mean).
struct DurationDist
{
    enum class Kind { Fixed, Uniform, Exponential };
    Kind kind = Kind::Fixed;
    qint64 minMs = 100;
    qint64 maxMs = 100;

    qint64 sample(double u) const; // u uniform in [0,1)
    QString describe() const;      // "200ms", "100ms-300ms", "exp(200ms)"
    // "200ms", "100ms-300ms" or "100ms..300ms", "exp:200ms" (durations as lockcore parses them)
    static lockcore::Result<DurationDist> parse(const QString &text);
};

// Which lock protocol the simulated clients speak.
enum class Protocol {
    Lockcore,     // the real library: database-clock leases, fencing tokens (safe)
    UnsafeNoExpiry,    // seed 004: INSERT a unique row to lock, DELETE to unlock, no expiry:
                       // a crashed holder blocks the lock for ever
    UnsafeClientClock, // seed 002: expiry computed from each client's own (skewed) clock, no
                       // fence, unlock not owner-checked: holds overlap
    ForUpdate,         // seed 003: SELECT .. FOR UPDATE in an open transaction, COMMIT to unlock;
                       // no lease, no fence. Safe on one server; on a Galera cluster a row lock
                       // on one node does not block another node: holds overlap
};
// "lockcore", "unsafe-no-expiry", "unsafe-client-clock", "for-update"
QString protocolName(Protocol protocol);
std::optional<Protocol> protocolFromName(const QString &name);

// Everything one simulation run needs besides the database.
struct SimSettings
{
    int clients = 8;              // 1..256, each a thread with its own connection
    int locks = 1;                // 1..64, named lockPrefix + "0" ...
    qint64 ttlMs = 2000;          // the lease
    DurationDist hold{DurationDist::Kind::Fixed, 100, 100};  // work while holding
    DurationDist think{DurationDist::Kind::Fixed, 20, 20};   // pause between holds
    lockcore::RetryPolicy retry;  // how a waiting acquirer retries (deadlineMs > 0)
    qint64 durationMs = 10000;    // stop after this long (0: only by acquisitions)
    qint64 maxAcquisitions = 0;   // stop after this many grants in all (0: only by time)
    double crashRate = 0;         // per hold: the holder vanishes without releasing
    double pauseRate = 0;         // per hold: the holder freezes past its lease, then goes on
    qint64 pauseExtraMs = 500;    // a pause lasts ttlMs + this
    qint64 clockSkewMs = 0;       // UnsafeClientClock: each client's clock is off by up to +-this
    Protocol protocol = Protocol::Lockcore;
    quint32 seed = 1;             // same seed, same random choices per client
    QString table = QStringLiteral("sim_lock"); // its own lock table; also <table>_resource,
                                                // <table>_event, <table>_unsafe and (for-update)
                                                // <table>_forupdate
    QString lockPrefix = QStringLiteral("sim-");

    // The settings a run of `protocol` starts from: for lockcore the defaults above; for an
    // unsafe baseline, settings under which its failure shows in a few seconds (client clock:
    // skew larger than the lease's margin over the hold; no expiry: crashes, so locks stick;
    // for-update: no faults, which its transaction would end anyway, and holds long enough
    // that clients on two cluster nodes meet).
    static SimSettings forProtocol(Protocol protocol);
    // What forProtocol() loaded and why, one translated sentence without numbers (the fields
    // may be changed after); for for-update, what the design costs and where it fails; empty
    // for lockcore.
    static QString presetNote(Protocol protocol);

    lockcore::Status validate() const; // ranges above, identifiers; translated messages
    QJsonObject toJson() const;
    static lockcore::Result<SimSettings> fromJson(const QJsonObject &object);
};

} // namespace locksim
