// SPDX-License-Identifier: GPL-3.0-or-later
#include "clusterstatusbutton.h"

#include "clustersummary.h"
#include "clusterwarnings.h"

#include <QEvent>
#include <QStyle>

using namespace Qt::StringLiterals;

namespace ui {

ClusterStatusButton::ClusterStatusButton(QWidget *parent) : QToolButton(parent)
{
    setObjectName(u"clusterStatusButton"_s);
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    hide();
}

void ClusterStatusButton::showStatus(const lockcore::ClusterStatus &status)
{
    m_status = status;
    m_error.clear();
    render();
}

void ClusterStatusButton::showError(const QString &message)
{
    m_error = message;
    render();
}

void ClusterStatusButton::showNotConnected()
{
    m_status.reset();
    m_error.clear();
    render();
}

void ClusterStatusButton::render()
{
    const QList<lockcore::ClusterWarning> warnings
        = m_status ? lockcore::clusterWarnings(*m_status) : QList<lockcore::ClusterWarning>();
    m_warning = !warnings.isEmpty() || !m_error.isEmpty();
    setIcon(m_warning ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    QStringList tip;
    if (!m_error.isEmpty()) {
        setText(m_status ? ClusterSummary::shortText(*m_status) : tr("Cluster: not read"));
        tip << tr("The cluster status could not be read: %1").arg(m_error);
    } else if (m_status) {
        setText(ClusterSummary::shortText(*m_status));
    }
    for (const lockcore::ClusterWarning &warning : warnings)
        tip << warning.text;
    tip << tr("Click to show or hide the cluster's members and state.");
    setToolTip(tip.join(u"\n\n"_s));
    setVisible(m_status.has_value() || !m_error.isEmpty());
}

void ClusterStatusButton::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QToolButton::changeEvent(event);
}

} // namespace ui
