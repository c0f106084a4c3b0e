// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchresult.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace bench {

namespace {

double statusMb(const char *field)
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(prefix)) {
            // "VmHWM:	  123456 kB"
            const QByteArray kb = line.mid(prefix.size()).trimmed().split(' ').first();
            return kb.toDouble() / 1024.0;
        }
    }
    return -1;
}

QJsonObject summaryJson(const Summary &s)
{
    return {{u"count"_s, s.count}, {u"median"_s, s.median}, {u"p99"_s, s.p99},
            {u"max"_s, s.max}};
}

Summary summaryFrom(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    Summary s;
    s.count = o.value(u"count"_s).toInt();
    s.median = o.value(u"median"_s).toDouble();
    s.p99 = o.value(u"p99"_s).toDouble();
    s.max = o.value(u"max"_s).toDouble();
    return s;
}

QString ms(double value)
{
    return value >= 10 ? QString::number(value, 'f', 1) : QString::number(value, 'f', 3);
}

} // namespace

Summary Summary::of(QList<double> samples)
{
    Summary s;
    s.count = int(samples.size());
    if (samples.isEmpty())
        return s;
    std::sort(samples.begin(), samples.end());
    const auto rank = [&samples](double p) {
        const qsizetype index = qsizetype(std::ceil(p * double(samples.size()))) - 1;
        return samples.at(qBound<qsizetype>(0, index, samples.size() - 1));
    };
    s.median = rank(0.5);
    s.p99 = rank(0.99);
    s.max = samples.last();
    return s;
}

double peakRssMb()
{
    return statusMb("VmHWM");
}

double currentRssMb()
{
    return statusMb("VmRSS");
}

QJsonObject Result::toJson() const
{
    return {{u"backend"_s, backend},
            {u"locks"_s, locks},
            {u"threshold"_s, threshold},
            {u"mode"_s, mode},
            {u"refreshes"_s, refreshes},
            {u"fill_seconds"_s, fillSeconds},
            {u"first_load_ms"_s, firstLoadMs},
            {u"merge_ms"_s, summaryJson(merge)},
            {u"tick_ms"_s, summaryJson(tick)},
            {u"merge_paint_ms"_s, summaryJson(mergePaint)},
            {u"tick_paint_ms"_s, summaryJson(tickPaint)},
            {u"worker_ms"_s, summaryJson(worker)},
            {u"statements_per_refresh"_s, summaryJson(statements)},
            {u"rows_per_refresh"_s, summaryJson(rows)},
            {u"scroll_to_rows_ms"_s, summaryJson(scrollToRowsMs)},
            {u"worst_gui_stall_ms"_s, worstStallMs},
            {u"churn_changes"_s, churn},
            {u"peak_rss_mb"_s, peakRssMb},
            {u"end_rss_mb"_s, endRssMb}};
}

Result Result::fromJson(const QJsonObject &json)
{
    Result r;
    r.backend = json.value(u"backend"_s).toString();
    r.locks = json.value(u"locks"_s).toInt();
    r.threshold = json.value(u"threshold"_s).toInt();
    r.mode = json.value(u"mode"_s).toString();
    r.refreshes = json.value(u"refreshes"_s).toInt();
    r.fillSeconds = json.value(u"fill_seconds"_s).toDouble();
    r.firstLoadMs = json.value(u"first_load_ms"_s).toDouble();
    r.merge = summaryFrom(json.value(u"merge_ms"_s));
    r.tick = summaryFrom(json.value(u"tick_ms"_s));
    r.mergePaint = summaryFrom(json.value(u"merge_paint_ms"_s));
    r.tickPaint = summaryFrom(json.value(u"tick_paint_ms"_s));
    r.worker = summaryFrom(json.value(u"worker_ms"_s));
    r.statements = summaryFrom(json.value(u"statements_per_refresh"_s));
    r.rows = summaryFrom(json.value(u"rows_per_refresh"_s));
    r.scrollToRowsMs = summaryFrom(json.value(u"scroll_to_rows_ms"_s));
    r.worstStallMs = json.value(u"worst_gui_stall_ms"_s).toDouble();
    r.churn = json.value(u"churn_changes"_s).toInteger();
    r.peakRssMb = json.value(u"peak_rss_mb"_s).toDouble();
    r.endRssMb = json.value(u"end_rss_mb"_s).toDouble();
    return r;
}

QString formatTable(const QList<Result> &results)
{
    const QStringList header = {u"backend"_s,         u"locks"_s,          u"mode"_s,
                                u"refreshes"_s,       u"merge med ms"_s,   u"merge p99 ms"_s,
                                u"tick med ms"_s,     u"tick p99 ms"_s,    u"paint med ms"_s,
                                u"stmts/refresh"_s,
                                u"rows/refresh"_s,    u"worker med ms"_s,  u"scroll->rows ms"_s,
                                u"worst stall ms"_s,  u"first load ms"_s,  u"peak RSS MB"_s};
    QList<QStringList> lines{header};
    for (const Result &r : results) {
        lines.append({r.backend, QString::number(r.locks), r.mode, QString::number(r.refreshes),
                      ms(r.merge.median), ms(r.merge.p99), ms(r.tick.median), ms(r.tick.p99),
                      ms(r.mergePaint.median) + u" / "_s + ms(r.tickPaint.median),
                      r.statements.median == r.statements.max
                          ? QString::number(r.statements.median)
                          : u"%1 (max %2)"_s.arg(r.statements.median).arg(r.statements.max),
                      QString::number(r.rows.median), ms(r.worker.median),
                      r.scrollToRowsMs.count ? ms(r.scrollToRowsMs.median) : u"-"_s,
                      ms(r.worstStallMs), ms(r.firstLoadMs),
                      QString::number(r.peakRssMb, 'f', 1)});
    }
    QList<qsizetype> widths(header.size(), 0);
    for (const QStringList &line : lines)
        for (qsizetype c = 0; c < line.size(); ++c)
            widths[c] = qMax(widths[c], line.at(c).size());
    QString text;
    for (const QStringList &line : lines) {
        QStringList cells;
        for (qsizetype c = 0; c < line.size(); ++c)
            cells.append(c < 3 ? line.at(c).leftJustified(widths[c])
                               : line.at(c).rightJustified(widths[c]));
        text += cells.join(u"  "_s).trimmed() + u'\n';
    }
    return text;
}

} // namespace bench
