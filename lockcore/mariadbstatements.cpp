#include "mariadbstatements.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QSqlDriver>

#include <vector>

#ifdef LOCKSCOPE_HAVE_MARIADB_CAPI
#include <mysql.h>

#include <link.h>
#include <cstring>
#endif

using namespace Qt::StringLiterals;

namespace lockcore {

#ifdef LOCKSCOPE_HAVE_MARIADB_CAPI

namespace {

MYSQL *handleOf(const QSqlDatabase &db)
{
    if (!db.isOpen() || !db.driver())
        return nullptr;
    const QVariant handle = db.driver()->handle();
    // Qt registers the driver's handle as "st_mysql*" (MYSQL is a typedef of it).
    const char *type = handle.typeName();
    if (qstrcmp(type, "st_mysql*") != 0 && qstrcmp(type, "MYSQL*") != 0)
        return nullptr;
    return *static_cast<MYSQL *const *>(handle.constData());
}

// MySQL's libmysqlclient in this process: its MYSQL is not Connector/C's.
bool libmysqlclientLoaded()
{
    static const bool loaded = [] {
        bool found = false;
        dl_iterate_phdr(
            [](dl_phdr_info *info, size_t, void *data) {
                if (info->dlpi_name && std::strstr(info->dlpi_name, "libmysqlclient"))
                    *static_cast<bool *>(data) = true;
                return 0;
            },
            &found);
        return found;
    }();
    return loaded;
}

QSqlError errorOf(MYSQL_STMT *stmt, const QString &what)
{
    return QSqlError(what, QString::fromUtf8(mysql_stmt_error(stmt)),
                     QSqlError::StatementError, QString::number(mysql_stmt_errno(stmt)));
}

// The values of one execution's binds; alive until the execution is done.
struct Params
{
    std::vector<MYSQL_BIND> binds;
    std::vector<QByteArray> texts;
    std::vector<long long> integers;
    std::vector<double> reals;
    std::vector<unsigned long> lengths;

    explicit Params(const QVariantList &values)
        : binds(values.size())
        , texts(values.size())
        , integers(values.size())
        , reals(values.size())
        , lengths(values.size())
    {
        for (qsizetype i = 0; i < values.size(); ++i) {
            const QVariant &v = values.at(i);
            MYSQL_BIND &b = binds[i];
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
    }
};

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

// Reads every row of the execution's result: integers as qlonglong, everything else as text.
bool fetchRows(MYSQL_STMT *stmt, QList<QVariantList> *rows)
{
    const unsigned columns = mysql_stmt_field_count(stmt);
    if (columns == 0)
        return true;
    MYSQL_RES *meta = mysql_stmt_result_metadata(stmt);
    if (!meta)
        return false;
    const MYSQL_FIELD *fields = mysql_fetch_fields(meta);
    std::vector<MYSQL_BIND> binds(columns);
    std::vector<long long> integers(columns);
    std::vector<QByteArray> texts(columns);
    std::vector<unsigned long> lengths(columns);
    std::vector<my_bool> nulls(columns);
    for (unsigned i = 0; i < columns; ++i) {
        MYSQL_BIND &b = binds[i];
        std::memset(&b, 0, sizeof b);
        b.length = &lengths[i];
        b.is_null = &nulls[i];
        if (isInteger(fields[i].type)) {
            b.buffer_type = MYSQL_TYPE_LONGLONG;
            b.buffer = &integers[i];
            b.is_unsigned = (fields[i].flags & UNSIGNED_FLAG) != 0;
        } else {
            texts[i].resize(256); // longer values are read again below
            b.buffer_type = MYSQL_TYPE_STRING;
            b.buffer = texts[i].data();
            b.buffer_length = static_cast<unsigned long>(texts[i].size());
        }
    }
    mysql_free_result(meta);
    if (mysql_stmt_bind_result(stmt, binds.data()) != 0)
        return false;
    for (;;) {
        const int fetched = mysql_stmt_fetch(stmt);
        if (fetched == MYSQL_NO_DATA)
            break;
        if (fetched != 0 && fetched != MYSQL_DATA_TRUNCATED)
            return false;
        QVariantList row;
        row.reserve(columns);
        for (unsigned i = 0; i < columns; ++i) {
            if (nulls[i]) {
                row.append(QVariant());
            } else if (binds[i].buffer_type == MYSQL_TYPE_LONGLONG) {
                row.append(QVariant(qlonglong(integers[i])));
            } else if (lengths[i] <= binds[i].buffer_length) {
                row.append(QString::fromUtf8(texts[i].constData(), qsizetype(lengths[i])));
            } else {
                QByteArray whole(qsizetype(lengths[i]), Qt::Uninitialized);
                MYSQL_BIND again;
                std::memset(&again, 0, sizeof again);
                again.buffer_type = MYSQL_TYPE_STRING;
                again.buffer = whole.data();
                again.buffer_length = lengths[i];
                if (mysql_stmt_fetch_column(stmt, &again, i, 0) != 0)
                    return false;
                row.append(QString::fromUtf8(whole));
            }
        }
        rows->append(row);
    }
    return true;
}

} // namespace

bool MariaDbStatements::compiledIn()
{
    return true;
}

bool MariaDbStatements::usable(const QSqlDatabase &db)
{
    return handleOf(db) && !libmysqlclientLoaded();
}

MariaDbStatements::~MariaDbStatements()
{
    clear();
}

void MariaDbStatements::clear()
{
    // On a connection that is gone, closing only frees the client side.
    for (void *stmt : std::as_const(m_statements))
        mysql_stmt_close(static_cast<MYSQL_STMT *>(stmt));
    m_statements.clear();
}

MariaDbStatements::Outcome MariaDbStatements::exec(const QSqlDatabase &db,
                                                   const Statement &statement)
{
    Outcome out;
    MYSQL *mysql = handleOf(db);
    if (!mysql || libmysqlclientLoaded()) {
        out.error = QSqlError(u"This connection cannot run statements through MariaDB "
                              "Connector/C."_s,
                              {}, QSqlError::ConnectionError);
        return out;
    }
    auto *stmt = static_cast<MYSQL_STMT *>(m_statements.value(statement.text()));
    if (!stmt) {
        stmt = mysql_stmt_init(mysql);
        if (!stmt) {
            out.error = QSqlError(u"Out of memory preparing a statement"_s,
                                  QString::fromUtf8(mysql_error(mysql)),
                                  QSqlError::StatementError,
                                  QString::number(mysql_errno(mysql)));
            return out;
        }
        const QByteArray text = statement.text().toUtf8();
        if (mysql_stmt_prepare(stmt, text.constData(), static_cast<unsigned long>(text.size()))
            != 0) {
            out.error = errorOf(stmt, u"Unable to prepare statement"_s);
            mysql_stmt_close(stmt);
            return out;
        }
        m_statements.insert(statement.text(), stmt);
    }
    Params params(statement.binds());
    const bool ran = (params.binds.empty() || mysql_stmt_bind_param(stmt, params.binds.data()) == 0)
                     && mysql_stmt_execute(stmt) == 0;
    if (ran) {
        // Read before the rows: fetching them does not change these.
        const my_ulonglong affected = mysql_stmt_affected_rows(stmt);
        out.result.affectedRows = affected == my_ulonglong(-1) ? 0 : affected;
        out.result.insertId = mysql_stmt_insert_id(stmt);
    }
    if (!ran || !fetchRows(stmt, &out.result.rows)) {
        out.error = errorOf(stmt, ran ? u"Unable to fetch row"_s : u"Unable to execute statement"_s);
        // Prepared afresh next time (after DDL, say); the session reconnects when it is lost.
        mysql_stmt_close(stmt);
        m_statements.remove(statement.text());
        out.result = {};
        return out;
    }
    mysql_stmt_free_result(stmt);
    return out;
}

#else // no Connector/C in this build: the batch acquire is used instead

bool MariaDbStatements::compiledIn()
{
    return false;
}

bool MariaDbStatements::usable(const QSqlDatabase &)
{
    return false;
}

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

} // namespace lockcore
