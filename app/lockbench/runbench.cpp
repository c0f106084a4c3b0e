// SPDX-License-Identifier: GPL-3.0-or-later
// lockbench: lockcore beside the lock protocols found in the field, measured on the connected
// database in one run (docs/bench.md).

#include "runbench.h"

#include "benchprotocol.h"
#include "benchreport.h"
#include "benchrunner.h"
#include "benchsql.h"
#include "connect.h"
#include "exitcode.h"
#include "interrupt.h"
#include "options.h"
#include "output.h"
#include "session.h"
#include "tr.h"

#include <cstdio>
#include <mutex>
#include <unistd.h>

using namespace Qt::StringLiterals;
using lockcore::Error;
using namespace cli;

namespace lockbench {

namespace {

// What is being measured, on one line of stderr rewritten in place; only on a terminal.
class BenchProgress
{
public:
    BenchProgress()
        : m_enabled(isatty(STDERR_FILENO) == 1)
    {}
    ~BenchProgress() { show({}); }

    void show(const QString &text)
    {
        if (!m_enabled || (text.isEmpty() && m_width == 0))
            return;
        const QString line = text.left(78);
        const QByteArray bytes
            = (u'\r' + line + QString(qMax<qsizetype>(0, m_width - line.size()), u' ')
               + (text.isEmpty() ? u"\r"_s : QString()))
                  .toUtf8();
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
        std::fflush(stderr);
        m_width = text.isEmpty() ? 0 : line.size();
    }

private:
    bool m_enabled;
    qsizetype m_width = 0;
};

lockcore::Status tearDownAll(lockcore::Session &session,
                             const std::vector<std::unique_ptr<Protocol>> &protocols)
{
    lockcore::Status first;
    for (const auto &protocol : protocols) {
        if (!protocol->unavailableReason().isEmpty())
            continue;
        if (lockcore::Status dropped = protocol->tearDown(session); !dropped && first)
            first = dropped;
    }
    return first;
}

} // namespace

int runBench(const BenchSettings &settings, const CommonSettings &common, Output &out)
{
    auto spec = connectionSpec(common);
    if (!spec)
        return out.fail(spec.error());
    auto opened = openSession(*spec, common);
    if (!opened)
        return out.fail(opened.error());
    lockcore::Session &session = **opened;
    // Every protocol bench writes its tables (and seeds them): not on a read-only connection.
    if (lockcore::Status writable = session.checkWritable(Tr::tr("benchmarking")); !writable)
        return out.fail(writable.error());
    if (session.dialect().kind() == lockcore::Dialect::Kind::Oracle)
        return out.fail(Error::invalidInput(
            Tr::tr("lockbench runs on SQLite, PostgreSQL and MySQL/MariaDB; its protocols have "
                   "no Oracle SQL.")));

    ProtocolContext context;
    context.kind = session.dialect().kind();
    context.tablePrefix = settings.tablePrefix;
    context.database = spec->database;
    context.ttlMs = settings.ttlMs;
    context.wait = settings.wait;
    std::vector<std::unique_ptr<Protocol>> protocols;
    for (const QString &id : std::as_const(settings.protocols))
        protocols.push_back(makeProtocol(id, context));

    // Each protocol's tables, afresh (a failed set-up drops what was made).
    for (const auto &protocol : protocols) {
        if (!protocol->unavailableReason().isEmpty())
            continue;
        if (lockcore::Status ready = protocol->setUp(session, benchLocks(settings)); !ready) {
            tearDownAll(session, protocols);
            return out.fail(ready.error());
        }
    }

    BenchResults results;
    results.backend = session.dialect().name();
    results.server = session.spec().redacted();
    results.serverVersion = serverVersion(session);
    results.settings = settings;
    out.progress(headerText(results));

    InterruptGuard guard; // Ctrl-C and SIGTERM stop the run; the tables are still dropped
    lockcore::Status ran;
    {
        BenchProgress progress;
        std::mutex outputMutex;
        BenchRunner runner(settings, session.spec(), common.connectTimeoutS, protocols,
                           InterruptGuard::flag());
        ran = runner.run(
            results,
            [&](const BenchResults &sofar, const Block &block) {
                std::lock_guard<std::mutex> lock(outputMutex);
                progress.show({});
                out.progress(blockText(sofar, block));
            },
            [&](const QString &what) { progress.show(what); });
    }
    if (!settings.keepTables) {
        if (lockcore::Status dropped = tearDownAll(session, protocols); !dropped)
            out.warning(dropped.error().message);
    }
    if (!ran)
        return out.fail(ran.error());

    if (out.isJson())
        out.result(resultsJson(results), {});
    else
        out.progress(footerText(results));
    if (results.violationCount() > 0) {
        Output::writeStderr(Tr::tr("lockbench: error: VIOLATION OBSERVED: %1 overlapping holds "
                                   "or refused releases (see above)")
                                .arg(results.violationCount()));
        return ExitRefused;
    }
    return ExitDone;
}

} // namespace lockbench
