// SPDX-License-Identifier: GPL-3.0-or-later
#include "metricstext.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

QString unescape(const QString &escaped)
{
    QString out;
    for (qsizetype i = 0; i < escaped.size(); ++i) {
        if (escaped.at(i) == u'\\' && i + 1 < escaped.size()) {
            const QChar next = escaped.at(++i);
            out += next == u'n' ? QChar(u'\n') : next;
        } else {
            out += escaped.at(i);
        }
    }
    return out;
}

} // namespace

std::optional<QList<MetricSample>> parseMetrics(const QByteArray &text, QString *error)
{
    // name{label="value",...} value; a value's backslash, quote and line feed escaped.
    static const QRegularExpression line(
        uR"re(^([a-zA-Z_:][a-zA-Z0-9_:]*)\{((?:[a-zA-Z_][a-zA-Z0-9_]*=)re"_s
        uR"re("(?:[^"\\\n]|\\[\\"n])*",?)*)\} (\S+)$)re"_s);
    static const QRegularExpression label(
        uR"re(([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)")re"_s);
    QList<MetricSample> samples;
    for (const QString &row : QString::fromUtf8(text).split(u'\n', Qt::SkipEmptyParts)) {
        if (row.startsWith(u"# HELP "_s) || row.startsWith(u"# TYPE "_s))
            continue;
        const QRegularExpressionMatch m = line.match(row);
        if (!m.hasMatch()) {
            if (error)
                *error = u"not a sample line: "_s + row;
            return std::nullopt;
        }
        MetricSample sample{m.captured(1), {}, m.captured(3)};
        auto it = label.globalMatch(m.captured(2));
        while (it.hasNext()) {
            const QRegularExpressionMatch l = it.next();
            sample.labels.insert(l.captured(1), unescape(l.captured(2)));
        }
        samples.append(sample);
    }
    return samples;
}

QList<MetricSample> samplesOf(const QList<MetricSample> &samples, const QString &name,
                              const QMap<QString, QString> &labels)
{
    QList<MetricSample> out;
    for (const MetricSample &s : samples) {
        if (s.name != name)
            continue;
        bool all = true;
        for (auto it = labels.cbegin(); it != labels.cend() && all; ++it)
            all = s.labels.value(it.key()) == it.value() && s.labels.contains(it.key());
        if (all)
            out.append(s);
    }
    return out;
}

std::optional<double> metricValue(const QList<MetricSample> &samples, const QString &name,
                                  const QMap<QString, QString> &labels)
{
    const QList<MetricSample> found = samplesOf(samples, name, labels);
    if (found.size() != 1)
        return std::nullopt;
    bool ok = false;
    const double value = found.first().value.toDouble(&ok);
    if (!ok)
        return std::nullopt;
    return value;
}

} // namespace testsupport
