// SPDX-License-Identifier: GPL-3.0-or-later
// The exporter's text (lockcore/metrics): the Prometheus text format rendered from snapshots,
// label values escaped, the state set, counters, omitted locks, a table that is down, and which
// locks are reported (include globs, the bound, the most interesting first). The output is also
// given to `promtool check metrics` when promtool is installed.
#include "exposition.h"
#include "lockselection.h"
#include "metricstext.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

LockSample lock(const QString &name, LockSample::State state, const QString &holder = {})
{
    LockSample sample;
    sample.name = name;
    sample.state = state;
    sample.holder = holder;
    sample.heldSeconds = state == LockSample::State::Free ? 0.0 : 12.5;
    sample.leaseRemainingSeconds = state == LockSample::State::Held ? 17.25 : 0.0;
    sample.expiredSeconds = state == LockSample::State::Expired ? 3.0 : 0.0;
    sample.fence = 7;
    sample.depth = state == LockSample::State::Free ? 0 : 1;
    return sample;
}

TableSnapshot upTable()
{
    TableSnapshot t;
    t.db = u"postgresql://127.0.0.1:5432/app"_s;
    t.table = u"dist_lock"_s;
    t.up = true;
    t.scrapeDurationSeconds = 0.012;
    t.clockOffsetSeconds = -0.004;
    t.free = 5;
    t.held = 1;
    t.expired = 1;
    t.omitted = 4;
    t.locks = {lock(u"a\"b\\c"_s, LockSample::State::Held, u"h\"1\\x"_s),
               lock(u"line\nbreak"_s, LockSample::State::Expired, u"gone@host"_s),
               lock(u"锁-free"_s, LockSample::State::Free)};
    t.counts = EventCounts{10, 2, 3, 1};
    return t;
}

using Sample = testsupport::MetricSample;

QList<Sample> parse(const QByteArray &text)
{
    QString error;
    const auto samples = testsupport::parseMetrics(text, &error);
    if (!samples)
        qWarning("%s", qPrintable(error));
    return samples.value_or(QList<Sample>{});
}

QList<Sample> named(const QList<Sample> &samples, const QString &name)
{
    return testsupport::samplesOf(samples, name);
}

} // namespace

class TestExposition : public QObject
{
    Q_OBJECT

private slots:
    // Backslash, double quote and line feed are escaped; everything else is passed as UTF-8.
    void escapesLabelValues()
    {
        QCOMPARE(escapeLabelValue(u"a\"b\\c\nd"_s), QByteArray(R"(a\"b\\c\nd)"));
        QCOMPARE(escapeLabelValue(u"锁 tab\there"_s), u"锁 tab\there"_s.toUtf8());
        QCOMPARE(expositionContentType(), QByteArray("text/plain; version=0.0.4; charset=utf-8"));
    }

    // Hostile lock names and holders come back unchanged from the parsed text.
    void hostileNamesRoundTrip()
    {
        const QList<Sample> samples = parse(renderExposition({upTable()}));
        QVERIFY(!samples.isEmpty());
        QSet<QString> locks, holders;
        for (const Sample &s : named(samples, u"lockscope_lock_holder_info"_s)) {
            locks.insert(s.labels.value(u"lock"_s));
            holders.insert(s.labels.value(u"holder"_s));
        }
        QCOMPARE(locks, (QSet<QString>{u"a\"b\\c"_s, u"line\nbreak"_s}));
        QCOMPARE(holders, (QSet<QString>{u"h\"1\\x"_s, u"gone@host"_s}));
    }

    // Each reported lock has the three states, exactly one of them 1; the table's counts have
    // all three states.
    void stateSets()
    {
        const QList<Sample> samples = parse(renderExposition({upTable()}));
        QMap<QString, int> ones, all;
        for (const Sample &s : named(samples, u"lockscope_lock_state"_s)) {
            ++all[s.labels.value(u"lock"_s)];
            if (s.value == u"1")
                ++ones[s.labels.value(u"lock"_s)];
            else
                QCOMPARE(s.value, u"0"_s);
        }
        QCOMPARE(all.size(), 3);
        for (const QString &name : all.keys()) {
            QCOMPARE(all.value(name), 3);
            QCOMPARE(ones.value(name), 1);
        }
        QMap<QString, QString> counts;
        for (const Sample &s : named(samples, u"lockscope_locks"_s))
            counts.insert(s.labels.value(u"state"_s), s.value);
        QCOMPARE(counts, (QMap<QString, QString>{{u"free"_s, u"5"_s}, {u"held"_s, u"1"_s},
                                                  {u"expired"_s, u"1"_s}}));
        QCOMPARE(named(samples, u"lockscope_locks_omitted"_s).value(0).value, u"4"_s);
        QCOMPARE(named(samples, u"lockscope_lock_expired_seconds"_s).size(), 3);
        QCOMPARE(named(samples, u"lockscope_clock_offset_seconds"_s).value(0).value, u"-0.004"_s);
    }

    // Counters by kind, typed counter; absent for a table without history.
    void counters()
    {
        TableSnapshot profile = upTable();
        profile.table = u"shedlock"_s;
        profile.counts.reset();
        const QByteArray text = renderExposition({upTable(), profile});
        QVERIFY(text.contains("# TYPE lockscope_force_releases_total counter\n"));
        const QList<Sample> samples = parse(text);
        const QList<Sample> force = named(samples, u"lockscope_force_releases_total"_s);
        QCOMPARE(force.size(), 1);
        QCOMPARE(force.first().labels.value(u"table"_s), u"dist_lock"_s);
        QCOMPARE(force.first().value, u"3"_s);
        QCOMPARE(named(samples, u"lockscope_acquisitions_total"_s).value(0).value, u"10"_s);
        QCOMPARE(named(samples, u"lockscope_takeovers_total"_s).value(0).value, u"2"_s);
        QCOMPARE(named(samples, u"lockscope_releases_lost_total"_s).value(0).value, u"1"_s);
        // Each family's HELP and TYPE once, before its samples, though two tables have samples.
        QCOMPARE(text.count("# TYPE lockscope_lock_state gauge"), 1);
    }

    // A table that is down: up 0, its last scrape's error 1 and its duration, the scrapes and
    // errors counted (and its counters as last read), nothing that would claim to know the
    // locks or the database's clock.
    void downTable()
    {
        TableSnapshot down;
        down.db = u"mysql://db2/jobs"_s;
        down.table = u"dist_lock"_s;
        down.scrapeDurationSeconds = 5;
        down.counts = EventCounts{4, 0, 1, 0};
        down.scrapes = 3;
        down.scrapeErrors = 2;
        const QList<Sample> samples = parse(renderExposition({upTable(), down}));
        const auto forDown = [&](const QString &name) {
            QList<Sample> out;
            for (const Sample &s : named(samples, name)) {
                if (s.labels.value(u"db"_s) == down.db)
                    out.append(s);
            }
            return out;
        };
        QCOMPARE(forDown(u"lockscope_up"_s).value(0).value, u"0"_s);
        QCOMPARE(forDown(u"lockscope_scrape_duration_seconds"_s).value(0).value, u"5"_s);
        QCOMPARE(forDown(u"lockscope_force_releases_total"_s).value(0).value, u"1"_s);
        QCOMPARE(forDown(u"lockscope_exporter_last_scrape_error"_s).value(0).value, u"1"_s);
        QCOMPARE(forDown(u"lockscope_exporter_scrapes_total"_s).value(0).value, u"3"_s);
        QCOMPARE(forDown(u"lockscope_exporter_scrape_errors_total"_s).value(0).value, u"2"_s);
        QCOMPARE(named(samples, u"lockscope_exporter_last_scrape_error"_s).size(), 2);
        for (const QString &name : {u"lockscope_locks"_s, u"lockscope_locks_omitted"_s,
                                    u"lockscope_clock_offset_seconds"_s,
                                    u"lockscope_database_time_seconds"_s,
                                    u"lockscope_lock_state"_s})
            QVERIFY2(forDown(name).isEmpty(), qPrintable(name));
        QCOMPARE(named(samples, u"lockscope_up"_s).size(), 2);
    }

    // Globs: * any run (also "/"), ? one character, the rest literal; whole names only.
    void globs()
    {
        auto selection = LockSelection::create({u"jobs/*"_s, u"a?c"_s, u"x.y"_s}, 10);
        QVERIFY(selection);
        QVERIFY(selection->includes(u"jobs/nightly/1"_s));
        QVERIFY(selection->includes(u"abc"_s));
        QVERIFY(!selection->includes(u"abcd"_s));
        QVERIFY(selection->includes(u"x.y"_s));
        QVERIFY(!selection->includes(u"xzy"_s));
        QVERIFY(!selection->includes(u"myjobs/1"_s));
        QVERIFY(selection->includes(u"jobs/\nx"_s));
        QVERIFY(!LockSelection::create({u""_s}, 10));
        QVERIFY(LockSelection::create({}, 0)->includes(u"anything"_s));
    }

    // The bound keeps expired, then held, then free locks, each by name; the rest is omitted.
    void boundKeepsTheInterestingFirst()
    {
        TableSnapshot t;
        using S = LockSample::State;
        t.locks = {lock(u"f1"_s, S::Free), lock(u"h2"_s, S::Held), lock(u"e9"_s, S::Expired),
                   lock(u"h1"_s, S::Held), lock(u"f0"_s, S::Free)};
        LockSelection::create({}, 3)->apply(t);
        QStringList names;
        for (const LockSample &s : t.locks)
            names << s.name;
        QCOMPARE(names, (QStringList{u"e9"_s, u"h1"_s, u"h2"_s}));
        QCOMPARE(t.omitted, 2);
        TableSnapshot none = t;
        LockSelection::create({}, 0)->apply(none);
        QVERIFY(none.locks.isEmpty());
        QCOMPARE(none.omitted, 3);
    }

    // promtool (Debian's prometheus package) accepts the text, hostile names, a table down and
    // a profile without counters included.
    void promtoolAccepts()
    {
        const QString promtool = QStandardPaths::findExecutable(u"promtool"_s);
        if (promtool.isEmpty())
            QSKIP("promtool is not installed (Debian: prometheus)");
        TableSnapshot down;
        down.db = u"mysql://db2/jobs"_s;
        down.table = u"dist_lock"_s;
        TableSnapshot profile = upTable();
        profile.table = u"shedlock"_s;
        profile.counts.reset();
        profile.locks.first().fence.reset();
        QProcess check;
        check.start(promtool, {u"check"_s, u"metrics"_s});
        QVERIFY(check.waitForStarted());
        check.write(renderExposition({upTable(), down, profile}));
        check.closeWriteChannel();
        QVERIFY(check.waitForFinished(30000));
        QVERIFY2(check.exitCode() == 0,
                 qPrintable(QString::fromUtf8(check.readAllStandardOutput()
                                              + check.readAllStandardError())));
    }
};

QTEST_GUILESS_MAIN(TestExposition)
#include "tst_exposition.moc"
