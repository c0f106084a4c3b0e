// SPDX-License-Identifier: GPL-3.0-or-later
// bench_exporter: "lockctl exporter" at scale, measured. Not a test (it asserts nothing about
// time): it fills a lock table with N locks on a backend (free, held and expired, as
// bench_monitor does), starts the real lockctl exporter on it for each --max-locks, scrapes
// /metrics over HTTP a number of times, one after the other, and reports the scrape latency
// (p50, p95, max, from the connect to the last byte), the exporter's own time reading the table
// (lockscope_scrape_duration_seconds), the response's size and series, and the exporter's
// memory (VmRSS, VmHWM).
//
//   bench_exporter --backend sqlite|postgresql|mariadb [--locks 10000] [--scrapes 50]
//                  [--max-locks 1000,10000]
//
// The servers' URLs come from LOCKSCOPE_TEST_POSTGRESQL_URL and LOCKSCOPE_TEST_MARIADB_URL
// (scripts/dev-servers env); SQLite uses a file in a temporary directory.
#include "benchtable.h"
#include "benchurl.h"
#include "httpget.h"
#include "lockctlrun.h"
#include "lockservice.h"
#include "session.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

const QString benchTable = u"bench_exporter_lock"_s;

void say(const QString &text)
{
    std::printf("%s\n", qPrintable(text));
    std::fflush(stdout);
}

void fail(const QString &message)
{
    std::fprintf(stderr, "bench_exporter: %s\n", qPrintable(message));
}

bool fill(const QString &url, int locks)
{
    auto spec = ConnectionSpec::parse(url);
    if (!spec) {
        fail(spec.error().message);
        return false;
    }
    auto session = Session::open(*spec);
    if (!session) {
        fail(session.error().fullText());
        return false;
    }
    const TableNames tables = TableNames::fromTable(benchTable);
    bench::dropLockTable(**session, tables);
    auto service = LockService::create(**session, benchTable);
    if (Status created = service->createSchema(); !created) {
        fail(created.error().fullText());
        return false;
    }
    if (Status filled = bench::fillLockTable(**session, tables, locks); !filled) {
        fail(filled.error().fullText());
        return false;
    }
    return true;
}

// /proc/PID/status's value of `field` in MB.
double statusMb(qint64 pid, const char *field)
{
    QFile file(u"/proc/%1/status"_s.arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field) + 1).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return -1;
}

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const qsizetype last = values.size() - 1;
    const qsizetype index = qMin(last, qsizetype(p * double(last) + 0.5));
    return values.at(index);
}

double readSeconds(const QByteArray &body)
{
    static const QRegularExpression re(u"^lockscope_scrape_duration_seconds\\{[^}]*\\} (\\S+)$"_s,
                                       QRegularExpression::MultilineOption);
    return re.match(QString::fromUtf8(body)).captured(1).toDouble();
}

bool measure(const QString &backend, const QString &url, int locks, int maxLocks, int scrapes)
{
    testsupport::LockctlOptions options;
    options.url = url;
    options.timeoutMs = 600000;
    testsupport::LockctlProcess exporter({u"exporter"_s, u"--table"_s, benchTable,
                                          u"--listen"_s, u"127.0.0.1:0"_s, u"--max-locks"_s,
                                          QString::number(maxLocks)},
                                         options);
    if (!exporter.waitForStarted()) {
        fail(u"lockctl exporter did not start"_s);
        return false;
    }
    QProcess &process = exporter.process();
    if (!process.waitForReadyRead(10000)) {
        fail(u"lockctl exporter said nothing: "_s
             + QString::fromUtf8(process.readAllStandardError()));
        return false;
    }
    const QString first = QString::fromUtf8(process.readLine());
    const quint16 port
        = QRegularExpression(u":(\\d+)/metrics"_s).match(first).captured(1).toUShort();
    QList<double> latencies, reads;
    qsizetype size = 0, series = 0;
    for (int i = -2; i < scrapes; ++i) { // two warm-ups
        const testsupport::HttpReply reply = testsupport::httpGet(port, u"/metrics"_s, 30000);
        static const QRegularExpression up(u"^lockscope_up\\{[^}]*\\} 1$"_s,
                                           QRegularExpression::MultilineOption);
        if (!reply.answered || reply.status != 200
            || !up.match(QString::fromUtf8(reply.body)).hasMatch()) {
            fail(u"scrape failed: %1 %2"_s.arg(reply.status).arg(reply.error));
            return false;
        }
        if (i < 0)
            continue;
        latencies.append(reply.elapsedUs / 1000.0);
        reads.append(readSeconds(reply.body) * 1000.0);
        size = reply.body.size();
        series = reply.body.count('\n') - reply.body.count("\n#")
                 - (reply.body.startsWith('#') ? 1 : 0);
    }
    const double rss = statusMb(exporter.processId(), "VmRSS:");
    const double hwm = statusMb(exporter.processId(), "VmHWM:");
    say(u"| %1 | %2 | %3 | %4 / %5 / %6 | %7 / %8 | %9 | %10 | %11 / %12 |"_s.arg(backend)
            .arg(locks)
            .arg(maxLocks)
            .arg(percentile(latencies, 0.5), 0, 'f', 1)
            .arg(percentile(latencies, 0.95), 0, 'f', 1)
            .arg(*std::max_element(latencies.cbegin(), latencies.cend()), 0, 'f', 1)
            .arg(percentile(reads, 0.5), 0, 'f', 1)
            .arg(percentile(reads, 0.95), 0, 'f', 1)
            .arg(double(size) / 1024.0, 0, 'f', 0)
            .arg(series)
            .arg(rss, 0, 'f', 1)
            .arg(hwm, 0, 'f', 1));
    exporter.terminate();
    exporter.finish(10000);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({u"backend"_s, u"sqlite, postgresql or mariadb"_s, u"NAME"_s, u"sqlite"_s});
    parser.addOption({u"locks"_s, u"locks in the table"_s, u"N"_s, u"10000"_s});
    parser.addOption({u"scrapes"_s, u"scrapes measured (after two warm-ups)"_s, u"N"_s, u"50"_s});
    parser.addOption({u"max-locks"_s, u"the exporter's --max-locks, comma-separated"_s, u"LIST"_s,
                      u"1000,10000"_s});
    parser.process(app);
    const QString backend = parser.value(u"backend"_s);
    QTemporaryDir dir;
    const QString url = bench::urlFor(backend, dir);
    if (url.isEmpty()) {
        fail(u"no URL for %1: eval \"$(scripts/dev-servers env)\" first"_s.arg(backend));
        return 2;
    }
    const int locks = parser.value(u"locks"_s).toInt();
    if (!fill(url, locks))
        return 1;
    say(u"| backend | locks | --max-locks | scrape p50 / p95 / max ms | table read p50 / p95 ms "
        "| response KB | series | RSS / peak MB |"_s);
    say(u"|---|---|---|---|---|---|---|---|"_s);
    for (const QString &max : parser.value(u"max-locks"_s).split(u',')) {
        if (!measure(backend, url, locks, max.toInt(), parser.value(u"scrapes"_s).toInt()))
            return 1;
    }
    return 0;
}
