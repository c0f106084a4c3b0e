// SPDX-License-Identifier: GPL-3.0-or-later
// The admin audit's reads (ui/audit): asked by the GUI thread through the LockMonitor, read by
// its DatabaseWorker on the database thread, under the session's call deadline like every read.

#include "databaseworker.h"
#include "lockmonitor.h"

using namespace lockcore;

namespace ui {

quint64 LockMonitor::requestAudit(const AuditRequest &request)
{
    const quint64 id = ++m_nextRequestId;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, id, request] {
        worker->readAudit(id, request);
    });
    return id;
}

void DatabaseWorker::readAudit(quint64 id, const AuditRequest &request)
{
    if (Status open = ensureOpen(); !open) {
        emit auditFailed(id, open.error());
        return;
    }
    if (!m_service) {
        emit auditFailed(id, Error{Error::Kind::InvalidInput,
                                   tr("This application's table keeps no record of admin "
                                      "actions: the audit reads Lockscope's event table."),
                                   {},
                                   {}});
        return;
    }
    auto page = readAdminEvents(*m_session, m_service->tables(), request);
    if (!page) {
        dropIfBroken(page.error());
        emit auditFailed(id, page.error());
        return;
    }
    emit auditRead(id, *page);
}

} // namespace ui
