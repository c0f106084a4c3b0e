// SPDX-License-Identifier: GPL-3.0-or-later
// bench_pageorder: what each order of a windowed read of the lock table costs (LockPageOrder,
// the window's sort in a table too large to be read whole). Not a test: it fills a lock table
// with N locks (bench::fillLockTable: 40 % free, 45 % held, 15 % expired) and reads a page of
// 120 rows at the top and at the middle, in each order and direction, and prints the median
// and the slowest read of each, in ms.
//
//   bench_pageorder --backend postgresql|mariadb|sqlite [--locks 25000] [--reads 15]
//
// The servers' URLs come from LOCKSCOPE_TEST_POSTGRESQL_URL and LOCKSCOPE_TEST_MARIADB_URL
// (scripts/dev-servers env); SQLite uses a file in a temporary directory.

#include "benchtable.h"
#include "benchurl.h"
#include "lockpage.h"
#include "lockservice.h"
#include "session.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

const char *sortName(LockPageSort sort)
{
    switch (sort) {
    case LockPageSort::Name: return "name";
    case LockPageSort::Holder: return "holder";
    case LockPageSort::State: return "state";
    case LockPageSort::Remaining: return "remaining";
    case LockPageSort::HeldFor: return "held for";
    }
    return "?";
}

// Median and slowest of `reads` reads of one page, in ms.
std::pair<double, double> timePage(Session &session, const TableNames &tables,
                                   const LockPageRequest &request, int reads)
{
    QList<double> ms;
    for (int i = 0; i < reads; ++i) {
        QElapsedTimer timer;
        timer.start();
        auto page = readLockPage(session, tables, request);
        ms.append(timer.nsecsElapsed() / 1e6);
        if (!page) {
            std::fprintf(stderr, "%s\n", qPrintable(page.error().fullText()));
            return {-1, -1};
        }
    }
    std::sort(ms.begin(), ms.end());
    return {ms.at(ms.size() / 2), ms.last()};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption backend(u"backend"_s, u"sqlite, postgresql or mariadb"_s, u"b"_s,
                                     u"postgresql"_s);
    const QCommandLineOption locks(u"locks"_s, u"locks in the table"_s, u"n"_s, u"25000"_s);
    const QCommandLineOption reads(u"reads"_s, u"reads of each page"_s, u"n"_s, u"15"_s);
    parser.addOptions({backend, locks, reads});
    parser.process(app);
    QTemporaryDir dir;
    auto spec = ConnectionSpec::parse(bench::urlFor(parser.value(backend), dir));
    if (!spec) {
        std::fprintf(stderr, "%s\n", qPrintable(spec.error().fullText()));
        return 2;
    }
    auto opened = Session::open(*spec);
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().fullText()));
        return 2;
    }
    Session &session = **opened;
    auto service = LockService::create(
        session, u"bench_pageorder_%1"_s.arg(QCoreApplication::applicationPid()));
    if (!service)
        return 2;
    const TableNames tables = service->tables();
    const int count = parser.value(locks).toInt();
    if (!service->createSchema() || !bench::fillLockTable(session, tables, count)) {
        std::fprintf(stderr, "could not fill the table\n");
        bench::dropLockTable(session, tables);
        return 2;
    }
    std::printf("%s, %d locks, pages of 120, %d reads each: median / slowest ms\n",
                qPrintable(parser.value(backend)), count, parser.value(reads).toInt());
    for (const LockPageSort sort : {LockPageSort::Name, LockPageSort::Holder, LockPageSort::State,
                                    LockPageSort::Remaining, LockPageSort::HeldFor}) {
        for (const bool descending : {false, true}) {
            LockPageRequest top;
            top.limit = 120;
            top.order = {sort, descending};
            LockPageRequest middle = top;
            middle.offset = count / 2;
            const auto [topMedian, topMax] =
                timePage(session, tables, top, parser.value(reads).toInt());
            const auto [midMedian, midMax] =
                timePage(session, tables, middle, parser.value(reads).toInt());
            std::printf("  %-9s %-4s  top %7.1f / %7.1f   middle %7.1f / %7.1f\n",
                        sortName(sort), descending ? "desc" : "asc", topMedian, topMax,
                        midMedian, midMax);
        }
    }
    bench::dropLockTable(session, tables);
    return 0;
}
