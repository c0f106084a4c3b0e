// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simulator.h"

#include <QString>

namespace ui {

// Writing a finished run to files: the history (every hold and write) and the summary (the
// verdict and the metrics), as JSON or CSV by the file's suffix (".csv": CSV, else JSON).
// Each returns an error message, or an empty string when the file was written.
namespace simexport {

QString writeHistory(const locksim::SimReport &report, const QString &path);
QString writeSummary(const locksim::SimReport &report, const QString &path);
bool isCsv(const QString &path);

} // namespace simexport

} // namespace ui
