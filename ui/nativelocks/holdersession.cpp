// SPDX-License-Identifier: GPL-3.0-or-later
// NativeLocksPanel, from a lock of the lock table to its holder's database session: the look-up
// (NativeLockReader::holderSessions, on the worker's thread) and how its answer is shown.

#include "nativelockspanel.h"

#include "nativelocksmodel.h"
#include "nativelocksworker.h"

#include <QItemSelectionModel>
#include <QTableView>

using lockcore::HolderSessions;
using lockcore::NativeLock;

namespace ui {

void NativeLocksPanel::showHolderSession(const QString &holder, const QString &lockName)
{
    m_holderRows.clear();
    m_holderToSelect = false;
    if (!m_spec || !m_capabilities.supported) {
        showMessage(!m_spec ? tr("Not connected.")
                            : tr("The session of the holder of \"%1\" cannot be shown: SQLite "
                                 "has no database sessions (a holder is a process that opens "
                                 "the file).")
                                  .arg(lockName),
                    true);
        emit holderSessionShown();
        return;
    }
    ensureWorker();
    showMessage(tr("Looking for the session of the holder of \"%1\"\u2026").arg(lockName), false);
    m_worker->findHolderSessions(holder, lockName);
}

void NativeLocksPanel::onHolderSessions(const QString &lockName, const HolderSessions &found)
{
    if (found.sessions.isEmpty()) {
        showMessage(tr("The session of the holder of \"%1\" cannot be shown: %2")
                        .arg(lockName, found.whyNot),
                    true);
        emit holderSessionShown();
        return;
    }
    m_holderRows = found.sessions;
    if (m_last) {
        showSnapshot(*m_last);
        m_view->resizeColumnsToContents(); // room for the session's row
        retranslate(); // the count of rows too
    }
    m_holderToSelect = !selectHolderRow(); // else with the first read
    refresh();
    const NativeLock &first = found.sessions.first();
    QString text = tr("The holder of \"%1\" is connected as %2.").arg(lockName, first.sessionText());
    if (found.sessions.size() > 1)
        text += u' ' + tr("It has %n session(s) in all.", nullptr, int(found.sessions.size()));
    showMessage(text, false);
    updateActions();
    emit holderSessionShown();
}

void NativeLocksPanel::onHolderSessionsFailed(const QString &lockName, const QString &message)
{
    showMessage(tr("The session of the holder of \"%1\" could not be looked up: %2")
                    .arg(lockName, message),
                true);
    emit holderSessionShown();
}

bool NativeLocksPanel::selectHolderRow()
{
    for (const NativeLock &session : std::as_const(m_holderRows)) {
        const int row = m_model->rowOf(session.pid, session.key, session.granted);
        if (row < 0)
            continue;
        m_view->selectRow(row);
        m_view->scrollTo(m_model->index(row, 0));
        return true;
    }
    return false;
}

} // namespace ui
