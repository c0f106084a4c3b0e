// SPDX-License-Identifier: GPL-3.0-or-later
#include "sameholderaction.h"

#include "actiontext.h"
#include "locktablepanel.h"

#include <QEvent>

using namespace Qt::StringLiterals;

namespace ui {

SameHolderAction::SameHolderAction(LockTablePanel *locks, QWidget *window)
    : QAction(window), m_locks(locks)
{
    setObjectName(u"showHolderLocksAction"_s);
    // Not taken by the line edits (Ctrl+H is Backspace in some of them), nor by another action.
    setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    connect(this, &QAction::triggered, this, &SameHolderAction::show);
    connect(locks, &LockTablePanel::selectionChanged, this, &SameHolderAction::update);
    window->installEventFilter(this); // its language changes
    retranslate();
    update();
}

bool SameHolderAction::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QAction::eventFilter(watched, event);
}

void SameHolderAction::update()
{
    const auto selected = m_locks->selectedLock();
    setEnabled(selected && !selected->holder.isEmpty());
}

void SameHolderAction::show()
{
    const auto selected = m_locks->selectedLock(); // the holder chosen now
    if (selected && !selected->holder.isEmpty())
        emit holderChosen(selected->holder);
}

void SameHolderAction::retranslate()
{
    setActionText(this, tr("Show the locks of the &holder"),
                  tr("Filter the table to the locks of the selected lock's holder"));
}

} // namespace ui
