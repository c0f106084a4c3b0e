// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockstatefilter.h"

#include <QComboBox>

#include <optional>

namespace ui {

// "All states", "Problems" (what needs someone: lockcells::isProblem), "Held" (every running
// lease), "Not renewing", "Lost owner", "Expired", "Free": the lock table's state filter, in
// the interface language.
class StateFilterCombo : public QComboBox
{
    Q_OBJECT

public:
    explicit StateFilterCombo(QWidget *parent = nullptr);

    LockStateFilter state() const;
    void setState(LockStateFilter state);

signals:
    void stateChosen(ui::LockStateFilter state);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
};

} // namespace ui
