// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace ui {

// Under the timeline: what each of its colours means (TimelineMark), in the words of the lock
// table's states and of the history's events, and how to read the rows. Follows the palette
// and the language.
class TimelineLegend : public QLabel
{
    Q_OBJECT

public:
    explicit TimelineLegend(QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
};

} // namespace ui
