// SPDX-License-Identifier: GPL-3.0-or-later
#include "simoptions.h"

#include "lockctltr.h"
#include "options.h"
#include "validation.h"

#include <QCommandLineParser>
#include <optional>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::Error;
using lockcore::Result;
using locksim::DurationDist;
using locksim::SimSettings;

namespace lockctl {

namespace {

constexpr qint64 defaultRetryDeadlineMs = 5000; // SimSettings' retry has no deadline of its own
constexpr qint64 maxRunMs = 24LL * 3600 * 1000;

QCommandLineOption option(const QString &name, const QString &text, const QString &value = {})
{
    if (value.isEmpty())
        return QCommandLineOption(name, text);
    return QCommandLineOption(name, text, value);
}

// A number (such as 0.05) in [min, max]; `fallback` when the option is not given.
Result<double> numberOption(const QCommandLineParser &args, const QString &name, double min,
                            double max, double fallback)
{
    if (!args.isSet(name))
        return fallback;
    bool ok = false;
    const double number = args.value(name).trimmed().toDouble(&ok);
    if (!ok || !(number >= min && number <= max))
        return Error::invalidInput(Tr::tr("--%1 needs a number from %2 to %3; got \"%4\".")
                                       .arg(name)
                                       .arg(min)
                                       .arg(max)
                                       .arg(args.value(name).left(40)));
    return number;
}

Result<DurationDist> distOption(const QCommandLineParser &args, const QString &name,
                                const DurationDist &fallback)
{
    if (!args.isSet(name))
        return fallback;
    auto dist = DurationDist::parse(args.value(name));
    if (!dist)
        return Error::invalidInput(u"--"_s + name + u": "_s + dist.error().message);
    return dist;
}

// Reads the options into `request`; the first error wins.
class Reader
{
public:
    explicit Reader(const QCommandLineParser &args) : m_args(args) {}

    void integer(const QString &name, qint64 min, qint64 max, qint64 *into)
    {
        take(integerOption(m_args, name, min, max, *into), into);
    }
    void integer(const QString &name, qint64 min, qint64 max, int *into)
    {
        qint64 value = *into;
        integer(name, min, max, &value);
        *into = int(value);
    }
    void duration(const QString &name, qint64 min, qint64 *into)
    {
        auto ms = durationOption(m_args, name, *into);
        if (ms && *ms < min)
            ms = Error::invalidInput(Tr::tr("--%1 must be at least %2 ms; got \"%3\".")
                                         .arg(name)
                                         .arg(min)
                                         .arg(m_args.value(name).left(40)));
        if (ms && *ms > maxRunMs)
            ms = Error::invalidInput(Tr::tr("--%1 must be at most a day; got \"%2\".")
                                         .arg(name, m_args.value(name).left(40)));
        take(ms, into);
    }
    void number(const QString &name, double min, double max, double *into)
    {
        take(numberOption(m_args, name, min, max, *into), into);
    }
    void dist(const QString &name, DurationDist *into)
    {
        take(distOption(m_args, name, *into), into);
    }
    void fail(const Error &error)
    {
        if (!m_error)
            m_error = error;
    }
    const std::optional<Error> &error() const { return m_error; }

private:
    template<typename R, typename T>
    void take(const R &result, T *into)
    {
        if (m_error)
            return;
        if (!result)
            m_error = result.error();
        else
            *into = *result;
    }

    const QCommandLineParser &m_args;
    std::optional<Error> m_error;
};

void readRetry(Reader &read, lockcore::RetryPolicy *retry)
{
    if (retry->deadlineMs <= 0)
        retry->deadlineMs = defaultRetryDeadlineMs;
    read.duration(u"retry-interval"_s, 1, &retry->initialDelayMs);
    read.duration(u"retry-max-interval"_s, 1, &retry->maxDelayMs);
    read.number(u"retry-backoff"_s, 1, 10, &retry->multiplier);
    read.number(u"retry-jitter"_s, 0, 1, &retry->jitter);
    read.duration(u"retry-deadline"_s, 1, &retry->deadlineMs);
    if (!read.error() && retry->maxDelayMs < retry->initialDelayMs) {
        read.fail(Error::invalidInput(
            Tr::tr("--retry-max-interval must not be shorter than --retry-interval.")));
    }
}

} // namespace

QList<QCommandLineOption> simulateOptionList()
{
    const QString d = u"DURATION"_s;
    const QString dist = u"DIST"_s;
    const QString p = u"P"_s;
    const QString n = u"N"_s;
    return {
        option(u"clients"_s, Tr::tr("Simulated clients, 1 to 256, each with its own connection "
                                    "(default: 8)."), n),
        option(u"locks"_s, Tr::tr("Locks they compete for, 1 to 64 (default: 1)."), n),
        option(u"ttl"_s, Tr::tr("The lease of every grant (default: 2s)."), d),
        option(u"hold"_s, Tr::tr("How long a client works while holding: 200ms, 100ms-300ms "
                                 "(uniform) or exp:200ms (exponential; default: 100ms)."), dist),
        option(u"think"_s, Tr::tr("The pause between a client's holds, in the same forms "
                                  "(default: 20ms)."), dist),
        option(u"duration"_s, Tr::tr("Stop after this long (default: 10s; 0: only by "
                                     "--acquisitions)."), d),
        option(u"acquisitions"_s, Tr::tr("Stop after this many grants in all (default: no "
                                         "limit)."), n),
        option(u"crash-rate"_s, Tr::tr("Chance per hold, 0 to 1, that the holder vanishes "
                                       "without releasing."), p),
        option(u"pause-rate"_s, Tr::tr("Chance per hold, 0 to 1, that the holder freezes past "
                                       "its lease, then writes late."), p),
        option(u"pause-extra"_s, Tr::tr("A pause lasts the lease plus this (default: 500ms)."), d),
        option(u"retry-interval"_s, Tr::tr("A waiting client's first pause before it tries "
                                           "again (default: 50ms)."), d),
        option(u"retry-max-interval"_s, Tr::tr("The longest pause between tries (default: "
                                               "2s)."), d),
        option(u"retry-backoff"_s, Tr::tr("How much each pause grows, 1 to 10 (default: 2)."),
               u"FACTOR"_s),
        option(u"retry-jitter"_s, Tr::tr("Random spread of each pause, 0 to 1 (default: 0.5)."),
               u"FRACTION"_s),
        option(u"retry-deadline"_s, Tr::tr("A client gives up waiting after this long and counts "
                                           "a failed attempt (default: 5s)."), d),
        option(u"protocol"_s, Tr::tr("What the clients speak: lockcore (the real library), "
                                     "unsafe-no-expiry or unsafe-client-clock (broken baselines, "
                                     "whose other defaults are set so that their failure shows), "
                                     "or for-update (SELECT ... FOR UPDATE in a transaction held "
                                     "for the critical section: safe on one server, not across "
                                     "Galera nodes; not on SQLite). Default: lockcore."),
               u"NAME"_s),
        option(u"node-url"_s, Tr::tr("Another node of the cluster that --db is node 1 of; give "
                                     "it once per node. Client i runs on node i mod n. A URL "
                                     "without a password uses node 1's."), u"URL"_s),
        option(u"clock-skew"_s, Tr::tr("unsafe-client-clock: each client's clock is off by up to "
                                       "plus or minus this."), d),
        option(u"seed"_s, Tr::tr("Seed of the random choices (default: 1)."), n),
        option(u"sim-table"_s, Tr::tr("The simulator's own lock table (default: sim_lock); also "
                                      "<table>_event, <table>_resource and <table>_unsafe."),
               u"NAME"_s),
        option(u"history"_s, Tr::tr("Write the full recorded history as JSON to FILE, or the "
                                    "holds as CSV when FILE ends in .csv."), u"FILE"_s),
        option(u"processes"_s, Tr::tr("Run each client as a lockctl child process instead of a "
                                      "thread, so it can be killed for real.")),
        option(u"kill-rate"_s, Tr::tr("With --processes: every 100 ms, the chance, 0 to 1, that "
                                      "a client holding a lock is killed (SIGKILL) and replaced."),
               p),
    };
}

Result<SimulateRequest> parseSimulateRequest(const QCommandLineParser &args)
{
    SimulateRequest request;
    SimSettings &s = request.settings;
    // The protocol first: an unsafe baseline starts from settings under which its failure
    // shows; the options given override them.
    if (args.isSet(u"protocol"_s)) {
        const auto protocol = locksim::protocolFromName(args.value(u"protocol"_s));
        if (!protocol)
            return Error::invalidInput(
                Tr::tr("--protocol must be lockcore, unsafe-no-expiry, unsafe-client-clock or "
                       "for-update; got \"%1\".")
                    .arg(args.value(u"protocol"_s).left(40)));
        s = SimSettings::forProtocol(*protocol);
    }
    Reader read(args);
    read.integer(u"clients"_s, 1, 256, &s.clients);
    read.integer(u"locks"_s, 1, 64, &s.locks);
    read.duration(u"ttl"_s, lockcore::limits::minTtlMs, &s.ttlMs);
    read.dist(u"hold"_s, &s.hold);
    read.dist(u"think"_s, &s.think);
    read.duration(u"duration"_s, 0, &s.durationMs);
    read.integer(u"acquisitions"_s, 0, 1000000000, &s.maxAcquisitions);
    read.number(u"crash-rate"_s, 0, 1, &s.crashRate);
    read.number(u"pause-rate"_s, 0, 1, &s.pauseRate);
    read.duration(u"pause-extra"_s, 0, &s.pauseExtraMs);
    readRetry(read, &s.retry);
    read.duration(u"clock-skew"_s, 0, &s.clockSkewMs);
    qint64 seed = s.seed;
    read.integer(u"seed"_s, 0, 4294967295LL, &seed);
    s.seed = quint32(seed);
    request.processes = args.isSet(u"processes"_s);
    read.number(u"kill-rate"_s, 0, 1, &request.killRate);
    if (read.error())
        return *read.error();

    if (args.isSet(u"sim-table"_s)) {
        s.table = args.value(u"sim-table"_s);
        if (lockcore::Status valid = lockcore::validateTableName(s.table); !valid)
            return Error::invalidInput(u"--sim-table: "_s + valid.error().message);
    }
    if (s.durationMs == 0 && s.maxAcquisitions == 0)
        return Error::invalidInput(
            Tr::tr("--duration 0 needs --acquisitions N: the run would never end."));
    if (args.isSet(u"kill-rate"_s) && !request.processes)
        return Error::invalidInput(Tr::tr("--kill-rate only applies with --processes."));
    for (const QString &url : args.values(u"node-url"_s)) {
        auto node = lockcore::ConnectionSpec::parse(url);
        if (!node)
            return Error::invalidInput(u"--node-url: "_s + node.error().message);
        request.otherNodes << *node;
        request.otherNodeUrls << url;
    }
    if (args.isSet(u"history"_s)) {
        request.historyPath = args.value(u"history"_s);
        if (request.historyPath.isEmpty())
            return Error::invalidInput(Tr::tr("--history needs a file name."));
    }
    if (lockcore::Status valid = s.validate(); !valid)
        return valid.error();
    return request;
}

} // namespace lockctl
