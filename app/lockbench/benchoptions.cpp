// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchoptions.h"

#include "benchprotocol.h"
#include "options.h"
#include "tr.h"
#include "validation.h"

#include <QCommandLineParser>
#include <algorithm>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;
using cli::durationOption;
using cli::integerOption;

namespace lockbench {

namespace {

constexpr int maxClients = 256; // the throwaway servers allow 300 connections
constexpr int maxPrefixChars = 25; // "<prefix>_shedlock_event_ix1" fits every database

// "1,4,16": distinct whole numbers from 1 to maxClients, in the order given.
Result<QList<int>> clientList(const QCommandLineParser &args, const QString &name,
                              const QList<int> &fallback)
{
    if (!args.isSet(name))
        return fallback;
    QList<int> counts;
    for (const QString &part : args.value(name).split(u',')) {
        bool ok = false;
        const int count = part.trimmed().toInt(&ok);
        if (!ok || count < 1 || count > maxClients)
            return Error::invalidInput(
                Tr::tr("--%1 needs client counts from 1 to %2, separated by commas; got \"%3\".")
                    .arg(name)
                    .arg(maxClients)
                    .arg(args.value(name).left(40)));
        if (!counts.contains(count))
            counts << count;
    }
    return counts;
}

Result<QStringList> protocolList(const QCommandLineParser &args)
{
    if (!args.isSet(u"protocols"_s))
        return protocolIds();
    QStringList wanted;
    for (const QString &part : args.value(u"protocols"_s).split(u',', Qt::SkipEmptyParts)) {
        const QString id = part.trimmed().toLower();
        if (!protocolIds().contains(id))
            return Error::invalidInput(Tr::tr("--protocols: unknown protocol \"%1\"; the "
                                              "protocols are: %2.")
                                           .arg(id.left(40), protocolIds().join(u", "_s)));
        if (!wanted.contains(id))
            wanted << id;
    }
    if (wanted.isEmpty())
        return Error::invalidInput(Tr::tr("--protocols needs at least one protocol."));
    // Always in the bench's own order (lockcore first: the others are compared with it).
    QStringList ordered;
    for (const QString &id : protocolIds()) {
        if (wanted.contains(id))
            ordered << id;
    }
    return ordered;
}

Result<double> jitterOption(const QCommandLineParser &args, double fallback)
{
    if (!args.isSet(u"jitter"_s))
        return fallback;
    bool ok = false;
    const double value = args.value(u"jitter"_s).trimmed().toDouble(&ok);
    if (!ok || !(value >= 0 && value <= 1))
        return Error::invalidInput(Tr::tr("--jitter needs a number from 0 to 1; got \"%1\".")
                                       .arg(args.value(u"jitter"_s).left(40)));
    return value;
}

} // namespace

QList<QCommandLineOption> benchOptionList()
{
    return {
        QCommandLineOption(u"protocols"_s,
                           Tr::tr("The protocols to measure, separated by commas (default: "
                                  "all): %1.")
                               .arg(protocolIds().join(u", "_s)),
                           u"LIST"_s),
        QCommandLineOption(u"clients"_s,
                           Tr::tr("Client counts for the contended runs, all on one lock "
                                  "(default: 1,4,16,64)."),
                           u"LIST"_s),
        QCommandLineOption(u"separate"_s,
                           Tr::tr("Client counts for the runs on separate locks, one lock per "
                                  "client (default: 1,2,8)."),
                           u"LIST"_s),
        QCommandLineOption(u"cycles"_s,
                           Tr::tr("Acquire-release cycles of one uncontended run (default: "
                                  "1000)."),
                           u"N"_s),
        QCommandLineOption(u"repeats"_s,
                           Tr::tr("Measured runs per figure, after one warm-up run that is "
                                  "discarded; the median is reported (default: 3)."),
                           u"N"_s),
        QCommandLineOption(u"duration-ms"_s,
                           Tr::tr("Length of one contended or separate run in milliseconds "
                                  "(default: 1000)."),
                           u"MS"_s),
        QCommandLineOption(u"poll-ms"_s,
                           Tr::tr("Base poll interval of waiting clients in milliseconds, the "
                                  "same for every protocol (default: 10)."),
                           u"MS"_s),
        QCommandLineOption(u"poll-max-ms"_s,
                           Tr::tr("lockcore and raw-sql: their exponential backoff stops "
                                  "growing here (default: 80)."),
                           u"MS"_s),
        QCommandLineOption(u"jitter"_s,
                           Tr::tr("lockcore, raw-sql and shedlock-style: each pause is scaled "
                                  "by a random factor in [1 - J, 1 + J] (default: 0.5)."),
                           u"J"_s),
        QCommandLineOption(u"hold-us"_s,
                           Tr::tr("In the contended and separate runs, keep each lock this many "
                                  "microseconds before releasing it (default: 0). Longer holds "
                                  "make the overlap check see more."),
                           u"US"_s),
        QCommandLineOption(u"think-us"_s,
                           Tr::tr("In the contended runs, each client works this many "
                                  "microseconds after a release before it competes again "
                                  "(default: 1000), so the lock goes to a waiting client instead "
                                  "of being taken back at once. 0: the releaser barges."),
                           u"US"_s),
        QCommandLineOption(u"ttl"_s,
                           Tr::tr("The lease every protocol asks for (default: 30s)."),
                           u"DURATION"_s),
        QCommandLineOption(u"table-prefix"_s,
                           Tr::tr("The bench's tables are <prefix>_<protocol> (default: "
                                  "lockscope_bench); they are dropped at the start and at the "
                                  "end."),
                           u"NAME"_s),
        QCommandLineOption(u"keep-tables"_s,
                           Tr::tr("Leave the bench's tables in place at the end.")),
    };
}

Result<BenchSettings> parseBenchSettings(const QCommandLineParser &args)
{
    BenchSettings s;
    auto protocols = protocolList(args);
    if (!protocols)
        return protocols.error();
    s.protocols = *protocols;

    auto contended = clientList(args, u"clients"_s, s.contendedClients);
    if (!contended)
        return contended.error();
    s.contendedClients = *contended;
    auto separate = clientList(args, u"separate"_s, s.separateClients);
    if (!separate)
        return separate.error();
    s.separateClients = *separate;

    auto cycles = integerOption(args, u"cycles"_s, 10, 1000000, s.cycles);
    if (!cycles)
        return cycles.error();
    s.cycles = int(*cycles);
    auto repeats = integerOption(args, u"repeats"_s, 1, 100, s.repeats);
    if (!repeats)
        return repeats.error();
    s.repeats = int(*repeats);
    auto duration = integerOption(args, u"duration-ms"_s, 50, 3600000, s.durationMs);
    if (!duration)
        return duration.error();
    s.durationMs = *duration;

    auto poll = integerOption(args, u"poll-ms"_s, 1, 60000, s.wait.pollMs);
    if (!poll)
        return poll.error();
    s.wait.pollMs = *poll;
    const qint64 pollMaxDefault = std::max(s.wait.pollMaxMs, s.wait.pollMs);
    auto pollMax = integerOption(args, u"poll-max-ms"_s, 1, 600000, pollMaxDefault);
    if (!pollMax)
        return pollMax.error();
    if (*pollMax < s.wait.pollMs)
        return Error::invalidInput(Tr::tr("--poll-max-ms (%1) must not be below --poll-ms (%2).")
                                       .arg(*pollMax)
                                       .arg(s.wait.pollMs));
    s.wait.pollMaxMs = *pollMax;
    auto jitter = jitterOption(args, s.wait.jitter);
    if (!jitter)
        return jitter.error();
    s.wait.jitter = *jitter;

    auto hold = integerOption(args, u"hold-us"_s, 0, 10000000, s.holdUs);
    if (!hold)
        return hold.error();
    s.holdUs = *hold;
    auto think = integerOption(args, u"think-us"_s, 0, 10000000, s.thinkUs);
    if (!think)
        return think.error();
    s.thinkUs = *think;

    auto ttl = durationOption(args, u"ttl"_s, s.ttlMs);
    if (!ttl)
        return ttl.error();
    if (*ttl < 1000 || *ttl > lockcore::limits::maxTtlMs)
        return Error::invalidInput(Tr::tr("--ttl must be from 1s to 30 days."));
    s.ttlMs = *ttl;

    if (args.isSet(u"table-prefix"_s)) {
        const QString prefix = args.value(u"table-prefix"_s).trimmed();
        if (prefix.contains(u'.') || prefix.size() > maxPrefixChars
            || !lockcore::validateTableName(prefix))
            return Error::invalidInput(
                Tr::tr("--table-prefix needs an identifier (letters, digits and _, not "
                       "starting with a digit) of at most %1 characters; got \"%2\".")
                    .arg(maxPrefixChars)
                    .arg(prefix.left(40)));
        s.tablePrefix = prefix;
    }
    s.keepTables = args.isSet(u"keep-tables"_s);
    return s;
}

} // namespace lockbench
