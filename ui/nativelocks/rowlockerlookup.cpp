// SPDX-License-Identifier: GPL-3.0-or-later
// NativeLocksPanel, who holds a lock-table row locked (lockcore::findRowLockers) for the lock
// details pane: asked for the selected lock only, one look-up at a time on the worker's thread,
// so that a refresh never becomes a query per row of the table.

#include "nativelockspanel.h"

#include "nativelocksworker.h"

namespace ui {

void NativeLocksPanel::lookUpRowLockers(const QString &lockName)
{
    if (!m_spec || !m_capabilities.supported || lockName.isEmpty())
        return; // SQLite locks the whole file, not rows
    ensureConnection();
    if (!m_rowLookUp.isEmpty()) {
        m_rowLookUpNext = lockName; // only the latest selection matters
        return;
    }
    m_rowLookUp = lockName;
    m_worker->findRowLockers(lockName);
}

void NativeLocksPanel::onRowLockersAnswered()
{
    m_rowLookUp.clear();
    if (m_rowLookUpNext.isEmpty())
        return;
    const QString next = std::exchange(m_rowLookUpNext, QString());
    lookUpRowLockers(next);
}

} // namespace ui
