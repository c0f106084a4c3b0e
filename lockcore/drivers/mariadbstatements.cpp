// SPDX-License-Identifier: Apache-2.0
#include "mariadbstatements.h"

#include "mariadbhandle.h"

#include <QByteArray>
#include <QSqlDatabase>

#include <vector>

#ifdef LOCKSCOPE_HAVE_MARIADB_CAPI
#include <mysql.h>

#include <cstring>
#endif

using namespace Qt::StringLiterals;

namespace lockcore {

#ifdef LOCKSCOPE_HAVE_MARIADB_CAPI

namespace {

QSqlError errorOf(MYSQL_STMT *stmt, const QString &what)
{
    // An error that ends a result set (an autocommit INSERT .. RETURNING whose commit then
    // fails: a Galera certification conflict) is the connection's, not the statement's.
    if (mysql_stmt_errno(stmt) == 0 && stmt->mysql && mysql_errno(stmt->mysql) != 0)
        return QSqlError(what, QString::fromUtf8(mysql_error(stmt->mysql)),
                         QSqlError::StatementError, QString::number(mysql_errno(stmt->mysql)));
    return QSqlError(what, QString::fromUtf8(mysql_stmt_error(stmt)),
                     QSqlError::StatementError, QString::number(mysql_stmt_errno(stmt)));
}

bool isInteger(enum_field_types type)
{
    switch (type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
        return true;
    default:
        return false;
    }
}

// A text column is read into a buffer of this size first; a longer value is read again.
constexpr qsizetype columnBufferSize = 256;

} // namespace

// A prepared statement with its buffers, kept from one execution to the next: a value is
// encoded again only when it changed, and the columns are read into the same buffers.
struct MariaDbStatements::Prepared
{
    MYSQL_STMT *stmt = nullptr;

    // The values, as Connector/C reads them (MYSQL_BIND points into the vectors below).
    QVariantList bound; // the values the buffers hold
    std::vector<MYSQL_BIND> params;
    std::vector<QByteArray> texts;
    std::vector<long long> integers;
    std::vector<double> reals;
    std::vector<unsigned long> lengths;

    // The columns: integers as qlonglong, everything else as text. The types are read once,
    // from the first execution that has columns: the statements run here (lockcore's acquire,
    // release, renewal) return the same expressions every time.
    std::vector<MYSQL_BIND> columns;
    std::vector<long long> columnIntegers;
    std::vector<QByteArray> columnTexts;
    std::vector<unsigned long> columnLengths;
    std::vector<my_bool> columnNulls;

    ~Prepared()
    {
        // On a connection that is gone, closing only frees the client side.
        if (stmt)
            mysql_stmt_close(stmt);
    }

    // Puts `values` into the buffers (only those that changed) and binds them.
    bool bind(const QVariantList &values)
    {
        const size_t count = size_t(values.size());
        bool changed = params.size() != count;
        if (changed) {
            params.assign(count, MYSQL_BIND{});
            texts.assign(count, QByteArray());
            integers.assign(count, 0);
            reals.assign(count, 0);
            lengths.assign(count, 0);
            bound.clear();
        } else if (Statement::sameBinds(bound, values)) {
            return true;
        }
        for (size_t i = 0; i < count; ++i) {
            const QVariant &v = values.at(qsizetype(i));
            if (i < size_t(bound.size()) && Statement::sameBind(bound.at(qsizetype(i)), v))
                continue;
            changed = true;
            MYSQL_BIND &b = params[i];
            std::memset(&b, 0, sizeof b);
            switch (v.metaType().id()) {
            case QMetaType::UnknownType:
            case QMetaType::Nullptr:
                b.buffer_type = MYSQL_TYPE_NULL;
                break;
            case QMetaType::Bool:
            case QMetaType::Int:
            case QMetaType::UInt:
            case QMetaType::LongLong:
            case QMetaType::ULongLong:
                integers[i] = v.toLongLong();
                b.buffer_type = MYSQL_TYPE_LONGLONG;
                b.buffer = &integers[i];
                break;
            case QMetaType::Double:
                reals[i] = v.toDouble();
                b.buffer_type = MYSQL_TYPE_DOUBLE;
                b.buffer = &reals[i];
                break;
            default:
                texts[i] = v.toString().toUtf8(); // the connection's character set is utf8mb4
                lengths[i] = static_cast<unsigned long>(texts[i].size());
                b.buffer_type = MYSQL_TYPE_STRING;
                b.buffer = texts[i].data();
                b.buffer_length = lengths[i];
                b.length = &lengths[i];
                break;
            }
        }
        bound = values;
        if (!changed || count == 0)
            return true;
        if (mysql_stmt_bind_param(stmt, params.data()) == 0)
            return true;
        bound.clear(); // bound afresh next time
        return false;
    }

    // Sets up the column buffers from the execution's metadata, the first time.
    bool describeColumns(unsigned count)
    {
        if (columns.size() == count)
            return true;
        MYSQL_RES *meta = mysql_stmt_result_metadata(stmt);
        if (!meta)
            return false;
        const MYSQL_FIELD *fields = mysql_fetch_fields(meta);
        columns.assign(count, MYSQL_BIND{});
        columnIntegers.assign(count, 0);
        columnTexts.assign(count, QByteArray());
        columnLengths.assign(count, 0);
        columnNulls.assign(count, 0);
        for (unsigned i = 0; i < count; ++i) {
            MYSQL_BIND &b = columns[i];
            std::memset(&b, 0, sizeof b);
            b.length = &columnLengths[i];
            b.is_null = &columnNulls[i];
            if (isInteger(fields[i].type)) {
                b.buffer_type = MYSQL_TYPE_LONGLONG;
                b.buffer = &columnIntegers[i];
                b.is_unsigned = (fields[i].flags & UNSIGNED_FLAG) != 0;
            } else {
                columnTexts[i].resize(columnBufferSize);
                b.buffer_type = MYSQL_TYPE_STRING;
                b.buffer = columnTexts[i].data();
                b.buffer_length = static_cast<unsigned long>(columnTexts[i].size());
            }
        }
        mysql_free_result(meta);
        return true;
    }

    // Reads every row of the execution's result.
    bool fetchRows(QList<QVariantList> *rows)
    {
        const unsigned count = mysql_stmt_field_count(stmt);
        if (count == 0)
            return true;
        // Bound for each execution: an INSERT .. RETURNING's columns arrive with each one.
        if (!describeColumns(count) || mysql_stmt_bind_result(stmt, columns.data()) != 0)
            return false;
        for (;;) {
            const int fetched = mysql_stmt_fetch(stmt);
            if (fetched == MYSQL_NO_DATA)
                break;
            if (fetched != 0 && fetched != MYSQL_DATA_TRUNCATED)
                return false;
            QVariantList row;
            row.reserve(count);
            for (unsigned i = 0; i < count; ++i) {
                if (columnNulls[i]) {
                    row.append(QVariant());
                } else if (columns[i].buffer_type == MYSQL_TYPE_LONGLONG) {
                    row.append(QVariant(qlonglong(columnIntegers[i])));
                } else if (columnLengths[i] <= columns[i].buffer_length) {
                    row.append(QString::fromUtf8(columnTexts[i].constData(),
                                                 qsizetype(columnLengths[i])));
                } else {
                    QByteArray whole(qsizetype(columnLengths[i]), Qt::Uninitialized);
                    MYSQL_BIND again;
                    std::memset(&again, 0, sizeof again);
                    again.buffer_type = MYSQL_TYPE_STRING;
                    again.buffer = whole.data();
                    again.buffer_length = columnLengths[i];
                    if (mysql_stmt_fetch_column(stmt, &again, i, 0) != 0)
                        return false;
                    row.append(QString::fromUtf8(whole));
                }
            }
            rows->append(std::move(row));
        }
        return true;
    }
};

bool MariaDbStatements::compiledIn()
{
    return true;
}

bool MariaDbStatements::usable(const QSqlDatabase &db)
{
    return mariaDbHandleOf(db) != nullptr;
}

int MariaDbStatements::socketOf(const QSqlDatabase &db)
{
    MYSQL *mysql = mariaDbHandleOf(db);
    return mysql ? int(mysql_get_socket(mysql)) : -1;
}

MariaDbStatements::MariaDbStatements() = default;

MariaDbStatements::~MariaDbStatements()
{
    clear();
}

void MariaDbStatements::clear()
{
    m_statements.clear(); // each closes its MYSQL_STMT
}

MariaDbStatements::Outcome MariaDbStatements::exec(const QSqlDatabase &db,
                                                   const Statement &statement)
{
    Outcome out;
    MYSQL *mysql = mariaDbHandleOf(db);
    if (!mysql) {
        out.error = QSqlError(u"This connection cannot run statements through MariaDB "
                              "Connector/C."_s,
                              {}, QSqlError::ConnectionError);
        return out;
    }
    const StatementKey key = statement.key();
    auto found = m_statements.find(key);
    if (found == m_statements.end()) {
        auto prepared = std::make_unique<Prepared>();
        prepared->stmt = mysql_stmt_init(mysql);
        if (!prepared->stmt) {
            out.error = QSqlError(u"Out of memory preparing a statement"_s,
                                  QString::fromUtf8(mysql_error(mysql)),
                                  QSqlError::StatementError,
                                  QString::number(mysql_errno(mysql)));
            return out;
        }
        const QByteArray text = statement.text().toUtf8();
        if (mysql_stmt_prepare(prepared->stmt, text.constData(),
                               static_cast<unsigned long>(text.size()))
            != 0) {
            out.error = errorOf(prepared->stmt, u"Unable to prepare statement"_s);
            return out;
        }
        found = m_statements.emplace(key, std::move(prepared)).first;
    }
    Prepared &prepared = *found->second;
    const bool ran = prepared.bind(statement.binds()) && mysql_stmt_execute(prepared.stmt) == 0;
    if (ran) {
        // Read before the rows: fetching them does not change these.
        const my_ulonglong affected = mysql_stmt_affected_rows(prepared.stmt);
        out.result.affectedRows = affected == my_ulonglong(-1) ? 0 : affected;
        out.result.insertId = mysql_stmt_insert_id(prepared.stmt);
    }
    if (!ran || !prepared.fetchRows(&out.result.rows)) {
        out.error = errorOf(prepared.stmt,
                            ran ? u"Unable to fetch row"_s : u"Unable to execute statement"_s);
        mysql_stmt_free_result(prepared.stmt); // ready for its next execution
        out.result = {};
        return out;
    }
    mysql_stmt_free_result(prepared.stmt);
    return out;
}

#else // no Connector/C in this build: the batch acquire is used instead

struct MariaDbStatements::Prepared
{
};

bool MariaDbStatements::compiledIn()
{
    return false;
}

bool MariaDbStatements::usable(const QSqlDatabase &)
{
    return false;
}

int MariaDbStatements::socketOf(const QSqlDatabase &)
{
    return -1;
}

MariaDbStatements::MariaDbStatements() = default;

MariaDbStatements::~MariaDbStatements() = default;

void MariaDbStatements::clear() {}

MariaDbStatements::Outcome MariaDbStatements::exec(const QSqlDatabase &, const Statement &)
{
    Outcome out;
    out.error = QSqlError(u"This build of Lockscope has no MariaDB Connector/C."_s, {},
                          QSqlError::ConnectionError);
    return out;
}

#endif

void MariaDbStatements::forget(const QString &text)
{
    m_statements.erase(StatementKey::of(text)); // closes its MYSQL_STMT
}

bool MariaDbStatements::isPrepared(const QString &text) const
{
    return m_statements.find(StatementKey::of(text)) != m_statements.end();
}

} // namespace lockcore
