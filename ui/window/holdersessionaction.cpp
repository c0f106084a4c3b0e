// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdersessionaction.h"

#include "locktablepanel.h"
#include "nativelockspanel.h"

#include <QEvent>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ui {

HolderSessionAction::HolderSessionAction(LockTablePanel *locks, NativeLocksPanel *sessions,
                                         QTabWidget *tabs, QWidget *window)
    : QAction(window), m_locks(locks), m_sessions(sessions), m_tabs(tabs)
{
    setObjectName(u"showSessionAction"_s);
    connect(this, &QAction::triggered, this, &HolderSessionAction::show);
    connect(locks, &LockTablePanel::selectionChanged, this, &HolderSessionAction::update);
    window->installEventFilter(this); // its language changes
    retranslate();
    update();
}

bool HolderSessionAction::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QAction::eventFilter(watched, event);
}

void HolderSessionAction::update()
{
    const auto selected = m_locks->selectedLock();
    setEnabled(selected && !selected->holder.isEmpty());
}

void HolderSessionAction::show()
{
    const auto selected = m_locks->selectedLock(); // the target: chosen now, kept as chosen
    if (!selected || selected->holder.isEmpty())
        return;
    m_tabs->setCurrentWidget(m_sessions);
    m_sessions->showHolderSession(selected->holder, selected->name);
}

void HolderSessionAction::retranslate()
{
    setText(tr("Show database &session"));
    setToolTip(tr("The database session of the selected lock's holder, in the Database locks "
                  "tab (for holders made by lockcore or lockctl)"));
}

} // namespace ui
