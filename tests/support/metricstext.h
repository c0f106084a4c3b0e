// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace testsupport {

// One sample of the Prometheus text format: its name, its labels (values unescaped) and value.
struct MetricSample
{
    QString name;
    QMap<QString, QString> labels;
    QString value;
};

// The samples of an exposition text, each line checked against the format's grammar (HELP and
// TYPE lines skipped). None, and *error set, when a line is not a sample.
std::optional<QList<MetricSample>> parseMetrics(const QByteArray &text, QString *error = nullptr);

// The samples named `name` whose labels include every one of `labels`.
QList<MetricSample> samplesOf(const QList<MetricSample> &samples, const QString &name,
                              const QMap<QString, QString> &labels = {});
// The value of the one such sample as a number; none when there is not exactly one.
std::optional<double> metricValue(const QList<MetricSample> &samples, const QString &name,
                                  const QMap<QString, QString> &labels = {});

} // namespace testsupport
