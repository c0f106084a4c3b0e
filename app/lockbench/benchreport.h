// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchresults.h"

#include <QJsonObject>
#include <QString>

namespace lockbench {

// The human report, printed piece by piece as the bench runs: the header, one table per
// measurement block (each protocol with its ratio to lockcore), then the wait policies and what
// the check observed: a violation, or none in so many holds (never that a design is safe).
QString headerText(const BenchResults &results);
QString blockText(const BenchResults &results, const Block &block);
QString footerText(const BenchResults &results);

// The whole result for machines (--json).
QJsonObject resultsJson(const BenchResults &results);

} // namespace lockbench
