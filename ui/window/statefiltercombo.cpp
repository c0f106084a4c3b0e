// SPDX-License-Identifier: GPL-3.0-or-later
#include "statefiltercombo.h"

#include <QEvent>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr int AllStates = -1;
constexpr int Problems = -2;
const LockDisplayState Choices[] = {LockDisplayState::Held, LockDisplayState::NotRenewing,
                                    LockDisplayState::LostOwner, LockDisplayState::Expired,
                                    LockDisplayState::Free};

} // namespace

StateFilterCombo::StateFilterCombo(QWidget *parent) : QComboBox(parent)
{
    setObjectName(u"stateFilter"_s);
    addItem(QString(), AllStates);
    addItem(QString(), Problems);
    for (const LockDisplayState choice : Choices)
        addItem(QString(), int(choice));
    retranslate();
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit stateChosen(state()); });
}

LockStateFilter StateFilterCombo::state() const
{
    const int value = currentData().toInt();
    if (value == AllStates)
        return std::nullopt;
    if (value == Problems)
        return LockStateFilter::problems();
    return LockDisplayState(value);
}

void StateFilterCombo::setState(LockStateFilter state)
{
    const int value = state.isProblems() ? Problems
                      : state.oneState() ? int(*state.oneState())
                                         : AllStates;
    setCurrentIndex(qMax(0, findData(value)));
}

void StateFilterCombo::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QComboBox::changeEvent(event);
}

void StateFilterCombo::retranslate()
{
    setItemText(0, tr("All states"));
    setItemText(1, tr("Problems"));
    setItemData(1,
                tr("Expired and not released, lost owner, not renewing, or held longer than its "
                   "long-hold threshold"),
                Qt::ToolTipRole);
    for (int i = 2; i < count(); ++i) {
        const auto choice = LockDisplayState(itemData(i).toInt());
        // Held shows the lost owners and the holders not renewing too: their lease runs.
        setItemText(i, choice == LockDisplayState::Held ? tr("Held (lease running)")
                                                        : lockDisplayStateText(choice));
    }
    setToolTip(tr("Show only the locks in this state"));
}

} // namespace ui
