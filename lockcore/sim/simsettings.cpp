// SPDX-License-Identifier: Apache-2.0
#include "simsettings.h"

#include "duration.h"
#include "simtr.h"
#include "validation.h"

#include <QJsonValue>
#include <cmath>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

QString kindName(DurationDist::Kind kind)
{
    switch (kind) {
    case DurationDist::Kind::Uniform: return u"uniform"_s;
    case DurationDist::Kind::Exponential: return u"exponential"_s;
    case DurationDist::Kind::Fixed: break;
    }
    return u"fixed"_s;
}

QJsonObject distToJson(const DurationDist &dist)
{
    return {{u"kind"_s, kindName(dist.kind)},
            {u"min_ms"_s, dist.minMs},
            {u"max_ms"_s, dist.maxMs}};
}

DurationDist distFromJson(const QJsonValue &value, const DurationDist &fallback)
{
    if (!value.isObject())
        return fallback;
    const QJsonObject o = value.toObject();
    DurationDist dist = fallback;
    const QString kind = o.value(u"kind"_s).toString();
    dist.kind = kind == u"uniform" ? DurationDist::Kind::Uniform
                : kind == u"exponential" ? DurationDist::Kind::Exponential
                                         : DurationDist::Kind::Fixed;
    dist.minMs = o.value(u"min_ms"_s).toInteger(fallback.minMs);
    dist.maxMs = o.value(u"max_ms"_s).toInteger(dist.minMs);
    return dist;
}

lockcore::Status invalid(const QString &message)
{
    return lockcore::Error::invalidInput(message);
}

} // namespace

qint64 DurationDist::sample(double u) const
{
    switch (kind) {
    case Kind::Fixed:
        return minMs;
    case Kind::Uniform:
        return minMs + qint64(std::floor(u * double(maxMs - minMs + 1)));
    case Kind::Exponential: {
        const double value = -double(minMs) * std::log(1.0 - u);
        return qint64(std::llround(std::min(value, 10.0 * double(minMs))));
    }
    }
    return minMs;
}

QString DurationDist::describe() const
{
    switch (kind) {
    case Kind::Uniform:
        return lockcore::formatDurationMs(minMs) + u'-' + lockcore::formatDurationMs(maxMs);
    case Kind::Exponential:
        return u"exp("_s + lockcore::formatDurationMs(minMs) + u')';
    case Kind::Fixed: break;
    }
    return lockcore::formatDurationMs(minMs);
}

lockcore::Result<DurationDist> DurationDist::parse(const QString &text)
{
    const QString t = text.trimmed();
    // `why`: what the duration parser said of one part.
    const auto bad = [&t](const QString &why = QString()) {
        const QString text = SimTr::tr("\"%1\" is not a duration distribution: write \"200ms\", "
                                       "\"100ms-300ms\" or \"exp:200ms\".")
                                 .arg(t.left(80));
        return lockcore::Error::invalidInput(why.isEmpty() ? text : text + u' ' + why);
    };
    DurationDist dist;
    if (t.startsWith(u"exp:"_s)) {
        const auto mean = lockcore::parseDurationMs(t.mid(4));
        if (!mean)
            return bad(mean.error().message); // such as a number without a unit
        if (*mean <= 0)
            return bad();
        dist.kind = Kind::Exponential;
        dist.minMs = dist.maxMs = *mean;
        return dist;
    }
    QStringList parts = t.split(u".."_s);
    if (parts.size() == 1)
        parts = t.split(u'-');
    if (parts.size() > 2)
        return bad();
    const auto low = lockcore::parseDurationMs(parts.at(0).trimmed());
    if (!low)
        return bad(low.error().message);
    dist.minMs = dist.maxMs = *low;
    if (parts.size() == 2) {
        const auto high = lockcore::parseDurationMs(parts.at(1).trimmed());
        if (!high)
            return bad(high.error().message);
        if (*high < *low)
            return bad();
        dist.kind = Kind::Uniform;
        dist.maxMs = *high;
    }
    return dist;
}

QString protocolName(Protocol protocol)
{
    switch (protocol) {
    case Protocol::UnsafeNoExpiry: return u"unsafe-no-expiry"_s;
    case Protocol::UnsafeClientClock: return u"unsafe-client-clock"_s;
    case Protocol::ForUpdate: return u"for-update"_s;
    case Protocol::Lockcore: break;
    }
    return u"lockcore"_s;
}

std::optional<Protocol> protocolFromName(const QString &name)
{
    for (Protocol p : {Protocol::Lockcore, Protocol::UnsafeNoExpiry, Protocol::UnsafeClientClock,
                       Protocol::ForUpdate})
        if (protocolName(p) == name)
            return p;
    return std::nullopt;
}

SimSettings SimSettings::forProtocol(Protocol protocol)
{
    SimSettings s;
    s.protocol = protocol;
    switch (protocol) {
    case Protocol::UnsafeClientClock:
        // Holds of 200-400 ms leave a margin of 100-300 ms on a 500 ms lease; clocks off by
        // up to +-400 ms (800 ms between two clients) let a client whose clock runs ahead
        // take the lock while its holder still works.
        // Waiters poll at least every 100 ms: with lockcore's backoff (up to 2 s) one client
        // could keep the lock to itself for the whole run, and the others never got to steal.
        s.ttlMs = 500;
        s.hold = {DurationDist::Kind::Uniform, 200, 400};
        s.clockSkewMs = 400;
        s.retry.initialDelayMs = 20;
        s.retry.maxDelayMs = 100;
        s.durationMs = 5000;
        break;
    case Protocol::UnsafeNoExpiry:
        // A crash in one hold of ten leaves its lock held for ever within a second or two;
        // waiters give up after a second, so their failed attempts show.
        s.clients = 4;
        s.locks = 2;
        s.hold = {DurationDist::Kind::Fixed, 50, 50};
        s.crashRate = 0.1;
        s.retry.deadlineMs = 1000;
        s.durationMs = 5000;
        break;
    case Protocol::ForUpdate:
        // Two clients per node of a three-node cluster, holds of 50-150 ms: on one server they
        // queue on the row lock; on a cluster, clients of two nodes hold it at once many times
        // a second. No crash or pause faults: a crash only rolls the transaction back, and a
        // pause holds a transaction open without a lease to run out. A waiter blocks in the
        // server for up to the retry deadline (the statement's lock wait timeout).
        s.clients = 6;
        s.hold = {DurationDist::Kind::Uniform, 50, 150};
        s.retry.deadlineMs = 3000;
        s.durationMs = 8000;
        break;
    case Protocol::Lockcore:
        break;
    }
    return s;
}

QString SimSettings::presetNote(Protocol protocol)
{
    switch (protocol) {
    case Protocol::UnsafeClientClock:
        return SimTr::tr("Loaded settings under which this design fails: a short lease, and "
                         "clocks further apart than the lease outlasts a hold.");
    case Protocol::UnsafeNoExpiry:
        return SimTr::tr("Loaded settings under which this design fails: holders crash, and "
                         "without expiry their locks stay held for ever.");
    case Protocol::ForUpdate:
        return SimTr::tr("A lock held as an open transaction keeps a transaction and a "
                         "connection for the whole critical section, and on a Galera cluster "
                         "a row lock on one node does not block another node, so clients of "
                         "different nodes hold it at the same time.");
    case Protocol::Lockcore:
        break;
    }
    return {};
}

lockcore::Status SimSettings::validate() const
{
    if (clients < 1 || clients > 256)
        return invalid(
            SimTr::tr("The number of clients must be between 1 and 256, not %1.").arg(clients));
    if (locks < 1 || locks > 64)
        return invalid(
            SimTr::tr("The number of locks must be between 1 and 64, not %1.").arg(locks));
    if (lockcore::Status s = lockcore::validateTtl(ttlMs); !s)
        return s;
    for (const DurationDist *d : {&hold, &think})
        if (d->minMs < 0 || d->maxMs < d->minMs
            || (d->kind == DurationDist::Kind::Exponential && d->minMs <= 0))
            return invalid(
                SimTr::tr("The duration distribution %1 is not valid.").arg(d->describe()));
    if (retry.deadlineMs < 0 || retry.maxAttempts < 0)
        return invalid(SimTr::tr("The retry deadline and attempts cannot be negative."));
    if (durationMs < 0 || maxAcquisitions < 0 || (durationMs == 0 && maxAcquisitions == 0))
        return invalid(
            SimTr::tr("A simulation needs a duration or a number of acquisitions to stop "
                          "at."));
    if (!(crashRate >= 0 && crashRate <= 1 && pauseRate >= 0 && pauseRate <= 1
          && crashRate + pauseRate <= 1))
        return invalid(
            SimTr::tr("The crash and pause rates must be between 0 and 1, and their sum at "
                          "most 1."));
    if (pauseExtraMs < 0 || clockSkewMs < 0)
        return invalid(SimTr::tr("The pause extra time and the clock skew cannot be negative."));
    if (lockcore::Status s = lockcore::validateTableName(table); !s)
        return s;
    if (lockcore::Status s = lockcore::validateLockName(lockPrefix + QString::number(locks - 1));
        !s)
        return s;
    return {};
}

QJsonObject SimSettings::toJson() const
{
    const QJsonObject retryJson{{u"deadline_ms"_s, retry.deadlineMs},
                                {u"max_attempts"_s, retry.maxAttempts},
                                {u"initial_delay_ms"_s, retry.initialDelayMs},
                                {u"max_delay_ms"_s, retry.maxDelayMs},
                                {u"multiplier"_s, retry.multiplier},
                                {u"jitter"_s, retry.jitter}};
    return {{u"clients"_s, clients},
            {u"locks"_s, locks},
            {u"ttl_ms"_s, ttlMs},
            {u"hold"_s, distToJson(hold)},
            {u"think"_s, distToJson(think)},
            {u"retry"_s, retryJson},
            {u"duration_ms"_s, durationMs},
            {u"max_acquisitions"_s, maxAcquisitions},
            {u"crash_rate"_s, crashRate},
            {u"pause_rate"_s, pauseRate},
            {u"pause_extra_ms"_s, pauseExtraMs},
            {u"clock_skew_ms"_s, clockSkewMs},
            {u"protocol"_s, protocolName(protocol)},
            {u"seed"_s, qint64(seed)},
            {u"table"_s, table},
            {u"lock_prefix"_s, lockPrefix}};
}

lockcore::Result<SimSettings> SimSettings::fromJson(const QJsonObject &o)
{
    SimSettings s;
    s.clients = o.value(u"clients"_s).toInt(s.clients);
    s.locks = o.value(u"locks"_s).toInt(s.locks);
    s.ttlMs = o.value(u"ttl_ms"_s).toInteger(s.ttlMs);
    s.hold = distFromJson(o.value(u"hold"_s), s.hold);
    s.think = distFromJson(o.value(u"think"_s), s.think);
    const QJsonObject r = o.value(u"retry"_s).toObject();
    s.retry.deadlineMs = r.value(u"deadline_ms"_s).toInteger(s.retry.deadlineMs);
    s.retry.maxAttempts = r.value(u"max_attempts"_s).toInt(s.retry.maxAttempts);
    s.retry.initialDelayMs = r.value(u"initial_delay_ms"_s).toInteger(s.retry.initialDelayMs);
    s.retry.maxDelayMs = r.value(u"max_delay_ms"_s).toInteger(s.retry.maxDelayMs);
    s.retry.multiplier = r.value(u"multiplier"_s).toDouble(s.retry.multiplier);
    s.retry.jitter = r.value(u"jitter"_s).toDouble(s.retry.jitter);
    s.durationMs = o.value(u"duration_ms"_s).toInteger(s.durationMs);
    s.maxAcquisitions = o.value(u"max_acquisitions"_s).toInteger(s.maxAcquisitions);
    s.crashRate = o.value(u"crash_rate"_s).toDouble(s.crashRate);
    s.pauseRate = o.value(u"pause_rate"_s).toDouble(s.pauseRate);
    s.pauseExtraMs = o.value(u"pause_extra_ms"_s).toInteger(s.pauseExtraMs);
    s.clockSkewMs = o.value(u"clock_skew_ms"_s).toInteger(s.clockSkewMs);
    const QString protocol = o.value(u"protocol"_s).toString(protocolName(s.protocol));
    const auto p = protocolFromName(protocol);
    if (!p)
        return lockcore::Error::invalidInput(
            SimTr::tr("Unknown protocol \"%1\": use lockcore, unsafe-no-expiry, "
                      "unsafe-client-clock or for-update.")
                .arg(protocol.left(80)));
    s.protocol = *p;
    s.seed = quint32(o.value(u"seed"_s).toInteger(s.seed));
    s.table = o.value(u"table"_s).toString(s.table);
    s.lockPrefix = o.value(u"lock_prefix"_s).toString(s.lockPrefix);
    if (lockcore::Status valid = s.validate(); !valid)
        return valid.error();
    return s;
}

} // namespace locksim
