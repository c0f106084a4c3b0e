// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "longholdrules.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace ui {

// View > Long holds: the thresholds above which the lock table highlights a hold, one row per
// lock-name pattern; the first pattern that matches a name decides. OK keeps the rules only
// when every row reads (a pattern, and a duration as lockctl takes them: "30m", "1h30m").
class LongHoldDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LongHoldDialog(const LongHoldRules &rules, QWidget *parent = nullptr);

    // The rules as edited (valid after accept()).
    LongHoldRules rules() const { return m_rules; }
    QTableWidget *table() const { return m_table; }

    void accept() override;

private:
    void addRow(const QString &pattern, const QString &threshold);
    void moveCurrentRow(int by);
    QString readRules(QList<LongHoldRule> &rules) const; // why they do not read, or empty

    QTableWidget *m_table;
    QLabel *m_error;
    LongHoldRules m_rules;
};

} // namespace ui
