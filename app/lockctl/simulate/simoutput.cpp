// SPDX-License-Identifier: GPL-3.0-or-later
#include "simoutput.h"

#include "duration.h"
#include "lockctltr.h"

#include <QFile>
#include <QJsonDocument>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::formatDurationMs;
using locksim::Percentiles;
using locksim::SimReport;

namespace lockctl {

namespace {

constexpr int maxViolationsShown = 20;

void writeRaw(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

QString ms(double value)
{
    return QString::number(value, 'f', value < 10 ? 2 : 1);
}

QString percentiles(const Percentiles &p)
{
    return Tr::tr("p50 %1, p95 %2, p99 %3, max %4 ms")
        .arg(ms(p.p50), ms(p.p95), ms(p.p99), ms(p.max));
}

// The gaps from a release to the next grant; grants before the previous holder's release are
// overlaps (listed in the verdict), counted apart, never a negative hand-off.
QString handoffText(const locksim::Metrics &m)
{
    QString text = m.handoffMs.max > 0 || m.grantsBeforeRelease == 0
                       ? percentiles(m.handoffMs)
                       : Tr::tr("none after a release");
    if (m.grantsBeforeRelease > 0)
        text += Tr::tr("; %1 grant(s) before the previous holder's release (overlaps)")
                    .arg(m.grantsBeforeRelease);
    return text;
}

QString neverAcquiredText(const locksim::Metrics &m)
{
    QStringList clients;
    for (const locksim::NeverAcquired &n : m.neverAcquired)
        clients << QString::number(n.client);
    return Tr::tr("%1 client(s): %2").arg(m.neverAcquired.size()).arg(clients.join(u", "_s));
}

QString settingsLine(const SimReport &report)
{
    const locksim::SimSettings &s = report.settings;
    const QString where = report.nodes() > 1
                              ? Tr::tr("%1 (%2 nodes)").arg(report.backend).arg(report.nodes())
                              : report.backend;
    return Tr::tr("%1 on %2: %3 clients, %4 locks, lease %5, hold %6, think %7, seed %8.")
        .arg(locksim::protocolName(s.protocol), where)
        .arg(s.clients)
        .arg(s.locks)
        .arg(formatDurationMs(s.ttlMs), s.hold.describe(), s.think.describe())
        .arg(s.seed);
}

// What was observed, never "safe": a run can only show a violation, or that none happened.
QString verdictText(const SimReport &report)
{
    const locksim::Verdict &verdict = report.verdict;
    QString text = Tr::tr("Verdict: %1").arg(report.observedText());
    if (!verdict.violationObserved) {
        text += u'\n'
                + (report.settings.protocol == locksim::Protocol::Lockcore
                       ? Tr::tr("No overlapping holds, fences increasing, no stale write "
                                "accepted; a run shows what happened, not that a design is safe.")
                       : Tr::tr("No overlapping holds (this protocol has no fences); a run "
                                "shows what happened, not that a design is safe."));
    }
    for (qsizetype i = 0; i < verdict.violations.size() && i < maxViolationsShown; ++i)
        text += u"\n  - "_s + verdict.violations.at(i).text;
    if (verdict.violationCount > maxViolationsShown)
        text += u"\n  "_s
                + Tr::tr("(%1 more; --history FILE records them all)")
                      .arg(verdict.violationCount - maxViolationsShown);
    for (const QString &note : report.livenessNotes())
        text += u'\n' + note;
    return text;
}

} // namespace

ProgressLine::ProgressLine()
    : m_enabled(isatty(STDERR_FILENO) == 1)
{}

ProgressLine::~ProgressLine()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    clear();
}

void ProgressLine::clear()
{
    if (m_enabled && m_width > 0)
        writeRaw(u'\r' + QString(m_width, u' ') + u'\r');
    m_width = 0;
}

void ProgressLine::update(qint64 elapsedMs, qint64 acquisitions, int crashes, int pauses)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_enabled)
        return;
    const double seconds = double(elapsedMs) / 1000.0;
    const double rate = seconds > 0 ? double(acquisitions) / seconds : 0;
    const QString line = Tr::tr("%1 s: %2 acquisitions (%3/s), %4 crashes, %5 pauses")
                             .arg(QString::number(seconds, 'f', 1))
                             .arg(acquisitions)
                             .arg(QString::number(rate, 'f', 1))
                             .arg(crashes)
                             .arg(pauses);
    const qsizetype pad = qMax<qsizetype>(0, m_width - line.size());
    writeRaw(u'\r' + line + QString(pad, u' '));
    m_width = line.size();
}

QString summaryText(const SimReport &report)
{
    const locksim::Metrics &m = report.metrics;
    QList<QPair<QString, QString>> rows = {
        {Tr::tr("Acquisitions"), Tr::tr("%1 in %2 s (%3/s)")
                                     .arg(m.acquisitions)
                                     .arg(QString::number(m.seconds, 'f', 1),
                                          QString::number(m.throughputPerS, 'f', 1))},
        {Tr::tr("Wait"), percentiles(m.waitMs)},
        {Tr::tr("Hand-off"), handoffText(m)},
        {Tr::tr("Utilisation"), QString::number(m.utilisation * 100, 'f', 1) + u" %"_s},
        {Tr::tr("Failed attempts"), QString::number(m.failedAttempts)},
        {Tr::tr("Expiries"), QString::number(m.expiries)},
        {Tr::tr("Takeovers"), QString::number(m.takeovers)},
        {Tr::tr("Crashes"), QString::number(m.crashes)},
        {Tr::tr("Pauses"), QString::number(m.pauses)},
        {Tr::tr("Stale writes refused"), QString::number(m.staleWritesRefused)},
        {Tr::tr("Fairness (Jain)"), QString::number(m.fairness, 'f', 3)},
    };
    // for-update: transactions that did not commit although their critical section ran.
    if (report.settings.protocol == locksim::Protocol::ForUpdate)
        rows.append({Tr::tr("Failed commits"), QString::number(m.failedCommits)});
    if (!report.verdict.stuckLocks.isEmpty())
        rows.append({Tr::tr("Stuck locks"), report.verdict.stuckLocks.join(u", "_s)});
    if (!m.neverAcquired.isEmpty())
        rows.append({Tr::tr("Never got a lock"), neverAcquiredText(m)});
    qsizetype width = 0;
    for (const auto &row : std::as_const(rows))
        width = qMax(width, row.first.size());
    QString text = verdictText(report) + u'\n' + settingsLine(report) + u'\n';
    for (const auto &row : std::as_const(rows))
        text += row.first.leftJustified(width + 2) + row.second + u'\n';
    return text;
}

lockcore::Status checkHistoryFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Error::invalidInput(
            Tr::tr("--history: cannot write \"%1\": %2").arg(path, file.errorString()));
    return {};
}

lockcore::Status writeHistoryFile(const QString &path, const locksim::History &history)
{
    QFile file(path);
    const QByteArray bytes
        = path.endsWith(u".csv"_s, Qt::CaseInsensitive)
              ? history.holdsCsv().toUtf8()
              : QJsonDocument(history.toJson()).toJson(QJsonDocument::Indented);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size()
        || !file.flush())
        return Error{Error::Kind::Database,
                     Tr::tr("Could not write the history to \"%1\": %2")
                         .arg(path, file.errorString()),
                     {},
                     {}};
    return {};
}

} // namespace lockctl
