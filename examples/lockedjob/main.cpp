// SPDX-License-Identifier: GPL-3.0-or-later
// lockedjob: a job that runs only while it holds a lock, as an application built against the
// installed lockcore does it (find_package(Lockscope), Lockscope::lockcore).
//
//   lockedjob [--db URL] [--table T] [--ttl D] [--wait D] [--seconds N] LOCK
//
// It opens one LockClient for the database (the one connection and renewal thread an
// application shares among all its locks) and runs its job under LOCK with the client's
// runUnder (seed 000's autoLock): the lock is acquired (waiting up to --wait while another
// holder has it), its lease renewed on the client's thread while the job works for --seconds,
// and released afterwards. The job prints the
// fence the grant carries: every write it makes to a protected resource carries that fence, so
// that the resource can refuse a writer whose lease ran out (docs/library.md). Between steps it
// asks the guard whether the lease is still held, and stops at once when it is not.
//
// Exit status, as lockctl's: 0 done, 1 refused (the lock is held by another, or the lease was
// lost during the job), 2 usage error, 3 database error.

#include <lockscope/connectionspec.h>
#include <lockscope/duration.h>
#include <lockscope/lockclient.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>
#include <QThread>

#include <chrono>

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

// The job: works in steps of 100 ms while the guard still holds the lease. Returns false when
// it was lost: the lock is someone else's now, and the job must stop writing at once.
bool runJob(const lockcore::LockGuard &guard, const QString &lock, int seconds)
{
    out() << "acquired " << lock << " fence " << guard.fence() << " holder " << guard.holder()
          << Qt::endl;
    for (int step = 0; step < seconds * 10; ++step) {
        if (!guard.isHeld())
            return false;
        QThread::msleep(100); // one unit of work, writing with guard.fence()
    }
    return guard.isHeld();
}

int reportOf(const lockcore::RunOutcome<bool> &run, const QString &lock)
{
    switch (run.status) {
    case lockcore::RunStatus::Done:
        if (!run.releaseError.ok()) {
            err() << run.releaseError.error().fullText() << Qt::endl;
            return DatabaseError;
        }
        out() << "released " << lock << " fence " << run.fenceOf(lock) << Qt::endl;
        return Done;
    case lockcore::RunStatus::Refused:
        err() << "not acquired: " << lock << " is held by " << run.refusal->current.holder
              << Qt::endl;
        return Refused;
    case lockcore::RunStatus::Lost:
    case lockcore::RunStatus::LostBeforeRun:
        err() << "lease lost: fence " << run.fenceOf(lock) << " is no longer valid" << Qt::endl;
        return Refused;
    case lockcore::RunStatus::Failed:
        break;
    }
    err() << run.error.fullText() << Qt::endl;
    return run.error.kind == lockcore::Error::Kind::InvalidInput ? Usage : DatabaseError;
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
    lockcore::ClientOptions clientOptions;
    clientOptions.table = options->table;
    auto client = lockcore::LockClient::open(spec.value(), clientOptions);
    if (!client) {
        err() << client.error().fullText() << Qt::endl;
        return client.error().kind == lockcore::Error::Kind::InvalidInput ? Usage : DatabaseError;
    }
    // A wait means what it says: the client tries until it ends (no wait: one attempt).
    const auto definition = lockcore::LockDefinition::of(
        options->lock, std::chrono::milliseconds(options->ttlMs),
        std::chrono::milliseconds(options->waitMs));
    const auto run = client->runUnder(definition, [&](const lockcore::LockGuard &guard) {
        return runJob(guard, options->lock, options->seconds);
    });
    return reportOf(run, options->lock);
}
