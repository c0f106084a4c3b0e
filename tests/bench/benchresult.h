// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace bench {

// Order statistics of a list of samples (nearest rank).
struct Summary
{
    int count = 0;
    double median = 0;
    double p99 = 0;
    double max = 0;

    static Summary of(QList<double> samples);
};

// The peak (VmHWM) and current (VmRSS) resident memory of this process in MB, from
// /proc/self/status; -1 when unknown.
double peakRssMb();
double currentRssMb();

// What one run of the benchmark measured.
struct Result
{
    QString backend;
    int locks = 0;
    int threshold = 0;
    QString mode;             // full, windowed, or mixed (it switched during the run)
    int refreshes = 0;        // measured (the first one, the initial load, apart)
    double fillSeconds = 0;   // filling the table
    double firstLoadMs = 0;   // the GUI thread's time on the first refresh
    Summary merge;            // the GUI thread's time per refresh (ms)
    Summary tick;             // the GUI thread's time per countdown tick (ms)
    Summary mergePaint;       // repainting what a refresh changed, right after it (ms)
    Summary tickPaint;        // repainting what a tick changed, right after it (ms)
    Summary worker;           // the database thread's time per refresh (ms)
    Summary statements;       // statements per refresh
    Summary rows;             // rows read per refresh
    Summary scrollToRowsMs;   // windowed: from a scroll to the rows shown (ms)
    double worstStallMs = 0;  // the longest the GUI thread's event loop was kept busy
    qint64 churn = 0;         // changes made to the table during the run
    double peakRssMb = 0;
    double endRssMb = 0;

    QJsonObject toJson() const;
    static Result fromJson(const QJsonObject &json);
};

// The results as an aligned text table.
QString formatTable(const QList<Result> &results);

} // namespace bench
