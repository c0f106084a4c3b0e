// SPDX-License-Identifier: Apache-2.0
#include "qtstatements.h"

#include "dialect.h"
#include "odbcerrors.h"

#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// The statements of a batch's text, split at each ";" outside quoted text and identifiers
// (the binds are written in as literals; empty pieces dropped).
QStringList splitStatements(const QString &sql)
{
    QStringList parts;
    QString current;
    QChar quote;
    for (const QChar c : sql) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'\'' || c == u'"' || c == u'`') {
            quote = c;
        } else if (c == u';') {
            if (!current.trimmed().isEmpty())
                parts << current.trimmed();
            current.clear();
            continue;
        }
        current += c;
    }
    if (!current.trimmed().isEmpty())
        parts << current.trimmed();
    return parts;
}

} // namespace

QtStatements::QtStatements(const QSqlDatabase &db, bool forwardOnly)
    : m_db(db)
    , m_forwardOnly(forwardOnly)
    // MySQL's release hands its answer back through LAST_INSERT_ID(expr) (MysqlDialect::release).
    , m_readsInsertId(db.driverName() == u"QMYSQL" || db.driverName() == u"QMARIADB")
    // Through ODBC a batch is sent one statement at a time: MariaDB Connector/ODBC (like
    // MySQL's) refuses several statements in one call unless its data source allows them
    // (a syntax error at the second), and a DSN is the user's, not ours to change.
    , m_splitsBatches(db.driverName() == u"QODBC")
{}

QtStatements::~QtStatements()
{
    clear();
}

QSqlQuery *QtStatements::run(const Statement &statement, QSqlError *error, bool *prepareFailed)
{
    *prepareFailed = false;
    if (m_inliner)
        return runInlined(statement, error);
    QSqlQuery *query = m_prepared.value(statement.text());
    if (!query) {
        auto fresh = std::make_unique<QSqlQuery>(m_db);
        fresh->setForwardOnly(m_forwardOnly);
        if (!fresh->prepare(statement.text())) {
            *error = errorOf(*fresh);
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
        *error = errorOf(*query);
        return nullptr;
    }
    return query;
}

QSqlQuery *QtStatements::runInlined(const Statement &statement, QSqlError *error)
{
    // One query object per statement text, as for prepared ones (a caller may still be reading
    // another statement's rows), executed as text with its values written in.
    QSqlQuery *query = m_prepared.value(statement.text());
    if (!query) {
        query = new QSqlQuery(m_db);
        query->setForwardOnly(m_forwardOnly);
        m_prepared.insert(statement.text(), query);
    }
    query->finish();
    if (!query->exec(statement.binds().isEmpty() ? statement.text() : m_inliner->inlined(statement))) {
        *error = errorOf(*query);
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
    // ODBC has no way to hand over MySQL's insert id: asked for after a statement that set it
    // with LAST_INSERT_ID(expr) and changed a row (it is left as it was when none changed).
    if (m_selectsInsertId && outcome.result.affectedRows > 0
        && statement.text().contains(u"LAST_INSERT_ID("_s)) {
        QSqlQuery select(m_db);
        ++outcome.roundTrips;
        if (!select.exec(u"SELECT LAST_INSERT_ID()"_s) || !select.next())
            outcome.error = errorOf(select);
        else
            outcome.result.insertId = select.value(0).toULongLong();
    }
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

QSqlQuery *QtStatements::runBatch(const QString &sql, int statements, QSqlError *error,
                                  int *sent)
{
    if (!m_batch) {
        m_batch = std::make_unique<QSqlQuery>(m_db);
        m_batch->setForwardOnly(true);
    }
    QSqlQuery *query = m_batch.get();
    query->finish();
    bool ok = true;
    if (m_splitsBatches && statements > 1) {
        // One statement at a time, in order, on the same session (ROW_COUNT() and user
        // variables carry over as within a batch); the last one's result is the batch's.
        *sent = 0;
        for (const QString &part : splitStatements(sql)) {
            ++*sent;
            if (!(ok = query->exec(part)))
                break;
        }
    } else {
        ok = query->exec(sql);
        for (int i = 1; ok && i < statements; ++i)
            ok = query->nextResult();
        *sent = 1;
    }
    if (!ok) {
        *error = errorOf(*query);
        query->finish();
        return nullptr;
    }
    return query;
}

QSqlError QtStatements::errorOf(const QSqlQuery &query) const
{
    return m_odbcSqlStates ? odbcerrors::withSqlState(query.lastError(), query) : query.lastError();
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
