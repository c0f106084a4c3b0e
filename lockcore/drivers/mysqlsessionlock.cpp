// SPDX-License-Identifier: Apache-2.0
// The per-connection user lock that names a MySQL/MariaDB session (mysqlsessionlock.h): which
// slot each of this process's connections has, and taking it.

#include "mysqlsessionlock.h"

#include "holderid.h"
#include "sessionname.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>
#include <algorithm>
#include <mutex>
#include <optional>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// A slot is taken by another connection of a process with this pid on a host of this name
// only in rare cases (a pid reused while a dead process's connections linger): a few tries.
constexpr int maxTries = 3;

// The slot of each open connection of this process, by its Qt connection name.
class SlotTable
{
public:
    // The lowest slot no connection has and not in `tried`; -1 when all are.
    int reserve(const QString &connection, const QList<int> &tried)
    {
        const std::lock_guard lock(m_mutex);
        for (int slot = 0; slot < mysqlSessionSlots; ++slot) {
            if (tried.contains(slot) || std::find(m_slots.cbegin(), m_slots.cend(), slot)
                                            != m_slots.cend())
                continue;
            m_slots.insert(connection, slot);
            return slot;
        }
        return -1;
    }
    bool has(const QString &connection)
    {
        const std::lock_guard lock(m_mutex);
        return m_slots.contains(connection);
    }
    void drop(const QString &connection)
    {
        const std::lock_guard lock(m_mutex);
        m_slots.remove(connection);
    }

private:
    std::mutex m_mutex;
    QHash<QString, int> m_slots;
};

SlotTable &slotTable()
{
    static SlotTable table;
    return table;
}

// Whether this connection now holds the slot's lock (the name has no quote to escape); none
// when the server refused the statement (a Galera node with no user locks).
std::optional<bool> takeSlot(const QSqlDatabase &db, const HolderProcess &process, int slot)
{
    QSqlQuery query(db);
    const QString name = mysqlSessionLockName(process, slot);
    if (!query.exec(u"SELECT GET_LOCK('"_s + name + u"', 0)"_s) || !query.next())
        return std::nullopt;
    return query.value(0).toInt() == 1;
}

} // namespace

int nameMySqlSession(const QSqlDatabase &db)
{
    // This process as a reader reads it back from a holder id.
    const std::optional<HolderProcess> process = holderProcess(defaultHolderId());
    const QString connection = db.connectionName();
    if (!process || slotTable().has(connection))
        return 0;
    QList<int> tried;
    while (tried.size() < maxTries) {
        const int slot = slotTable().reserve(connection, tried);
        if (slot < 0)
            break; // more connections at once than slots: this one stays unnamed
        const std::optional<bool> taken = takeSlot(db, *process, slot);
        if (taken.value_or(false))
            return int(tried.size()) + 1;
        slotTable().drop(connection);
        tried.append(slot);
        if (!taken)
            break;
    }
    return int(tried.size());
}

void forgetMySqlSession(const QString &connectionName)
{
    slotTable().drop(connectionName);
}

} // namespace lockcore
