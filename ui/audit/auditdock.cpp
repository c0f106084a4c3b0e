// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditdock.h"

#include "auditpanel.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

AuditDock::AuditDock(QMainWindow *window, LockMonitor *monitor,
                     std::function<bool(const QString &)> selectLock)
    : QDockWidget(window), m_monitor(monitor), m_panel(new AuditPanel(this))
{
    setObjectName(u"auditDock"_s);
    toggleViewAction()->setObjectName(u"auditAction"_s);
    setWidget(m_panel);
    window->addDockWidget(Qt::BottomDockWidgetArea, this);
    retranslate();
    hide();
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            read();
    });
    connect(m_panel, &AuditPanel::readRequested, this, &AuditDock::read);
    connect(m_panel, &AuditPanel::lockActivated, this,
            [this, selectLock = std::move(selectLock)](const QString &name) {
                if (!selectLock(name))
                    m_panel->showNotInTable(name);
            });
    connect(monitor, &LockMonitor::auditReady, this, &AuditDock::onReady);
    connect(monitor, &LockMonitor::auditFailed, this, &AuditDock::onFailed);
    connect(monitor, &LockMonitor::healthChanged, this, &AuditDock::onHealth);
    // This window's own force release, delete, initialize or test hold: shown at once.
    connect(monitor, &LockMonitor::adminDone, this, [this] {
        if (isVisible())
            read();
    });
}

void AuditDock::read()
{
    auto request = m_panel->request();
    if (!request) {
        m_panel->showError(request.error().message);
        return;
    }
    m_panel->showReading();
    m_pending = m_monitor->requestAudit(*request);
}

void AuditDock::onHealth(LockMonitor::Health health)
{
    // Another connection (or the first): the rows read from the last one are not its.
    if (health == LockMonitor::Health::Connecting) {
        m_pending = 0;
        m_panel->clear();
    } else if (health == LockMonitor::Health::Ok && m_lastHealth == LockMonitor::Health::Connecting
               && isVisible()) {
        read();
    }
    m_lastHealth = health;
}

void AuditDock::onReady(quint64 id, const AuditPage &page)
{
    if (id != m_pending)
        return; // superseded by a later read, or from another connection
    m_pending = 0;
    m_panel->showPage(page, QDateTime::currentDateTimeUtc());
    emit shown();
}

void AuditDock::onFailed(quint64 id, const Error &error)
{
    if (id != m_pending)
        return;
    m_pending = 0;
    m_panel->showError(error.message);
    emit shown();
}

void AuditDock::retranslate()
{
    setWindowTitle(tr("Admin audit"));
    toggleViewAction()->setText(tr("Admin a&udit"));
    toggleViewAction()->setToolTip(
        tr("Force releases, deletes, initializations, terminations and test holds by anyone"));
}

void AuditDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

} // namespace ui
