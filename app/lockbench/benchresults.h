// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchoptions.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace lockbench {

// The measurements, in the order they run and are printed: one block each.
enum class Measurement { Uncontended, Contended, Separate };
struct Block
{
    Measurement what = Measurement::Uncontended;
    int clients = 1;
};
QList<Block> blocksOf(const BenchSettings &settings);

// Every figure is the median of the measured runs (the warm-up run is not among them).
struct ContendedFigures
{
    int clients = 0;
    double throughput = 0;               // cycles per second, all clients together
    std::optional<double> handoffP50Us;  // none without a hand-off (one client)
    std::optional<double> handoffP99Us;
    double handoffs = 0;                 // hand-offs per run
};

struct SeparateFigures
{
    int clients = 0;
    double throughput = 0;
};

struct ProtocolResults
{
    QString id;
    QString unavailable; // why it does not run here ("n/a"); empty when it does
    QString waitPolicy;

    bool measuredUncontended = false;
    double cycleP50Us = 0;
    double cycleP99Us = 0;
    double roundTrips = 0; // statements per uncontended cycle
    QList<ContendedFigures> contended;
    QList<SeparateFigures> separate;

    qint64 holdsChecked = 0;    // every run, warm-ups included
    qint64 overlaps = 0;        // holds of one lock by two clients at once
    qint64 refusedReleases = 0; // releases refused: the lock was no longer the client's
    QStringList violations;     // the first few of both, described

    bool available() const { return unavailable.isEmpty(); }
    const ContendedFigures *contendedWith(int clients) const;
    const SeparateFigures *separateWith(int clients) const;
};

struct BenchResults
{
    QString backend; // sqlite, postgresql, mysql
    QString server;  // the redacted URL
    QString serverVersion;
    BenchSettings settings;
    QList<ProtocolResults> protocols;

    const ProtocolResults *find(const QString &id) const;
    qint64 holdsChecked() const;
    qint64 violationCount() const; // overlaps and refused releases, all protocols
};

} // namespace lockbench
