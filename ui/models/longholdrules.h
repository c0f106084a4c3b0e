// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

class QSettings;

namespace ui {

// When a hold counts as long: a threshold per lock-name pattern ("billing.*" 30 min, "*" 1 h).
// The first rule whose pattern matches a name decides; a name no rule matches is never
// highlighted. Patterns are wildcards over the whole name, case-sensitive: `*` any text (dots
// and slashes too), `?` one character.
struct LongHoldRule
{
    QString pattern;
    qint64 thresholdMs = 0;

    bool operator==(const LongHoldRule &other) const
    {
        return pattern == other.pattern && thresholdMs == other.thresholdMs;
    }
};

class LongHoldRules
{
public:
    LongHoldRules() = default;
    explicit LongHoldRules(const QList<LongHoldRule> &rules);
    // What a new installation highlights: any lock held longer than an hour.
    static LongHoldRules defaults();

    const QList<LongHoldRule> &rules() const { return m_rules; }
    // The rule that decides for `name`; nullptr when none matches.
    const LongHoldRule *ruleFor(const QString &name) const;
    // The rule `name` has outgrown after holding `heldMs`; nullptr when the hold is not long.
    const LongHoldRule *exceeded(const QString &name, qint64 heldMs) const;

    // Settings form: one "pattern=duration" per rule ("billing.*=30m"), as lockctl's durations.
    QStringList toStrings() const;
    static LongHoldRules fromStrings(const QStringList &lines);
    // The "longHolds/rules" key; defaults() while it was never saved.
    static LongHoldRules load(QSettings &settings);
    void save(QSettings &settings) const;

    bool operator==(const LongHoldRules &other) const { return m_rules == other.m_rules; }

private:
    QList<LongHoldRule> m_rules;
    QList<QRegularExpression> m_patterns;   // per rule
    mutable QHash<QString, int> m_ruleOfName; // -1: no rule matches
};

// A wildcard pattern as a regular expression anchored at both ends.
QRegularExpression longHoldPattern(const QString &wildcard);

} // namespace ui
