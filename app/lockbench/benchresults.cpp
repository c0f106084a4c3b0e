// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchresults.h"

namespace lockbench {

QList<Block> blocksOf(const BenchSettings &settings)
{
    QList<Block> blocks{{Measurement::Uncontended, 1}};
    for (int clients : settings.contendedClients)
        blocks.append({Measurement::Contended, clients});
    for (int clients : settings.separateClients)
        blocks.append({Measurement::Separate, clients});
    return blocks;
}

const ContendedFigures *ProtocolResults::contendedWith(int clients) const
{
    for (const ContendedFigures &row : contended) {
        if (row.clients == clients)
            return &row;
    }
    return nullptr;
}

const SeparateFigures *ProtocolResults::separateWith(int clients) const
{
    for (const SeparateFigures &row : separate) {
        if (row.clients == clients)
            return &row;
    }
    return nullptr;
}

const ProtocolResults *BenchResults::find(const QString &id) const
{
    for (const ProtocolResults &protocol : protocols) {
        if (protocol.id == id)
            return &protocol;
    }
    return nullptr;
}

qint64 BenchResults::holdsChecked() const
{
    qint64 total = 0;
    for (const ProtocolResults &protocol : protocols)
        total += protocol.holdsChecked;
    return total;
}

qint64 BenchResults::violationCount() const
{
    qint64 total = 0;
    for (const ProtocolResults &protocol : protocols)
        total += protocol.overlaps + protocol.refusedReleases;
    return total;
}

} // namespace lockbench
