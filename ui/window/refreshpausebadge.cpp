// SPDX-License-Identifier: GPL-3.0-or-later
#include "refreshpausebadge.h"

#include "lockmonitor.h"

#include <QAction>
#include <QEvent>

using namespace Qt::StringLiterals;

namespace ui {

RefreshPauseBadge::RefreshPauseBadge(LockMonitor *monitor, QWidget *parent)
    : QLabel(parent), m_action(new QAction(this))
{
    setObjectName(u"pausedBadge"_s);
    setStyleSheet(u"QLabel { background: #9a5b00; color: white; border-radius: 3px; "
                  "padding: 1px 6px; }"_s);
    hide();
    m_action->setObjectName(u"pauseRefreshAction"_s);
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_action->setShortcutContext(Qt::WindowShortcut);
    connect(m_action, &QAction::toggled, monitor, &LockMonitor::setPaused);
    connect(monitor, &LockMonitor::pausedChanged, this, [this](bool paused) {
        m_action->setChecked(paused);
        setVisible(paused);
    });
    retranslate();
}

void RefreshPauseBadge::retranslate()
{
    setText(tr("Refresh paused"));
    setToolTip(tr("The lock table is not read while paused: what it shows may be out of date. "
                  "View \u203a Pause refresh again reads it at once."));
    m_action->setText(tr("&Pause refresh"));
    m_action->setToolTip(tr("Stop reading the lock table until resumed, to look at it as it "
                            "is (%1)")
                             .arg(m_action->shortcut().toString(QKeySequence::NativeText)));
}

void RefreshPauseBadge::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QLabel::changeEvent(event);
}

} // namespace ui
