// SPDX-License-Identifier: GPL-3.0-or-later
#include "clusterdock.h"

#include "clusterpanel.h"

#include <QAction>
#include <QEvent>

using namespace Qt::StringLiterals;

namespace ui {

ClusterDock::ClusterDock(QWidget *parent) : QDockWidget(parent), m_panel(new ClusterPanel(this))
{
    setObjectName(u"clusterDock"_s);
    toggleViewAction()->setObjectName(u"clusterAction"_s);
    setWidget(m_panel);
    retranslate();
    hide();
}

void ClusterDock::retranslate()
{
    setWindowTitle(tr("Cluster"));
    toggleViewAction()->setText(tr("Clu&ster"));
    toggleViewAction()->setToolTip(tr("The database's cluster as the connected node sees it"));
}

void ClusterDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

} // namespace ui
