#include "statefiltercombo.h"

#include <QEvent>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr int AllStates = -1;
const LockDisplayState Choices[] = {LockDisplayState::Held, LockDisplayState::LostOwner,
                                    LockDisplayState::Expired, LockDisplayState::Free};

} // namespace

StateFilterCombo::StateFilterCombo(QWidget *parent) : QComboBox(parent)
{
    setObjectName(u"stateFilter"_s);
    addItem(QString(), AllStates);
    for (const LockDisplayState choice : Choices)
        addItem(QString(), int(choice));
    retranslate();
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit stateChosen(state()); });
}

std::optional<LockDisplayState> StateFilterCombo::state() const
{
    const int value = currentData().toInt();
    if (value == AllStates)
        return std::nullopt;
    return LockDisplayState(value);
}

void StateFilterCombo::setState(std::optional<LockDisplayState> state)
{
    setCurrentIndex(qMax(0, findData(state ? int(*state) : AllStates)));
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
    for (int i = 1; i < count(); ++i) {
        const auto choice = LockDisplayState(itemData(i).toInt());
        // Held shows the lost owners too: their lease runs as well.
        setItemText(i, choice == LockDisplayState::Held ? tr("Held (lease running)")
                                                        : lockDisplayStateText(choice));
    }
    setToolTip(tr("Show only the locks in this state"));
}

} // namespace ui
