// SPDX-License-Identifier: Apache-2.0
#include "simulator.h"

#include "simtr.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

constexpr int summaryViolations = 20;

QString holdsText(qint64 holds, const QLocale &locale)
{
    return holds == 1 ? SimTr::tr("1 hold") : SimTr::tr("%1 holds").arg(locale.toString(holds));
}

QString locksText(qsizetype locks, const QLocale &locale)
{
    return locks == 1 ? SimTr::tr("1 lock") : SimTr::tr("%1 locks").arg(locale.toString(locks));
}

QString clientsText(int clients, int nodes, const QLocale &locale)
{
    const QString text = clients == 1 ? SimTr::tr("1 client")
                                      : SimTr::tr("%1 clients").arg(locale.toString(clients));
    if (nodes <= 1)
        return text;
    return SimTr::tr("%1 on %2 nodes").arg(text, locale.toString(nodes));
}

QJsonArray neverAcquiredJson(const Metrics &metrics)
{
    QJsonArray list;
    for (const NeverAcquired &n : metrics.neverAcquired)
        list.append(n.toJson());
    return list;
}

} // namespace

QString SimReport::observedText(const QLocale &locale,
                                const std::function<QString(qint64)> &duration) const
{
    const QString holds = holdsText(metrics.acquisitions, locale);
    const QString clients = clientsText(settings.clients, nodes(), locale);
    const QString length = duration ? duration(qRound64(metrics.seconds * 1000))
                                    : SimTr::tr("%1 s").arg(locale.toString(metrics.seconds,
                                                                            'f', 1));
    const int count = verdict.violationCount;
    if (count == 0 && !verdict.stuckLocks.isEmpty())
        return SimTr::tr("Failure observed: %1 stuck for ever (%2) in %3 (%4, %5).")
            .arg(locksText(verdict.stuckLocks.size(), locale), verdict.stuckLocks.join(u", "_s),
                 holds, clients, length);
    if (count == 0)
        return SimTr::tr("No violation observed in %1 (%2, %3).").arg(holds, clients, length);
    if (count == 1)
        return SimTr::tr("1 violation observed in %1 (%2, %3).").arg(holds, clients, length);
    return SimTr::tr("%1 violations observed in %2 (%3, %4).")
        .arg(locale.toString(count), holds, clients, length);
}

QStringList SimReport::livenessNotes() const
{
    QStringList notes;
    if (!verdict.stuckLocks.isEmpty())
        notes << SimTr::tr("Stuck for ever, held by a crashed holder without expiry: %1.")
                     .arg(verdict.stuckLocks.join(u", "_s));
    QStringList starved;
    for (const NeverAcquired &n : metrics.neverAcquired)
        starved << SimTr::tr("client %1 (failed acquires: %2, tries: %3)")
                       .arg(n.client)
                       .arg(n.failedAcquires)
                       .arg(n.tries);
    if (!starved.isEmpty())
        notes << SimTr::tr("Never got a lock in the whole run: %1.").arg(starved.join(u", "_s));
    return notes;
}

QJsonObject SimReport::summaryJson() const
{
    QJsonArray list;
    for (const Violation &v : verdict.violations.mid(0, summaryViolations))
        list.append(v.toJson());
    QJsonArray perClient;
    for (qint64 count : metrics.perClient)
        perClient.append(count);
    return {{u"violation_observed"_s, verdict.violationObserved},
            {u"failure_observed"_s, failureObserved()},
            {u"violations"_s, verdict.violationCount},
            {u"violation_list"_s, list},
            {u"acquisitions"_s, metrics.acquisitions},
            {u"throughput_per_s"_s, metrics.throughputPerS},
            {u"wait_ms"_s, metrics.waitMs.toJson()},
            {u"handoff_ms"_s, metrics.handoffMs.toJson()},
            {u"grants_before_release"_s, metrics.grantsBeforeRelease},
            {u"crashes"_s, metrics.crashes},
            {u"pauses"_s, metrics.pauses},
            {u"takeovers"_s, metrics.takeovers},
            {u"expiries"_s, metrics.expiries},
            {u"failed_attempts"_s, metrics.failedAttempts},
            {u"stale_writes_refused"_s, metrics.staleWritesRefused},
            {u"failed_commits"_s, metrics.failedCommits},
            {u"fairness"_s, metrics.fairness},
            {u"utilisation"_s, metrics.utilisation},
            {u"per_client"_s, perClient},
            {u"never_acquired"_s, neverAcquiredJson(metrics)},
            {u"stuck_locks"_s, QJsonArray::fromStringList(verdict.stuckLocks)},
            {u"backend"_s, backend},
            {u"protocol"_s, protocolName(settings.protocol)},
            {u"clients"_s, settings.clients},
            {u"locks"_s, settings.locks},
            {u"nodes"_s, QJsonArray::fromStringList(history.nodeNames)},
            {u"seconds"_s, metrics.seconds},
            {u"settings"_s, settings.toJson()}};
}

QString SimReport::summaryCsv() const
{
    QList<QPair<QString, QString>> rows{
        {u"violation_observed"_s, verdict.violationObserved ? u"true"_s : u"false"_s},
        {u"failure_observed"_s, failureObserved() ? u"true"_s : u"false"_s},
        {u"violations"_s, QString::number(verdict.violationCount)},
        {u"acquisitions"_s, QString::number(metrics.acquisitions)},
        {u"throughput_per_s"_s, QString::number(metrics.throughputPerS)},
    };
    const auto percentiles = [&rows](const QString &key, const Percentiles &p) {
        rows.append({key + u"_p50"_s, QString::number(p.p50)});
        rows.append({key + u"_p95"_s, QString::number(p.p95)});
        rows.append({key + u"_p99"_s, QString::number(p.p99)});
        rows.append({key + u"_max"_s, QString::number(p.max)});
    };
    percentiles(u"wait_ms"_s, metrics.waitMs);
    percentiles(u"handoff_ms"_s, metrics.handoffMs);
    QStringList starved;
    for (const NeverAcquired &n : metrics.neverAcquired)
        starved << QString::number(n.client);
    rows += QList<QPair<QString, QString>>{
        {u"grants_before_release"_s, QString::number(metrics.grantsBeforeRelease)},
        {u"crashes"_s, QString::number(metrics.crashes)},
        {u"pauses"_s, QString::number(metrics.pauses)},
        {u"takeovers"_s, QString::number(metrics.takeovers)},
        {u"expiries"_s, QString::number(metrics.expiries)},
        {u"failed_attempts"_s, QString::number(metrics.failedAttempts)},
        {u"stale_writes_refused"_s, QString::number(metrics.staleWritesRefused)},
        {u"failed_commits"_s, QString::number(metrics.failedCommits)},
        {u"fairness"_s, QString::number(metrics.fairness)},
        {u"utilisation"_s, QString::number(metrics.utilisation)},
        {u"stuck_locks"_s, verdict.stuckLocks.join(u' ')},
        {u"never_acquired"_s, starved.join(u' ')},
        {u"backend"_s, backend},
        {u"protocol"_s, protocolName(settings.protocol)},
        {u"clients"_s, QString::number(settings.clients)},
        {u"locks"_s, QString::number(settings.locks)},
        {u"nodes"_s, QString::number(history.nodeNames.size())},
        {u"seconds"_s, QString::number(metrics.seconds)},
    };
    QString csv = u"key,value\n"_s;
    for (const auto &[key, value] : rows)
        csv += key + u',' + value + u'\n';
    return csv;
}

SimReport Simulator::report(const SimSettings &settings, const QString &backend, History history)
{
    if (history.lockNames.isEmpty())
        for (int i = 0; i < settings.locks; ++i)
            history.lockNames.append(settings.lockPrefix + QString::number(i));
    SimReport report;
    report.settings = settings;
    report.backend = backend;
    report.verdict = checkHistory(history);
    report.metrics = computeMetrics(history, settings.clients);
    report.history = std::move(history);
    return report;
}

} // namespace locksim
