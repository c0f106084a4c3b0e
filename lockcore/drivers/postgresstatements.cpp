// SPDX-License-Identifier: Apache-2.0
#include "postgresstatements.h"

#include "postgreshandle.h"

#include <QSqlDatabase>
#include <QSqlDriver>

#ifdef LOCKSCOPE_HAVE_LIBPQ
#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>
#endif

using namespace Qt::StringLiterals;

namespace lockcore {

QByteArray PostgresStatements::numberedPlaceholders(const QString &text, int *count)
{
    QString out;
    out.reserve(text.size() + 16);
    int n = 0;
    QChar quote; // inside '...' (a literal) or "..." (an identifier); doubled quotes toggle twice
    for (const QChar c : text) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'\'' || c == u'"') {
            quote = c;
        } else if (c == u'?') {
            out += u'$' + QString::number(++n);
            continue;
        }
        out += c;
    }
    *count = quote.isNull() ? n : -1;
    return out.toUtf8();
}

#ifdef LOCKSCOPE_HAVE_LIBPQ

namespace {

// How a bound value travels in libpq's text format; Other: a type lockcore's statements never
// bind (then Qt's driver runs the statement).
enum class ValueKind { Bool, Signed, Unsigned, Floating, Text, Other };

ValueKind kindOf(const QVariant &value)
{
    switch (value.metaType().id()) {
    case QMetaType::Bool:
        return ValueKind::Bool;
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::Long:
        return ValueKind::Signed;
    case QMetaType::UInt:
    case QMetaType::ULongLong:
    case QMetaType::UShort:
    case QMetaType::ULong:
        return ValueKind::Unsigned;
    case QMetaType::Double:
    case QMetaType::Float:
        return ValueKind::Floating;
    case QMetaType::QString:
        return ValueKind::Text;
    default:
        return ValueKind::Other;
    }
}

// `value` in libpq's text format (empty and *null for NULL); false for ValueKind::Other.
bool encode(const QVariant &value, QByteArray *text, bool *null)
{
    text->clear();
    *null = value.isNull();
    if (*null)
        return true;
    switch (kindOf(value)) {
    case ValueKind::Bool:
        *text = value.toBool() ? "t" : "f";
        return true;
    case ValueKind::Signed:
        *text = QByteArray::number(value.toLongLong());
        return true;
    case ValueKind::Unsigned:
        *text = QByteArray::number(value.toULongLong());
        return true;
    case ValueKind::Floating:
        *text = QByteArray::number(value.toDouble(), 'g', 17);
        return true;
    case ValueKind::Text:
        *text = value.toString().toUtf8();
        return true;
    case ValueKind::Other:
        break;
    }
    return false;
}

// A column value as Qt's driver gives it: integers as qlonglong, booleans, text.
QVariant decode(const PGresult *res, int row, int column)
{
    if (PQgetisnull(res, row, column))
        return {};
    const char *text = PQgetvalue(res, row, column);
    switch (PQftype(res, column)) {
    case 20: // int8
    case 21: // int2
    case 23: // int4
    case 26: // oid
        return qlonglong(std::strtoll(text, nullptr, 10));
    case 16: // bool
        return text[0] == 't';
    case 700: // float4
    case 701: // float8
        return std::strtod(text, nullptr);
    default:
        return QString::fromUtf8(text);
    }
}

// The failure of `res` (null: the connection's own error), the SQLSTATE as native code. A
// connection that libpq found broken gets 08006 (connection failure) when the server sent
// no code, so that the session reconnects.
QSqlError errorOf(PGconn *conn, const PGresult *res, const QString &what)
{
    QString code;
    if (res) {
        if (const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE))
            code = QString::fromLatin1(state);
    }
    const QString message =
        QString::fromUtf8(res ? PQresultErrorMessage(res) : PQerrorMessage(conn)).trimmed();
    const bool broken = PQstatus(conn) == CONNECTION_BAD;
    if (code.isEmpty() && broken)
        code = u"08006"_s;
    return QSqlError(what, message.isEmpty() ? QString::fromUtf8(PQerrorMessage(conn)).trimmed()
                                             : message,
                     broken ? QSqlError::ConnectionError : QSqlError::StatementError, code);
}

} // namespace

bool PostgresStatements::compiledIn()
{
    return true;
}

bool PostgresStatements::usable(const QSqlDatabase &db)
{
    return postgresHandleOf(db) != nullptr;
}

int PostgresStatements::socketOf(const QSqlDatabase &db)
{
    PGconn *conn = postgresHandleOf(db);
    return conn ? PQsocket(conn) : -1;
}

QString PostgresStatements::serverParameter(const QSqlDatabase &db, const char *name)
{
    PGconn *conn = postgresHandleOf(db);
    const char *value = conn ? PQparameterStatus(conn, name) : nullptr;
    return value ? QString::fromUtf8(value) : QString();
}

bool PostgresStatements::canBind(const QVariantList &values)
{
    return std::all_of(values.cbegin(), values.cend(), [](const QVariant &value) {
        return value.isNull() || kindOf(value) != ValueKind::Other;
    });
}

PostgresStatements::~PostgresStatements() = default;

void PostgresStatements::clear()
{
    // The statements die with their connection; one still open keeps them until it closes.
    m_statements.clear();
    m_conn = nullptr;
}

void PostgresStatements::forget(const QString &text)
{
    m_statements.erase(StatementKey::of(text));
}

bool PostgresStatements::isPrepared(const QString &text) const
{
    return m_statements.find(StatementKey::of(text)) != m_statements.end();
}

PostgresStatements::Outcome PostgresStatements::exec(const QSqlDatabase &db,
                                                     const Statement &statement)
{
    Outcome out;
    PGconn *conn = postgresHandleOf(db);
    if (!conn) {
        out.error = QSqlError(u"The connection is not open"_s, {}, QSqlError::ConnectionError,
                              u"08003"_s);
        return out;
    }
    if (conn != m_conn) { // reopened: its statements are not prepared on this one
        m_statements.clear();
        m_conn = conn;
    }
    const QVariantList &binds = statement.binds();
    const StatementKey key = statement.key();
    auto found = m_statements.find(key);
    if (found == m_statements.end()) {
        int params = 0;
        const QByteArray sql = numberedPlaceholders(statement.text(), &params);
        if (params != binds.size()) {
            out.error = QSqlError(u"Unable to prepare statement"_s,
                                  u"%1 placeholders for %2 values"_s.arg(params).arg(binds.size()),
                                  QSqlError::StatementError);
            return out;
        }
        Prepared prepared;
        prepared.name = "lockscope_" + QByteArray::number(++m_nextName);
        prepared.params = params;
        prepared.encoded.resize(size_t(params));
        prepared.nulls.resize(size_t(params));
        PGresult *res = PQprepare(conn, prepared.name.constData(), sql.constData(), params,
                                  nullptr);
        const bool ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
        if (!ok)
            out.error = errorOf(conn, res, u"Unable to prepare statement"_s);
        PQclear(res);
        if (!ok)
            return out;
        found = m_statements.emplace(key, std::move(prepared)).first;
    }
    Prepared &prepared = found->second;
    // Only the values that changed since the last execution are encoded again (none when the
    // statement's values are the very list encoded last: it was not rebound since).
    const bool unchanged = Statement::sameBinds(prepared.bound, binds);
    std::vector<const char *> values(size_t(prepared.params), nullptr);
    for (int i = 0; i < prepared.params; ++i) {
        const QVariant &value = binds.at(i);
        if (!unchanged
            && (i >= prepared.bound.size() || !Statement::sameBind(prepared.bound.at(i), value))) {
            bool null = false;
            if (!encode(value, &prepared.encoded[size_t(i)], &null)) {
                out.error = QSqlError(u"Unable to bind value"_s,
                                      u"a %1 value"_s.arg(QString::fromLatin1(value.typeName())),
                                      QSqlError::StatementError);
                prepared.bound.clear();
                return out;
            }
            prepared.nulls[size_t(i)] = null;
        }
        if (!prepared.nulls[size_t(i)])
            values[size_t(i)] = prepared.encoded[size_t(i)].constData();
    }
    prepared.bound = binds;
    PGresult *res = PQexecPrepared(conn, prepared.name.constData(), prepared.params,
                                   values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    if (status == PGRES_TUPLES_OK) {
        const int rows = PQntuples(res);
        const int columns = PQnfields(res);
        out.result.rows.reserve(rows);
        for (int r = 0; r < rows; ++r) {
            QVariantList row;
            row.reserve(columns);
            for (int c = 0; c < columns; ++c)
                row.append(decode(res, r, c));
            out.result.rows.append(std::move(row));
        }
        out.result.affectedRows = quint64(std::strtoull(PQcmdTuples(res), nullptr, 10));
    } else if (status == PGRES_COMMAND_OK) {
        out.result.affectedRows = quint64(std::strtoull(PQcmdTuples(res), nullptr, 10));
    } else {
        out.error = errorOf(conn, res, u"Unable to execute statement"_s);
    }
    PQclear(res);
    return out;
}

#else // no libpq in this build: every statement goes through Qt's driver

bool PostgresStatements::compiledIn()
{
    return false;
}

bool PostgresStatements::usable(const QSqlDatabase &)
{
    return false;
}

int PostgresStatements::socketOf(const QSqlDatabase &)
{
    return -1;
}

QString PostgresStatements::serverParameter(const QSqlDatabase &, const char *)
{
    return {};
}

bool PostgresStatements::canBind(const QVariantList &)
{
    return false;
}

PostgresStatements::~PostgresStatements() = default;

void PostgresStatements::clear() {}

void PostgresStatements::forget(const QString &) {}

bool PostgresStatements::isPrepared(const QString &) const
{
    return false;
}

PostgresStatements::Outcome PostgresStatements::exec(const QSqlDatabase &, const Statement &)
{
    Outcome out;
    out.error = QSqlError(u"This build of Lockscope has no libpq."_s, {},
                          QSqlError::ConnectionError);
    return out;
}

#endif

} // namespace lockcore
