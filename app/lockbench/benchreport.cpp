// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchreport.h"

#include "duration.h"
#include "tr.h"

#include <QJsonArray>
#include <cmath>
#include <functional>
#include <optional>

using namespace Qt::StringLiterals;

namespace lockbench {

namespace {

const QString lockcoreId = u"lockcore"_s;

// Rows of cells; the first column left-aligned, the others right-aligned.
QString table(const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths << 0;
            widths[c] = qMax(widths.at(c), row.at(c).size());
        }
    }
    QString text;
    for (const QStringList &row : rows) {
        QString line = u"  "_s;
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (c > 0)
                line += u"  "_s;
            line += c == 0 ? row.at(c).leftJustified(widths.at(c))
                           : row.at(c).rightJustified(widths.at(c));
        }
        while (line.endsWith(u' '))
            line.chop(1);
        text += line + u'\n';
    }
    return text;
}

QString number(double value)
{
    return QString::number(value, 'f', 1);
}

QString roundTrips(double value)
{
    if (std::abs(value - std::round(value)) < 1e-9)
        return QString::number(qint64(std::llround(value)));
    return QString::number(value, 'f', 2);
}

QString ratio(std::optional<double> value, std::optional<double> reference)
{
    // A ratio of negative hand-off gaps (the grant seen before the release's answer) would
    // read backwards: none then.
    if (!value || !reference || *value <= 0 || *reference <= 0)
        return u"-"_s;
    return QString::number(*value / *reference, 'f', 2) + u'x';
}

// A figure of a protocol's results, absent when not measured.
using Figure = std::function<std::optional<double>(const ProtocolResults &)>;

QString blockTitle(const BenchResults &results, const Block &block)
{
    const BenchSettings &s = results.settings;
    switch (block.what) {
    case Measurement::Uncontended:
        return Tr::tr("Uncontended: one client, acquire + release of one lock (median of %n "
                      "run(s) of %1 cycles)",
                      nullptr, s.repeats)
            .arg(s.cycles);
    case Measurement::Contended:
        return Tr::tr("Contended: %1 client(s) on one lock (median of %n run(s) of %2 ms)",
                      nullptr, s.repeats)
            .arg(block.clients)
            .arg(s.durationMs);
    case Measurement::Separate:
        return Tr::tr("Separate locks: %1 client(s), each on a lock of its own (median of %n "
                      "run(s) of %2 ms)",
                      nullptr, s.repeats)
            .arg(block.clients)
            .arg(s.durationMs);
    }
    return {};
}

} // namespace

QString headerText(const BenchResults &results)
{
    const BenchSettings &s = results.settings;
    QString text = Tr::tr("lockbench on %1 %2 (%3)")
                       .arg(results.backend, results.serverVersion, results.server)
                   + u'\n';
    text += Tr::tr("Each figure is the median of %n measured run(s) after a warm-up run; lease "
                   "%1, base poll interval %2 ms. Ratios: the protocol's figure divided by "
                   "lockcore's.",
                   nullptr, s.repeats)
                .arg(lockcore::formatDurationMs(s.ttlMs))
                .arg(s.wait.pollMs)
            + u'\n';
    if (s.thinkUs > 0)
        text += Tr::tr("In the contended runs each client pauses %1 µs after a release before "
                       "it competes again.")
                    .arg(s.thinkUs)
                + u'\n';
    if (s.holdUs > 0)
        text += Tr::tr("In the contended and separate runs each lock is held %1 µs before its "
                       "release.")
                    .arg(s.holdUs)
                + u'\n';
    return text;
}

QString blockText(const BenchResults &results, const Block &block)
{
    const ProtocolResults *reference = results.find(lockcoreId);
    QList<QStringList> rows;
    QList<std::pair<QString, Figure>> columns; // with a ratio column each
    QString extraTitle;
    std::function<QString(const ProtocolResults &)> extra;

    switch (block.what) {
    case Measurement::Uncontended:
        columns = {
            {Tr::tr("cycle p50 µs"),
             [](const ProtocolResults &p) -> std::optional<double> {
                 return p.measuredUncontended ? std::optional<double>(p.cycleP50Us) : std::nullopt;
             }},
            {Tr::tr("cycle p99 µs"),
             [](const ProtocolResults &p) -> std::optional<double> {
                 return p.measuredUncontended ? std::optional<double>(p.cycleP99Us) : std::nullopt;
             }},
        };
        extraTitle = Tr::tr("round trips");
        extra = [](const ProtocolResults &p) { return roundTrips(p.roundTrips); };
        break;
    case Measurement::Contended: {
        const int n = block.clients;
        columns = {
            {Tr::tr("cycles/s"),
             [n](const ProtocolResults &p) -> std::optional<double> {
                 const ContendedFigures *row = p.contendedWith(n);
                 return row ? std::optional<double>(row->throughput) : std::nullopt;
             }},
            {Tr::tr("hand-off p50 µs"),
             [n](const ProtocolResults &p) -> std::optional<double> {
                 const ContendedFigures *row = p.contendedWith(n);
                 return row ? row->handoffP50Us : std::nullopt;
             }},
            {Tr::tr("hand-off p99 µs"),
             [n](const ProtocolResults &p) -> std::optional<double> {
                 const ContendedFigures *row = p.contendedWith(n);
                 return row ? row->handoffP99Us : std::nullopt;
             }},
        };
        extraTitle = Tr::tr("hand-offs/run");
        extra = [n](const ProtocolResults &p) {
            const ContendedFigures *row = p.contendedWith(n);
            return row ? QString::number(row->handoffs, 'f', 0) : u"-"_s;
        };
        break;
    }
    case Measurement::Separate: {
        const int n = block.clients;
        columns = {
            {Tr::tr("cycles/s"),
             [n](const ProtocolResults &p) -> std::optional<double> {
                 const SeparateFigures *row = p.separateWith(n);
                 return row ? std::optional<double>(row->throughput) : std::nullopt;
             }},
        };
        break;
    }
    }

    QStringList head{Tr::tr("protocol")};
    for (const auto &column : std::as_const(columns))
        head << column.first << Tr::tr("ratio");
    if (extra)
        head << extraTitle;
    rows << head;
    for (const ProtocolResults &p : results.protocols) {
        QStringList row{p.id};
        if (!p.available()) {
            row << Tr::tr("n/a");
            rows << row;
            continue;
        }
        for (const auto &column : std::as_const(columns)) {
            const std::optional<double> value = column.second(p);
            row << (value ? number(*value) : u"-"_s)
                << ratio(value, reference ? column.second(*reference) : std::nullopt);
        }
        if (extra)
            row << extra(p);
        rows << row;
    }
    return blockTitle(results, block) + u'\n' + table(rows);
}

QString footerText(const BenchResults &results)
{
    QString text = Tr::tr("How waiting clients wait:") + u'\n';
    QList<QStringList> rows;
    for (const ProtocolResults &p : results.protocols)
        rows << QStringList{p.id, p.available() ? p.waitPolicy : p.unavailable};
    // Left-aligned text in both columns.
    qsizetype width = 0;
    for (const QStringList &row : std::as_const(rows))
        width = qMax(width, row.at(0).size());
    for (const QStringList &row : std::as_const(rows))
        text += u"  "_s + row.at(0).leftJustified(width + 2) + row.at(1) + u'\n';

    const qint64 violations = results.violationCount();
    if (violations == 0) {
        text += Tr::tr("No violation observed in %1 holds checked (every run, warm-ups "
                       "included): no two clients held a lock at once, and no release was "
                       "refused. A run shows what happened, not that a design is safe.")
                    .arg(results.holdsChecked())
                + u'\n';
        return text;
    }
    text += Tr::tr("VIOLATION OBSERVED: %1 overlapping holds or refused releases in %2 holds "
                   "checked:")
                .arg(violations)
                .arg(results.holdsChecked())
            + u'\n';
    for (const ProtocolResults &p : results.protocols) {
        if (p.overlaps + p.refusedReleases == 0)
            continue;
        text += u"  "_s
                + Tr::tr("%1: %2 overlapping holds, %3 refused releases")
                      .arg(p.id)
                      .arg(p.overlaps)
                      .arg(p.refusedReleases)
                + u'\n';
        for (const QString &line : p.violations)
            text += u"    - "_s + line + u'\n';
    }
    return text;
}

QJsonObject resultsJson(const BenchResults &results)
{
    const BenchSettings &s = results.settings;
    const auto optional = [](const std::optional<double> &value) {
        return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
    };
    const auto counts = [](const QList<int> &list) {
        QJsonArray array;
        for (int n : list)
            array.append(n);
        return array;
    };

    QJsonObject protocols;
    QJsonArray order;
    for (const ProtocolResults &p : results.protocols) {
        order.append(p.id);
        QJsonObject o{{u"available"_s, p.available()}};
        if (!p.available()) {
            o.insert(u"reason"_s, p.unavailable);
            protocols.insert(p.id, o);
            continue;
        }
        o.insert(u"wait"_s, p.waitPolicy);
        o.insert(u"cycle_us_p50"_s, p.cycleP50Us);
        o.insert(u"cycle_us_p99"_s, p.cycleP99Us);
        const double rounded = std::round(p.roundTrips);
        o.insert(u"round_trips"_s, std::abs(p.roundTrips - rounded) < 1e-9
                                       ? QJsonValue(qint64(rounded))
                                       : QJsonValue(p.roundTrips));
        QJsonArray contended;
        for (const ContendedFigures &row : p.contended)
            contended.append(QJsonObject{{u"clients"_s, row.clients},
                                         {u"throughput"_s, row.throughput},
                                         {u"handoff_us_p50"_s, optional(row.handoffP50Us)},
                                         {u"handoff_us_p99"_s, optional(row.handoffP99Us)},
                                         {u"handoffs"_s, row.handoffs}});
        o.insert(u"contended"_s, contended);
        QJsonArray separate;
        for (const SeparateFigures &row : p.separate)
            separate.append(
                QJsonObject{{u"clients"_s, row.clients}, {u"throughput"_s, row.throughput}});
        o.insert(u"separate"_s, separate);
        o.insert(u"holds_checked"_s, p.holdsChecked);
        o.insert(u"overlaps"_s, p.overlaps);
        o.insert(u"refused_releases"_s, p.refusedReleases);
        o.insert(u"violations"_s, QJsonArray::fromStringList(p.violations));
        protocols.insert(p.id, o);
    }

    qint64 overlaps = 0;
    for (const ProtocolResults &p : results.protocols)
        overlaps += p.overlaps;
    return QJsonObject{
        {u"backend"_s, results.backend},
        {u"server"_s, results.server},
        {u"server_version"_s, results.serverVersion},
        {u"settings"_s,
         QJsonObject{{u"repeats"_s, s.repeats},
                     {u"cycles"_s, s.cycles},
                     {u"duration_ms"_s, s.durationMs},
                     {u"warm_up_ms"_s, s.warmUpMs()},
                     {u"warm_up_cycles"_s, s.warmUpCycles()},
                     {u"poll_ms"_s, s.wait.pollMs},
                     {u"poll_max_ms"_s, s.wait.pollMaxMs},
                     {u"jitter"_s, s.wait.jitter},
                     {u"ttl_ms"_s, s.ttlMs},
                     {u"hold_us"_s, s.holdUs},
                     {u"think_us"_s, s.thinkUs},
                     {u"clients"_s, counts(s.contendedClients)},
                     {u"separate"_s, counts(s.separateClients)},
                     {u"table_prefix"_s, s.tablePrefix}}},
        {u"protocol_order"_s, order},
        {u"protocols"_s, protocols},
        {u"holds_checked"_s, results.holdsChecked()},
        {u"overlaps"_s, overlaps},
        // What was observed, never "safe" (as lockctl simulate): a run cannot prove a design.
        {u"violation_observed"_s, results.violationCount() > 0},
    };
}

} // namespace lockbench
