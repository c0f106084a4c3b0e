// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "metricsnapshot.h"

#include <QByteArray>

namespace lockcore {

// The Prometheus text exposition format 0.0.4 of the snapshots: every metric family once, with
// its HELP and TYPE, and the samples of every table under it. A table that is down has only
// lockscope_up, lockscope_scrape_duration_seconds, lockscope_exporter_last_scrape_error and the
// scrape counters (and its history's counters as last read).
QByteArray renderExposition(const QList<TableSnapshot> &tables);

// The Content-Type of that text.
QByteArray expositionContentType();

// A label value as the format writes it between double quotes: backslash, double quote and
// line feed escaped, UTF-8.
QByteArray escapeLabelValue(const QString &value);

} // namespace lockcore
