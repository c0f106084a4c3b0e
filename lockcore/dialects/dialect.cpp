// SPDX-License-Identifier: Apache-2.0
#include "dialect.h"

#include "dialects.h"

using namespace Qt::StringLiterals;

namespace lockcore {

TableNames TableNames::fromTable(const QString &qualifiedTable)
{
    TableNames names;
    const qsizetype dot = qualifiedTable.indexOf(u'.');
    names.schema = dot < 0 ? QString() : qualifiedTable.left(dot);
    names.locks = dot < 0 ? qualifiedTable : qualifiedTable.mid(dot + 1);
    names.events = names.locks + u"_event"_s;
    return names;
}

std::unique_ptr<Dialect> Dialect::create(Kind kind)
{
    switch (kind) {
    case Kind::SQLite: return std::make_unique<SqliteDialect>();
    case Kind::PostgreSQL: return std::make_unique<PostgresDialect>();
    case Kind::MySQL: return std::make_unique<MysqlDialect>();
    case Kind::Oracle: return std::make_unique<OracleDialect>();
    }
    return nullptr;
}

std::unique_ptr<Dialect> Dialect::forDriver(const QString &driverName, const QString &dbmsName)
{
    const QString driver = driverName.toUpper();
    const QString dbms = dbmsName.toLower();
    if (driver.startsWith(u"QSQLITE") || (driver == u"QODBC" && dbms.contains(u"sqlite")))
        return create(Kind::SQLite);
    if (driver == u"QPSQL" || (driver == u"QODBC" && dbms.contains(u"postgres")))
        return create(Kind::PostgreSQL);
    if (driver == u"QMYSQL" || driver == u"QMARIADB"
        || (driver == u"QODBC" && (dbms.contains(u"mysql") || dbms.contains(u"mariadb"))))
        return create(Kind::MySQL);
    if (driver == u"QOCI" || (driver == u"QODBC" && dbms.contains(u"oracle")))
        return create(Kind::Oracle);
    return nullptr;
}

QString Dialect::quoteIdentifier(const QString &identifier) const
{
    // Identifiers are validated ([A-Za-z_][A-Za-z0-9_]*), so quoting cannot be escaped.
    return u'"' + identifier + u'"';
}

QString Dialect::qualified(const TableNames &t, const QString &table) const
{
    if (t.schema.isEmpty())
        return quoteIdentifier(table);
    return quoteIdentifier(t.schema) + u'.' + quoteIdentifier(table);
}

QString Dialect::lockTable(const TableNames &t) const
{
    return qualified(t, t.locks);
}

QString Dialect::eventTable(const TableNames &t) const
{
    return qualified(t, t.events);
}

QString Dialect::inlineLiteral(const QVariant &value) const
{
    if (value.isNull())
        return u"NULL"_s;
    switch (value.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        return value.toString();
    case QMetaType::Double:
        return QString::number(value.toDouble(), 'f', 6);
    default:
        break;
    }
    QString text = value.toString();
    text.replace(u'\'', u"''"_s);
    return u'\'' + text + u'\'';
}

QString Dialect::inlined(const Statement &statement) const
{
    return statement.withLiterals([this](const QVariant &value) { return inlineLiteral(value); });
}

QStringList Dialect::sessionSettings(bool) const
{
    return {};
}

QStringList Dialect::serverBounds(qint64, qint64, bool) const
{
    return {};
}

} // namespace lockcore

namespace lockcore {

Statement Dialect::releaseFreeingWakeLock(const TableNames &t, const QString &name,
                                          const QString &holder, qint64 fence,
                                          const QString &) const
{
    return release(t, name, holder, fence);
}

} // namespace lockcore
