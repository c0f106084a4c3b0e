#pragma once

#include "lockdisplaystate.h"

#include <QComboBox>

#include <optional>

namespace ui {

// "All states", "Held" (lost owners too: their lease still runs), "Expired", "Free", "Lost
// owner": the lock table's state filter, in the interface language.
class StateFilterCombo : public QComboBox
{
    Q_OBJECT

public:
    explicit StateFilterCombo(QWidget *parent = nullptr);

    std::optional<LockDisplayState> state() const;
    void setState(std::optional<LockDisplayState> state);

signals:
    void stateChosen(std::optional<ui::LockDisplayState> state);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
};

} // namespace ui
