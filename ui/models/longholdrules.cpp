// SPDX-License-Identifier: GPL-3.0-or-later
#include "longholdrules.h"

#include "duration.h"
#include "wildcard.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

const QString SettingsKey = u"longHolds/rules"_s;
constexpr qint64 Hour = 3600 * 1000;

} // namespace

QRegularExpression longHoldPattern(const QString &wildcard)
{
    return lockcore::wildcardExpression(wildcard, u'*', u'?');
}

LongHoldRules::LongHoldRules(const QList<LongHoldRule> &rules) : m_rules(rules)
{
    m_patterns.reserve(rules.size());
    for (const LongHoldRule &rule : rules)
        m_patterns.append(longHoldPattern(rule.pattern));
}

LongHoldRules LongHoldRules::defaults()
{
    return LongHoldRules({{u"*"_s, Hour}});
}

const LongHoldRule *LongHoldRules::ruleFor(const QString &name) const
{
    auto cached = m_ruleOfName.constFind(name);
    if (cached == m_ruleOfName.cend()) {
        int found = -1;
        for (int i = 0; i < m_patterns.size() && found < 0; ++i)
            if (m_patterns.at(i).match(name).hasMatch())
                found = i;
        cached = m_ruleOfName.insert(name, found);
    }
    return *cached >= 0 ? &m_rules.at(*cached) : nullptr;
}

const LongHoldRule *LongHoldRules::exceeded(const QString &name, qint64 heldMs) const
{
    const LongHoldRule *rule = ruleFor(name);
    return rule && heldMs > rule->thresholdMs ? rule : nullptr;
}

QStringList LongHoldRules::toStrings() const
{
    QStringList lines;
    for (const LongHoldRule &rule : m_rules)
        lines.append(rule.pattern + u'=' + lockcore::formatDurationMs(rule.thresholdMs));
    return lines;
}

LongHoldRules LongHoldRules::fromStrings(const QStringList &lines)
{
    QList<LongHoldRule> rules;
    for (const QString &line : lines) {
        const qsizetype at = line.lastIndexOf(u'=');
        if (at <= 0)
            continue; // damaged by hand: skipped, the others still apply
        const auto threshold = lockcore::parseDurationMs(line.mid(at + 1));
        if (threshold && *threshold > 0)
            rules.append({line.left(at), *threshold});
    }
    return LongHoldRules(rules);
}

LongHoldRules LongHoldRules::load(QSettings &settings)
{
    if (!settings.contains(SettingsKey))
        return defaults();
    return fromStrings(settings.value(SettingsKey).toStringList());
}

void LongHoldRules::save(QSettings &settings) const
{
    settings.setValue(SettingsKey, toStrings());
}

} // namespace ui
