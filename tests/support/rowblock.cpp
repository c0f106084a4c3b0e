// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowblock.h"

#include "testbackend.h"

#include "session.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace testsupport {

RowBlock::RowBlock(lockcore::Session &session, const QString &table, const QString &name)
    : m_session(session)
{
    QSqlDatabase db = m_session.database();
    QSqlQuery query(db);
    if (TestBackend::instance().isSqlite()) {
        if (query.exec(u"BEGIN EXCLUSIVE"_s))
            return;
    } else if (db.transaction()) {
        query.prepare(u"SELECT name FROM "_s + table + u" WHERE name = ? FOR UPDATE"_s);
        query.addBindValue(name);
        if (query.exec() && query.next())
            return;
    }
    m_error = query.lastError().text() + db.lastError().text();
    m_ended = true;
}

RowBlock::~RowBlock()
{
    end();
}

void RowBlock::end()
{
    if (std::exchange(m_ended, true))
        return;
    QSqlDatabase db = m_session.database();
    if (TestBackend::instance().isSqlite())
        QSqlQuery(db).exec(u"ROLLBACK"_s);
    else
        db.rollback();
}

} // namespace testsupport
