#include "qtstatements.h"

#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace lockcore {

QtStatements::QtStatements(const QSqlDatabase &db, bool forwardOnly)
    : m_db(db)
    , m_forwardOnly(forwardOnly)
    // MySQL's release hands its answer back through LAST_INSERT_ID(expr) (MysqlDialect::release).
    , m_readsInsertId(db.driverName() == u"QMYSQL" || db.driverName() == u"QMARIADB")
{}

QtStatements::~QtStatements()
{
    clear();
}

QSqlQuery *QtStatements::run(const Statement &statement, QSqlError *error, bool *prepareFailed)
{
    *prepareFailed = false;
    QSqlQuery *query = m_prepared.value(statement.text());
    if (!query) {
        auto fresh = std::make_unique<QSqlQuery>(m_db);
        fresh->setForwardOnly(m_forwardOnly);
        if (!fresh->prepare(statement.text())) {
            *error = fresh->lastError();
            *prepareFailed = true;
            return nullptr;
        }
        query = fresh.release();
        m_prepared.insert(statement.text(), query);
    }
    query->finish();
    // A prepared query keeps its values between executions: only the ones that changed are
    // bound again (a repeated acquire changes none, a release only its fence), because the
    // driver's bindValue costs more than the comparison.
    const QVariantList &binds = statement.binds();
    for (int i = 0; i < binds.size(); ++i) {
        const QVariant &value = binds.at(i);
        if (!Statement::sameBind(query->boundValue(i), value))
            query->bindValue(i, value);
    }
    if (!query->exec()) {
        *error = query->lastError();
        return nullptr;
    }
    return query;
}

Transport::Outcome QtStatements::exec(const Statement &statement)
{
    Outcome outcome;
    bool prepareFailed = false;
    QSqlQuery *query = run(statement, &outcome.error, &prepareFailed);
    if (!query)
        return outcome;
    outcome.result = read(*query);
    if (m_readsInsertId)
        outcome.result.insertId = query->lastInsertId().toULongLong();
    query->finish();
    return outcome;
}

DirectResult QtStatements::read(QSqlQuery &query)
{
    DirectResult result;
    const int columns = query.record().count();
    while (query.next()) {
        QVariantList row;
        row.reserve(columns);
        for (int i = 0; i < columns; ++i)
            row.append(query.value(i));
        result.rows.append(std::move(row));
    }
    const int affected = query.numRowsAffected();
    result.affectedRows = affected > 0 ? quint64(affected) : 0;
    return result;
}

QSqlQuery *QtStatements::runBatch(const QString &sql, int statements, QSqlError *error)
{
    if (!m_batch) {
        m_batch = std::make_unique<QSqlQuery>(m_db);
        m_batch->setForwardOnly(true);
    }
    QSqlQuery *query = m_batch.get();
    query->finish();
    bool ok = query->exec(sql);
    for (int i = 1; ok && i < statements; ++i)
        ok = query->nextResult();
    if (!ok) {
        *error = query->lastError();
        query->finish();
        return nullptr;
    }
    return query;
}

void QtStatements::forget(const QString &text)
{
    delete m_prepared.take(text);
}

bool QtStatements::isPrepared(const QString &text) const
{
    return m_prepared.contains(text);
}

void QtStatements::clear()
{
    qDeleteAll(m_prepared);
    m_prepared.clear();
    m_batch.reset();
}

void QtStatements::finishAll()
{
    for (QSqlQuery *query : std::as_const(m_prepared))
        query->finish();
    if (m_batch)
        m_batch->finish();
}

} // namespace lockcore
