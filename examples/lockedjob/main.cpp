// lockedjob: a job that runs only while it holds a lock, as an application built against the
// installed lockcore does it (find_package(Lockscope), Lockscope::lockcore).
//
//   lockedjob [--db URL] [--table T] [--ttl D] [--wait D] [--seconds N] LOCK
//
// It acquires LOCK (waiting up to --wait while another holder has it), prints the fence the
// grant carries, works for --seconds while a LeaseKeeper renews the lease, and releases the
// lock. Every write the job makes to a protected resource carries that fence, so that the
// resource can refuse a writer whose lease ran out (docs/protocol.md).
//
// Exit status, as lockctl's: 0 done, 1 refused (the lock is held by another, or the lease was
// lost during the job), 2 usage error, 3 database error.

#include "connectionspec.h"
#include "duration.h"
#include "holderid.h"
#include "leasekeeper.h"
#include "lockservice.h"
#include "session.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>
#include <QThread>

using namespace Qt::StringLiterals;

namespace {

enum Exit { Done = 0, Refused = 1, Usage = 2, DatabaseError = 3 };

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

struct JobOptions
{
    QString url;
    QString table;
    QString lock;
    qint64 ttlMs = 0;
    qint64 waitMs = 0;
    int seconds = 2;
};

// The command line, or an error message.
std::optional<JobOptions> parseArguments(const QStringList &arguments, QString *error)
{
    QCommandLineParser parser;
    parser.addOptions({{u"db"_s, u"The database URL (default: $LOCKSCOPE_DB)."_s, u"URL"_s},
                       {u"table"_s, u"The lock table (default: dist_lock)."_s, u"NAME"_s},
                       {u"ttl"_s, u"The lease (default: 10s)."_s, u"DURATION"_s, u"10s"_s},
                       {u"wait"_s, u"Wait this long for a held lock."_s, u"DURATION"_s, u"0s"_s},
                       {u"seconds"_s, u"How long the job works (default: 2)."_s, u"N"_s,
                        u"2"_s}});
    parser.addPositionalArgument(u"LOCK"_s, u"The lock the job runs under."_s);
    if (!parser.parse(arguments) || parser.positionalArguments().size() != 1) {
        *error = parser.errorText().isEmpty() ? parser.helpText() : parser.errorText();
        return std::nullopt;
    }
    JobOptions options;
    options.url = parser.isSet(u"db"_s) ? parser.value(u"db"_s)
                                        : qEnvironmentVariable("LOCKSCOPE_DB");
    options.table = parser.isSet(u"table"_s) ? parser.value(u"table"_s)
                                             : lockcore::LockService::defaultTable();
    options.lock = parser.positionalArguments().constFirst();
    const auto ttl = lockcore::parseDurationMs(parser.value(u"ttl"_s));
    const auto wait = lockcore::parseDurationMs(parser.value(u"wait"_s));
    bool secondsOk = false;
    options.seconds = parser.value(u"seconds"_s).toInt(&secondsOk);
    if (options.url.isEmpty() || !ttl.ok() || !wait.ok() || !secondsOk || options.seconds < 0) {
        *error = u"give --db URL (or LOCKSCOPE_DB), durations such as 30s and --seconds N"_s;
        return std::nullopt;
    }
    options.ttlMs = ttl.value();
    options.waitMs = wait.value();
    return options;
}

// The job: works in steps of 100 ms, renewing the lease when it is due. Returns false when the
// lease was lost: the lock is someone else's now, and the job must stop writing at once.
bool runJob(lockcore::LeaseKeeper &keeper, int seconds)
{
    for (int step = 0; step < seconds * 10; ++step) {
        QThread::msleep(100); // one unit of work, writing with keeper.grant().fence
        if (keeper.renewIfDue() == lockcore::LeaseKeeper::Step::Lost) {
            err() << "lease lost: fence " << keeper.grant().fence << " is no longer valid"
                  << Qt::endl;
            return false;
        }
    }
    return true;
}

int holdAndWork(lockcore::LockService &service, const JobOptions &options)
{
    lockcore::RetryPolicy policy;
    policy.deadlineMs = options.waitMs;
    policy.maxAttempts = options.waitMs > 0 ? 0 : 1;
    const auto grant = service.acquireWithWait(options.lock, lockcore::defaultHolderId(),
                                               options.ttlMs, policy);
    if (!grant.ok()) {
        err() << grant.error().fullText() << Qt::endl;
        return DatabaseError;
    }
    if (!grant->acquired) {
        err() << "not acquired: " << options.lock << " is held by " << grant->current.holder
              << Qt::endl;
        return Refused;
    }
    out() << "acquired " << options.lock << " fence " << grant->fence << " holder "
          << grant->holder << Qt::endl;

    lockcore::LeaseKeeper keeper(service, grant.value(), options.ttlMs);
    if (!runJob(keeper, options.seconds))
        return Refused;
    const auto released = service.release(options.lock, grant->holder, grant->fence);
    if (!released.ok()) {
        err() << released.error().fullText() << Qt::endl;
        return DatabaseError;
    }
    if (!released->released) {
        err() << "lost before the release: " << options.lock << " is held by "
              << released->current.holder << Qt::endl;
        return Refused;
    }
    out() << "released " << options.lock << " fence " << grant->fence << Qt::endl;
    return Done;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QString usage;
    const std::optional<JobOptions> options = parseArguments(app.arguments(), &usage);
    if (!options) {
        err() << "lockedjob: " << usage << Qt::endl;
        return Usage;
    }
    const auto spec = lockcore::ConnectionSpec::parse(options->url);
    if (!spec.ok()) {
        err() << spec.error().fullText() << Qt::endl;
        return Usage;
    }
    const auto session = lockcore::Session::open(spec.value());
    if (!session.ok()) {
        err() << session.error().fullText() << Qt::endl;
        return DatabaseError;
    }
    auto service = lockcore::LockService::create(*session.value(), options->table);
    if (!service.ok()) {
        err() << service.error().fullText() << Qt::endl;
        return Usage;
    }
    return holdAndWork(service.value(), *options);
}
