// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAction>

namespace ui {

class LockTablePanel;

// "Show the locks of the holder" (the Lock menu, Ctrl+Shift+H; the context menu has its own,
// for the row under the mouse): the filter set to the selected lock's holder, so that every
// lock of that holder (a dead host's, a stuck worker's) is in view. It takes the holder of the
// lock selected when it is triggered. Enabled while one lock with a holder is selected; it
// writes nothing (read-only too).
class SameHolderAction : public QAction
{
    Q_OBJECT

public:
    SameHolderAction(LockTablePanel *locks, QWidget *window);

signals:
    void holderChosen(const QString &holder); // for the filter

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();
    void show();
    void retranslate();

    LockTablePanel *m_locks;
};

} // namespace ui
