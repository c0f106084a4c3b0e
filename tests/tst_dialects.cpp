// SPDX-License-Identifier: GPL-3.0-or-later
// Unit tests for the SQL every dialect builds (dialect.h), checked as text: no server is used.
// For Oracle this is the only check there is (no Oracle server or QOCI driver in Debian), so
// its statements get the most scrutiny.
//
// What QSqlQuery needs (Session::run prepares the text and binds values by position):
// - the number of '?' outside quoted text equals the number of bound values;
// - nothing else looks like a placeholder to Qt's parser: ":name" outside quotes (a named
//   placeholder) or '[' (Qt treats "[...]" as quoted for every database but PostgreSQL);
// - one statement: no ';' or comment outside quotes.

#include "auditrequest.h"
#include "dialect.h"
#include "lockpagerequest.h"
#include "postgresstatements.h"
#include "validation.h"

#include <QRegularExpression>
#include <QSqlError>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <memory>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Feature;
using lockcore::Param;
using lockcore::PostgresStatements;
using lockcore::Statement;
using lockcore::StatementKey;
using lockcore::TableNames;
using Kind = Dialect::Kind;

Q_DECLARE_METATYPE(Dialect::Kind)

namespace {

// Hostile values: if any of them reached the SQL text, the statement would be injectable.
const QString kName = u"'; DROP TABLE x; --"_s;
const QString kHolder = u"h\" OR \"1\"=\"1"_s;
const QString kKind = u"kind'?"_s;
const QString kActor = u"root'); DELETE FROM t; --"_s;
const QString kDetail = u"detail ? :x ' \" ` [y]"_s;
const QString kDescription = u"desc'||(SELECT 1)||'"_s;
const QString kHolderColumn = u"prev_holder"_s; // a column name (internal), not a value
constexpr qint64 kFence = 987654321987;
constexpr qint64 kExpectedFence = 555444333222;
constexpr qint64 kTtl = 1234567;
constexpr int kLimit = 98765;
const QDateTime kAt = QDateTime::fromMSecsSinceEpoch(1795617655561, Qt::UTC);

const QList<Kind> allKinds = {Kind::SQLite, Kind::PostgreSQL, Kind::MySQL, Kind::Oracle};

const QStringList builders = {u"acquire"_s,     u"selectGrant"_s,
                              u"renew"_s,       u"release"_s,       u"forceRelease"_s,
                              u"initialize"_s,  u"deleteLock"_s,    u"selectState"_s,
                              u"selectAll"_s,   u"history"_s,       u"now"_s,
                              u"insertEvent"_s, u"insertEventAt"_s, u"insertEventFromRow"_s,
                              u"adminEvents"_s};

QString kindName(Kind kind)
{
    switch (kind) {
    case Kind::SQLite: return u"sqlite"_s;
    case Kind::PostgreSQL: return u"postgresql"_s;
    case Kind::MySQL: return u"mysql"_s;
    case Kind::Oracle: return u"oracle"_s;
    }
    return {};
}

TableNames tables(bool withSchema)
{
    return TableNames::fromTable(withSchema ? u"app.dist_lock"_s : u"dist_lock"_s);
}

// How the dialect writes a (possibly schema-qualified) table name.
QString expectedQualified(Kind kind, const QString &schema, const QString &table)
{
    const QChar q = kind == Kind::MySQL ? u'`' : u'"';
    const QString quoted = q + table + q;
    return schema.isEmpty() ? quoted : q + schema + q + u'.' + quoted;
}

// The expression that reads the database clock.
QString clockExpr(Kind kind)
{
    switch (kind) {
    case Kind::SQLite: return u"julianday('now')"_s;
    case Kind::PostgreSQL: return u"clock_timestamp()"_s;
    case Kind::MySQL: return u"UTC_TIMESTAMP(3)"_s;
    case Kind::Oracle: return u"SYS_EXTRACT_UTC(SYSTIMESTAMP)"_s;
    }
    return {};
}

// The clock of a statement that changes rows, read where the change is made (after the
// statement's waits): MySQL's SYSDATE(3), read when called; the others' statement clock.
QString changeClockExpr(Kind kind)
{
    return kind == Kind::MySQL ? u"SYSDATE(3)"_s : clockExpr(kind);
}

// What MysqlDialect::writeVerb puts around the verb of a statement that changes rows: UTC (for
// SYSDATE) and a known SQL mode for that statement alone; MariaDB runs the /*M! */ comment,
// MySQL 8 reads the hint. The only comments a statement may carry.
const QString kMysqlStatementFor =
    u"/*M! SET STATEMENT time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES' FOR */ "_s;
const QString kMysqlHint =
    u" /*+ SET_VAR(time_zone = '+00:00') SET_VAR(sql_mode = 'STRICT_ALL_TABLES') */"_s;

// `sql` without those settings (unchanged when it does not start with them; the hint must
// follow the verb).
QString withoutMysqlSettings(const QString &sql)
{
    if (!sql.startsWith(kMysqlStatementFor))
        return sql;
    QString rest = sql.mid(kMysqlStatementFor.size());
    const qsizetype hint = rest.indexOf(kMysqlHint);
    if (hint < 0 || hint > qsizetype(std::strlen("UPDATE")))
        return sql;
    return rest.remove(hint, kMysqlHint.size());
}

struct Built
{
    Statement statement;
    QVariantList inputs;   // every value the builder was given: binds must come from these
    bool readsClock = true; // decides or records a time, so it must read the database clock
    bool onLockTable = true;
    bool onEventTable = false;
    bool ttlInText = false; // the ttl written into the text, not bound (MySQL's upsert)
};

Built build(const Dialect &d, const TableNames &t, const QString &builder)
{
    Built b;
    const QVariant name(kName), holder(kHolder), ttl(kTtl), fence(kFence);
    if (builder == u"acquire") {
        b.statement = d.acquire(t, kName, kHolder, kTtl);
        b.inputs = {name, holder, ttl};
        if (d.kind() == Dialect::Kind::MySQL) { // the upsert of acquireBatch (inlined when
            b.inputs = {name, holder};           // sent) and acquireUpsert (built per ttl)
            b.ttlInText = true;
        }
        b.onEventTable = false; // the upsert creates a row at the first fence
    } else if (builder == u"selectGrant") {
        b.statement = d.selectGrant(t, kName, kHolder);
        b.inputs = {name, holder};
        b.readsClock = false;
    } else if (builder == u"renew") {
        b.statement = d.renew(t, kName, kHolder, kFence, kTtl);
        b.inputs = {name, holder, fence, ttl};
    } else if (builder == u"release") {
        b.statement = d.release(t, kName, kHolder, kFence);
        b.inputs = {name, holder, fence};
        if (d.kind() == Dialect::Kind::PostgreSQL) // the wake-up lock's key, from the name
            b.inputs << QVariant(d.wakeLockName(t, kName).toLongLong());
    } else if (builder == u"forceRelease") {
        b.statement = d.forceRelease(t, kName, kExpectedFence);
        b.inputs = {name, QVariant(kExpectedFence)};
    } else if (builder == u"initialize") {
        b.statement = d.initialize(t, kName, kTtl, kDescription);
        b.inputs = {name, ttl, QVariant(kDescription)};
        b.onEventTable = false;
    } else if (builder == u"deleteLock") {
        b.statement = d.deleteLock(t, kName, kFence);
        b.inputs = {name, fence};
    } else if (builder == u"selectState") {
        b.statement = d.selectState(t, kName);
        b.inputs = {name};
    } else if (builder == u"selectAll") {
        b.statement = d.selectAll(t);
    } else if (builder == u"history") {
        b.statement = d.history(t, kName, kLimit);
        b.inputs = {name, QVariant(qint64(kLimit))};
        b.readsClock = false;
        b.onLockTable = false;
        b.onEventTable = true;
    } else if (builder == u"now") {
        b.statement = d.now();
        b.onLockTable = false;
    } else if (builder == u"insertEvent") {
        b.statement = d.insertEvent(t, kName, kKind, kHolder, kFence, kActor, kDetail);
        b.inputs = {name, QVariant(kKind), holder, fence, QVariant(kActor), QVariant(kDetail)};
        b.onLockTable = false;
        b.onEventTable = true;
    } else if (builder == u"insertEventAt") {
        // At the time the operation reported: bound, no clock read.
        b.statement = d.insertEvent(t, kName, kKind, kHolder, kFence, kActor, kDetail, kAt);
        b.inputs = {QVariant(kAt.toMSecsSinceEpoch()), name, QVariant(kKind), holder, fence,
                    QVariant(kActor), QVariant(kDetail)};
        b.readsClock = false;
        b.onLockTable = false;
        b.onEventTable = true;
    } else if (builder == u"insertEventFromRow") {
        // At the row's expires_at, which the change just set (same transaction).
        b.statement = d.insertEventFromRow(t, kName, kKind, kHolderColumn, kActor, kDetail);
        b.inputs = {name, QVariant(kKind), QVariant(kActor), QVariant(kDetail)};
        b.readsClock = false;
        b.onEventTable = true;
    } else if (builder == u"adminEvents") {
        // The audit: every filter at once, a span back from the clock and a moment given.
        lockcore::AuditRequest request;
        request.actor = kActor;
        request.lockPattern = kName;
        request.since.agoMs = kTtl;
        request.until.at = kAt;
        request.limit = kLimit;
        b.statement = d.adminEvents(t, request);
        b.inputs = {name, QVariant(kActor), ttl, QVariant(kAt.toMSecsSinceEpoch()),
                    QVariant(qint64(kLimit) + 1), QVariant(u"% (lockscope)"_s)};
        for (const QString &kind : lockcore::AuditRequest::actionNames()
                                       + lockcore::AuditRequest::grantKinds()) {
            if (kind != u"test_hold") // (a grant by the window's actor)
                b.inputs << QVariant(kind);
        }
        b.onLockTable = false;
        b.onEventTable = true;
    } else {
        qFatal("unknown builder %s", qPrintable(builder));
    }
    return b;
}

bool sameValue(const QVariant &a, const QVariant &b)
{
    const auto isText = [](const QVariant &v) { return v.typeId() == QMetaType::QString; };
    const auto isInteger = [](const QVariant &v) {
        const int id = v.typeId();
        return id == QMetaType::Int || id == QMetaType::LongLong || id == QMetaType::UInt
               || id == QMetaType::ULongLong;
    };
    if (isText(a) && isText(b))
        return a.toString() == b.toString();
    if (isInteger(a) && isInteger(b))
        return a.toLongLong() == b.toLongLong();
    return false;
}

// SQL text as Qt's placeholder parser sees it.
struct SqlScan
{
    int placeholders = 0;
    QStringList named;     // ":name" outside quotes
    bool bracket = false;  // '[' outside quotes
    bool comment = false;  // "--" or "/*" outside quotes
    bool semicolon = false;
    bool balanced = true;  // parentheses and quotes
    QString code;          // the text with the contents of '...' literals blanked
};

SqlScan scanSql(const QString &sql)
{
    SqlScan scan;
    QChar quote;
    int depth = 0;
    const qsizetype n = sql.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = sql.at(i);
        if (!quote.isNull()) {
            if (c == quote) {
                if (i + 1 < n && sql.at(i + 1) == quote) { // doubled: an escaped quote
                    scan.code += quote == u'\'' ? u"  "_s : QString(2, c);
                    ++i;
                    continue;
                }
                quote = QChar();
                scan.code += c;
            } else {
                scan.code += quote == u'\'' ? QChar(u' ') : c;
            }
            continue;
        }
        scan.code += c;
        if (c == u'\'' || c == u'"' || c == u'`') {
            quote = c;
        } else if (c == u'?') {
            ++scan.placeholders;
        } else if (c == u':' && i + 1 < n
                   && (sql.at(i + 1).isLetterOrNumber() || sql.at(i + 1) == u'_')
                   && (i == 0 || sql.at(i - 1) != u':')) {
            qsizetype end = i + 1;
            while (end < n && (sql.at(end).isLetterOrNumber() || sql.at(end) == u'_'))
                ++end;
            scan.named << sql.mid(i, end - i);
        } else if (c == u'[') {
            scan.bracket = true;
        } else if ((c == u'-' || c == u'/') && i + 1 < n
                   && sql.at(i + 1) == (c == u'-' ? u'-' : u'*')) {
            scan.comment = true;
        } else if (c == u';') {
            scan.semicolon = true;
        } else if (c == u'(') {
            ++depth;
        } else if (c == u')') {
            if (--depth < 0)
                scan.balanced = false;
        }
    }
    if (!quote.isNull() || depth != 0)
        scan.balanced = false;
    return scan;
}

// Parenthesis depth just before each position of (literal-free) code.
QList<int> depths(const QString &code)
{
    QList<int> out;
    out.reserve(code.size() + 1);
    int depth = 0;
    for (const QChar c : code) {
        out << depth;
        if (c == u'(')
            ++depth;
        else if (c == u')')
            --depth;
    }
    out << depth;
    return out;
}

// The first match of a keyword at parenthesis depth 0, from `from`; -1 if none.
qsizetype topLevelIndex(const QString &code, const QString &keyword, qsizetype from = 0)
{
    const QList<int> depth = depths(code);
    const QRegularExpression re(u"\\b"_s + QRegularExpression::escape(keyword) + u"\\b"_s);
    for (auto it = re.globalMatch(code, from); it.hasNext();) {
        const auto m = it.next();
        if (depth.at(m.capturedStart()) == 0)
            return m.capturedStart();
    }
    return -1;
}

// Comma-separated items at parenthesis depth 0 of code[from, to), taken from `source` (the
// text `code` was scanned from: same length, literals intact).
QStringList topLevelItems(const QString &code, qsizetype from, qsizetype to,
                          const QString &source)
{
    QStringList items;
    int depth = 0;
    qsizetype start = from;
    for (qsizetype i = from; i < to; ++i) {
        const QChar c = code.at(i);
        if (c == u'(')
            ++depth;
        else if (c == u')')
            --depth;
        else if (c == u',' && depth == 0) {
            items << source.mid(start, i - start).trimmed();
            start = i + 1;
        }
    }
    const QString last = source.mid(start, to - start).trimmed();
    if (!last.isEmpty())
        items << last;
    return items;
}

// The result columns of a statement: its RETURNING list, or its top-level SELECT list.
QStringList resultColumnsOf(const QString &sql)
{
    const QString code = scanSql(sql).code;
    Q_ASSERT(code.size() == sql.size());
    const qsizetype returning = topLevelIndex(code, u"RETURNING"_s);
    if (returning >= 0)
        return topLevelItems(code, returning + 9, code.size(), sql);
    const qsizetype select = topLevelIndex(code, u"SELECT"_s);
    if (select < 0)
        return {};
    qsizetype from = topLevelIndex(code, u"FROM"_s, select);
    if (from < 0)
        from = code.size();
    return topLevelItems(code, select + 6, from, sql);
}

// Removes every occurrence of the given texts.
QString without(QString text, const QStringList &parts)
{
    for (const QString &part : parts)
        text.remove(part);
    return text;
}

std::unique_ptr<Dialect> dialect(Kind kind)
{
    auto d = Dialect::create(kind);
    if (!d)
        qFatal("Dialect::create returned null");
    return d;
}

// The time a statement should never depend on: anything but the dialect's own clock.
struct Forbidden
{
    QString pattern;
    QString why;
};

QList<Forbidden> forbiddenFor(Kind kind)
{
    switch (kind) {
    case Kind::SQLite:
        return {
            {uR"(\bCURRENT_TIMESTAMP\b)"_s, u"whole seconds, text"_s},
            {uR"(\b(datetime|date|time)\s*\()"_s, u"text times"_s},
            {uR"(\bstrftime\s*\()"_s, u"whole seconds"_s},
            {uR"(\bunixepoch\s*\()"_s, u"needs SQLite 3.38; the floor is 3.35"_s},
            {uR"(\bclock_timestamp\b|\bUTC_TIMESTAMP\b|\bSYSTIMESTAMP\b|\bNUMTODSINTERVAL\b)"_s,
             u"another database's clock"_s},
            {uR"(`)"_s, u"MySQL quoting"_s},
        };
    case Kind::PostgreSQL:
        return {
            {uR"(\bnow\s*\()"_s, u"frozen at transaction start"_s},
            {uR"(\bCURRENT_TIMESTAMP\b)"_s, u"frozen at transaction start"_s},
            {uR"(\bLOCALTIMESTAMP\b|\bCURRENT_TIME\b|\bLOCALTIME\b)"_s,
             u"frozen at transaction start, local time"_s},
            {uR"(\btransaction_timestamp\b|\bstatement_timestamp\b)"_s,
             u"not the current time"_s},
            {uR"('now')"_s, u"frozen at transaction start"_s},
            {uR"(\btimestamp(\s*\(\d\))?\s+without\b|\btimestamp(\s*\(\d\))?\s+(NOT\s+)?NULL\b|\btimestamp\s*,)"_s,
             u"a time zone-less column"_s},
            {uR"(\bjulianday\b|\bUTC_TIMESTAMP\b|\bSYSTIMESTAMP\b|\bNUMTODSINTERVAL\b)"_s,
             u"another database's clock"_s},
            {uR"(`)"_s, u"MySQL quoting"_s},
        };
    case Kind::MySQL:
        return {
            {uR"(\bNOW\s*\()"_s, u"session time zone"_s},
            {uR"(\bCURRENT_TIMESTAMP\b|\bLOCALTIMESTAMP\b|\bLOCALTIME\b)"_s,
             u"session time zone"_s},
            {uR"(\bSYSDATE\s*\((?!3\)))"_s, u"whole seconds"_s},
            {uR"(\bUNIX_TIMESTAMP\s*\(|\bFROM_UNIXTIME\s*\()"_s,
             u"converts through the session time zone"_s},
            {uR"(\bUTC_TIMESTAMP\b(?!\(3\)))"_s, u"whole seconds"_s},
            {uR"(\bTIMESTAMP\b)"_s, u"TIMESTAMP columns: session time zone, 2038"_s},
            {uR"(\bDATETIME\b(?!\(3\)))"_s, u"whole seconds"_s},
            {u"\""_s, u"a string, not an identifier, unless ANSI_QUOTES"_s},
            {uR"(\bRETURNING\b|\bON CONFLICT\b)"_s, u"not MySQL syntax"_s},
            {uR"(\bjulianday\b|\bclock_timestamp\b|\bSYSTIMESTAMP\b|\bNUMTODSINTERVAL\b)"_s,
             u"another database's clock"_s},
        };
    case Kind::Oracle:
        return {
            {uR"(\bSYSDATE\b)"_s, u"whole seconds"_s},
            {uR"(\bCURRENT_TIMESTAMP\b|\bLOCALTIMESTAMP\b|\bCURRENT_DATE\b)"_s,
             u"session time zone"_s},
            {uR"((?<!SYS_EXTRACT_UTC\()\bSYSTIMESTAMP\b)"_s,
             u"SYSTIMESTAMP not normalised to UTC"_s},
            {uR"(\bSYS_EXTRACT_UTC\(SYSTIMESTAMP\)\s*[-+]\s*+(?!NUMTODSINTERVAL\b|TIMESTAMP\s+'))"_s,
             u"timestamp + number is a DATE (whole seconds)"_s},
            {uR"(\bDATE\b(?!\s*'))"_s, u"whole seconds"_s},
            {uR"(\bnow\s*\(|\bclock_timestamp\b|\bUTC_TIMESTAMP\b|\bjulianday\b)"_s,
             u"another database's clock"_s},
            {uR"(\bLIMIT\b)"_s, u"not Oracle syntax (FETCH FIRST)"_s},
            {uR"(\bRETURNING\b|\bON CONFLICT\b|\bEXCLUDED\b)"_s, u"not Oracle syntax"_s},
            {uR"(\bIF NOT EXISTS\b)"_s, u"not Oracle syntax before 23c"_s},
            {uR"(\b(true|false)\b)"_s, u"no boolean literals before 23c"_s},
            {uR"(\bTEXT\b|\bBOOLEAN\b|\bSERIAL\b|\bAUTO_INCREMENT\b|\binterval\s+')"_s,
             u"not Oracle types"_s},
            {uR"((=|<>|!=)\s*'')"_s, u"'' is NULL: a comparison with it is never true"_s},
            {uR"(\bNOT NULL\s+DEFAULT\b)"_s, u"DEFAULT must come before NOT NULL"_s},
            {uR"(`)"_s, u"MySQL quoting"_s},
        };
    }
    return {};
}

} // namespace

class TestDialects : public QObject
{
    Q_OBJECT

private slots:
    void mysqlAcquireIsOneBatchWithInlinedHexText();
    void mysqlAcquireIsTheUpsertItsBatchCarries();
    void mariadbAcquireIsOneUpsertThatDecidesOnce();
    void postgresReleaseNotifiesItsTablesChannel();
    void everyFeatureHasItsStatements();
    void migrationBringsOldTablesUpToDate();
    void rebindingASlotEqualsBuildingAfresh();
    void statementKeyAndRebindKeepTheirPromises();
    void postgresPlaceholdersAreNumbered();
    void postgresStatementsBindOnlyPlainValues();
    void factory();
    void forDriver_data();
    void forDriver();
    void tableNames_data();
    void tableNames();

    void placeholdersMatchBinds_data();
    void placeholdersMatchBinds();
    void valuesAreBoundNeverSpliced_data();
    void valuesAreBoundNeverSpliced();
    void tablesAreQuotedAndQualified_data();
    void tablesAreQuotedAndQualified();
    void databaseClockOnly_data();
    void databaseClockOnly();
    void resultColumns_data();
    void resultColumns();
    void returningMatchesCapabilities_data();
    void returningMatchesCapabilities();
    void conditionsOfTheProtocol_data();
    void conditionsOfTheProtocol();

    void postgresReadsTheClockOncePerStatement();
    void changesReadTheClockAfterTheirWaits();
    void mysqlSetListReadsNoUpdatedColumn();
    void mysqlStoresOneClockReadingPerChange();
    void sqliteUsesIntegerMilliseconds();
    void oracleStatements_data();
    void oracleStatements();
    void adminEventsTakeThePatternLiterally_data();
    void adminEventsTakeThePatternLiterally();
    void lockPageBindsEveryValueInItsOwnWindow_data();
    void lockPageBindsEveryValueInItsOwnWindow();
    void lockPageOrdersByTheDatabaseClock_data();
    void lockPageOrdersByTheDatabaseClock();
    void lockPageProblemsAreBoundClauses_data();
    void lockPageProblemsAreBoundClauses();

    void schema_data();
    void schema();
    void schemaIndexes_data();
    void schemaIndexes();
    void oracleSchemaBlocks();

    void errorClassification_data();
    void errorClassification();
};

void TestDialects::factory()
{
    QSet<QString> names;
    for (const Kind kind : allKinds) {
        const auto d = Dialect::create(kind);
        QVERIFY(d);
        QCOMPARE(d->kind(), kind);
        QCOMPARE(d->name(), kindName(kind));
        names.insert(d->name());
    }
    QCOMPARE(names.size(), allKinds.size());
}

void TestDialects::forDriver_data()
{
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("dbms");
    QTest::addColumn<QString>("expected"); // dialect name, empty: unsupported

    QTest::newRow("QSQLITE") << u"QSQLITE"_s << QString() << u"sqlite"_s;
    QTest::newRow("QPSQL") << u"QPSQL"_s << QString() << u"postgresql"_s;
    QTest::newRow("QMYSQL") << u"QMYSQL"_s << QString() << u"mysql"_s;
    QTest::newRow("QMARIADB") << u"QMARIADB"_s << QString() << u"mysql"_s;
    QTest::newRow("QOCI") << u"QOCI"_s << QString() << u"oracle"_s;
    QTest::newRow("lower-case driver") << u"qpsql"_s << QString() << u"postgresql"_s;
    QTest::newRow("ODBC PostgreSQL") << u"QODBC"_s << u"PostgreSQL 15.4"_s << u"postgresql"_s;
    QTest::newRow("ODBC MariaDB") << u"QODBC"_s << u"MariaDB"_s << u"mysql"_s;
    QTest::newRow("ODBC MySQL") << u"QODBC"_s << u"MySQL"_s << u"mysql"_s;
    QTest::newRow("ODBC Oracle") << u"QODBC"_s << u"Oracle Database 19c"_s << u"oracle"_s;
    QTest::newRow("ODBC SQLite") << u"QODBC"_s << u"SQLite"_s << u"sqlite"_s;
    QTest::newRow("ODBC SQL Server") << u"QODBC"_s << u"Microsoft SQL Server"_s << QString();
    QTest::newRow("ODBC unknown") << u"QODBC"_s << QString() << QString();
    QTest::newRow("DB2") << u"QDB2"_s << QString() << QString();
    QTest::newRow("empty") << QString() << QString() << QString();
}

void TestDialects::forDriver()
{
    QFETCH(QString, driver);
    QFETCH(QString, dbms);
    QFETCH(QString, expected);
    const auto d = Dialect::forDriver(driver, dbms);
    QCOMPARE(d ? d->name() : QString(), expected);
}

void TestDialects::tableNames_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("locks");
    QTest::addColumn<QString>("events");

    QTest::newRow("default") << u"dist_lock"_s << QString() << u"dist_lock"_s
                             << u"dist_lock_event"_s;
    QTest::newRow("qualified") << u"app.dist_lock"_s << u"app"_s << u"dist_lock"_s
                               << u"dist_lock_event"_s;
    QTest::newRow("custom") << u"Jobs.Locks2"_s << u"Jobs"_s << u"Locks2"_s << u"Locks2_event"_s;
}

void TestDialects::tableNames()
{
    QFETCH(QString, table);
    QFETCH(QString, schema);
    QFETCH(QString, locks);
    QFETCH(QString, events);

    QVERIFY(lockcore::validateTableName(table).ok());
    const TableNames t = TableNames::fromTable(table);
    QCOMPARE(t.schema, schema);
    QCOMPARE(t.locks, locks);
    QCOMPARE(t.events, events);
    for (const Kind kind : allKinds) {
        const auto d = dialect(kind);
        QCOMPARE(d->lockTable(t), expectedQualified(kind, schema, locks));
        QCOMPARE(d->eventTable(t), expectedQualified(kind, schema, events));
    }
}

// Rows: every dialect x every builder x (plain table, schema.table).
static void statementRows()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("builder");
    QTest::addColumn<bool>("withSchema");
    for (const Kind kind : allKinds) {
        for (const QString &builder : builders) {
            for (const bool withSchema : {false, true}) {
                const QString tag = kindName(kind) + u'/' + builder
                                    + (withSchema ? u"/schema"_s : QString());
                QTest::newRow(qPrintable(tag)) << kind << builder << withSchema;
            }
        }
    }
}

void TestDialects::placeholdersMatchBinds_data()
{
    statementRows();
}

void TestDialects::placeholdersMatchBinds()
{
    QFETCH(Kind, kind);
    QFETCH(QString, builder);
    QFETCH(bool, withSchema);
    const auto d = dialect(kind);
    const Built b = build(*d, tables(withSchema), builder);
    const QString sql = b.statement.text();
    const SqlScan scan = scanSql(sql);

    QVERIFY2(!sql.trimmed().isEmpty(), "no SQL");
    QVERIFY2(scan.balanced, qPrintable(u"unbalanced parentheses or quotes: "_s + sql));
    QVERIFY2(scan.placeholders == b.statement.binds().size(),
             qPrintable(u"%1 placeholders, %2 binds: %3"_s.arg(scan.placeholders)
                            .arg(b.statement.binds().size())
                            .arg(sql)));
    QVERIFY2(scan.named.isEmpty(),
             qPrintable(u"Qt would read named placeholders "_s + scan.named.join(u' ')
                        + u": "_s + sql));
    if (kind != Kind::PostgreSQL) // Qt reads "[...]" as quoted text except for PostgreSQL
        QVERIFY2(!scan.bracket, qPrintable(sql));
    QVERIFY2(!scanSql(withoutMysqlSettings(sql)).comment, qPrintable(sql));
    QVERIFY2(!scan.semicolon, qPrintable(u"more than one statement: "_s + sql));
    QVERIFY2(sql == sql.trimmed(), qPrintable(sql));
}

void TestDialects::valuesAreBoundNeverSpliced_data()
{
    statementRows();
}

void TestDialects::valuesAreBoundNeverSpliced()
{
    QFETCH(Kind, kind);
    QFETCH(QString, builder);
    QFETCH(bool, withSchema);
    const auto d = dialect(kind);
    const Built b = build(*d, tables(withSchema), builder);
    const QString sql = b.statement.text();
    const QVariantList &binds = b.statement.binds();

    // Every bound value is one the caller gave: in particular never a client-side time.
    for (const QVariant &bound : binds) {
        const int type = bound.typeId();
        QVERIFY2(type != QMetaType::QDateTime && type != QMetaType::QDate
                     && type != QMetaType::QTime,
                 qPrintable(u"binds a client time: "_s + sql));
        const bool given = std::any_of(b.inputs.cbegin(), b.inputs.cend(),
                                       [&](const QVariant &in) { return sameValue(in, bound); });
        QVERIFY2(given, qPrintable(u"binds a value nobody gave: "_s + bound.toString()));
    }
    // Every value the caller gave is bound (a builder that drops one has lost a condition).
    for (const QVariant &in : b.inputs) {
        const bool bound = std::any_of(binds.cbegin(), binds.cend(),
                                       [&](const QVariant &v) { return sameValue(in, v); });
        QVERIFY2(bound, qPrintable(u"not bound: "_s + in.toString() + u" in "_s + sql));
    }
    // ... and none of them is in the text.
    for (const QString &value : {kName, kHolder, kKind, kActor, kDetail, kDescription})
        QVERIFY2(!sql.contains(value), qPrintable(u"spliced "_s + value + u": "_s + sql));
    for (const QString &fragment :
         {u"DROP TABLE"_s, u"OR \"1\""_s, u"||(SELECT 1)||"_s, u"DELETE FROM t"_s, u":x"_s,
          u"[y]"_s})
        QVERIFY2(!sql.contains(fragment), qPrintable(u"spliced "_s + fragment + u": "_s + sql));
    for (const qint64 number : {kFence, kExpectedFence, kTtl, qint64(kLimit)})
        QVERIFY2((number == kTtl && b.ttlInText) || !sql.contains(QString::number(number)),
                 qPrintable(u"spliced %1: %2"_s.arg(number).arg(sql)));
    if (builder == u"insertEventFromRow")
        QVERIFY2(sql.contains(kHolderColumn), qPrintable(sql));
}

void TestDialects::tablesAreQuotedAndQualified_data()
{
    statementRows();
}

void TestDialects::tablesAreQuotedAndQualified()
{
    QFETCH(Kind, kind);
    QFETCH(QString, builder);
    QFETCH(bool, withSchema);
    const auto d = dialect(kind);
    const TableNames t = tables(withSchema);
    const Built b = build(*d, t, builder);
    const QString sql = b.statement.text();
    const QString locks = expectedQualified(kind, t.schema, t.locks);
    const QString events = expectedQualified(kind, t.schema, t.events);

    QCOMPARE(sql.contains(locks), b.onLockTable);
    QCOMPARE(sql.contains(events), b.onEventTable);
    // No other, unqualified or unquoted, mention of either table.
    // (PostgreSQL's release NOTIFYs a channel named after the table, as a string.)
    QStringList named{events, locks};
    if (d->hasFeature(Feature::ReleaseNotifies))
        named << u'\'' + d->releaseChannel(t) + u'\'';
    const QString rest = without(sql, named);
    QVERIFY2(!rest.contains(u"dist_lock"_s), qPrintable(sql));
    QVERIFY2(!sql.contains(u"\"\""_s) && !sql.contains(u"``"_s),
             qPrintable(u"empty identifier: "_s + sql));
}

void TestDialects::databaseClockOnly_data()
{
    statementRows();
}

void TestDialects::databaseClockOnly()
{
    QFETCH(Kind, kind);
    QFETCH(QString, builder);
    QFETCH(bool, withSchema);
    const auto d = dialect(kind);
    const Built b = build(*d, tables(withSchema), builder);
    const QString sql = b.statement.text();

    if (b.readsClock)
        QVERIFY2(sql.contains(clockExpr(kind)) || sql.contains(changeClockExpr(kind)),
                 qPrintable(u"does not read "_s + clockExpr(kind) + u": "_s + sql));
    if (kind == Kind::MySQL && sql.contains(u"SYSDATE"_s)) // answers in the session's zone
        QVERIFY2(sql.startsWith(kMysqlStatementFor) && sql.contains(kMysqlHint),
                 qPrintable(u"SYSDATE() in a statement not set to UTC: "_s + sql));
    for (const Forbidden &f : forbiddenFor(kind)) {
        const QRegularExpression re(f.pattern, QRegularExpression::CaseInsensitiveOption);
        QVERIFY2(re.isValid(), qPrintable(f.pattern));
        const auto match = re.match(sql);
        QVERIFY2(!match.hasMatch(), qPrintable(u"\""_s + match.captured() + u"\" ("_s + f.why
                                              + u"): "_s + sql));
    }
}

void TestDialects::resultColumns_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("builder");
    QTest::addColumn<QStringList>("columns"); // a pattern each result column must match

    // The order of col::Grant, col::State, col::Release and col::Event in dialect.h.
    const QStringList grant = {uR"(\bfence\b)"_s,       uR"(\bdepth\b)"_s,
                               uR"(\bacquired_at\b)"_s, uR"(\bexpires_at\b)"_s,
                               uR"(\brenewed_at\b)"_s,  uR"(\bprev_holder\b)"_s};
    const QStringList state = {
        uR"(^l\.name$)"_s,         uR"(^l\.holder$)"_s,      uR"(^l\.prev_holder$)"_s,
        uR"(^l\.depth$)"_s,        uR"(^l\.fence$)"_s,       uR"(\bl\.acquired_at\b)"_s,
        uR"(\bl\.expires_at\b)"_s, uR"(\bl\.renewed_at\b)"_s, uR"(^l\.ttl_ms$)"_s,
        uR"(^l\.description$)"_s,  uR"(\bn\.t\b)"_s,
        // 0 free, 2 expired (by the database clock n.t), else 1 held
        uR"(^CASE WHEN l\.holder (= ''|IS NULL) THEN 0 WHEN l\.expires_at < n\.t THEN 2 ELSE 1 END$)"_s};
    // col::Acquire of a grant, as PostgreSQL's and SQLite's upserts return it: a state row
    // without the lease's default, the description and now (the grant's time is its
    // renewed_at), held, granted, the wake-up lock not asked.
    const QStringList granted = {
        uR"(^(l\.)?name$)"_s,        uR"(^(l\.)?holder$)"_s,  uR"(^(l\.)?prev_holder$)"_s,
        uR"(^(l\.)?depth$)"_s,       uR"(^(l\.)?fence$)"_s,   uR"(\b(l\.)?acquired_at\b)"_s,
        uR"(\b(l\.)?expires_at\b)"_s, uR"(\b(l\.)?renewed_at\b)"_s, uR"(^NULL$)"_s,
        uR"(^NULL$)"_s,              uR"(^NULL$)"_s,              uR"(^1$)"_s,
        uR"(^1$)"_s,                 uR"(^NULL$)"_s};
    const QStringList event = {uR"(^e\.id$)"_s,     uR"(\be\.at\b)"_s,   uR"(^e\.lock_name$)"_s,
                               uR"(^e\.kind$)"_s,   uR"(^e\.holder$)"_s, uR"(^e\.fence$)"_s,
                               uR"(^e\.actor$)"_s,  uR"(^e\.detail$)"_s};
    for (const Kind kind : allKinds) {
        const QString k = kindName(kind);
        const QString clock = QRegularExpression::escape(clockExpr(kind));
        QTest::newRow(qPrintable(k + u"/selectGrant"_s)) << kind << u"selectGrant"_s << grant;
        QTest::newRow(qPrintable(k + u"/selectState"_s)) << kind << u"selectState"_s << state;
        QTest::newRow(qPrintable(k + u"/selectAll"_s)) << kind << u"selectAll"_s << state;
        QTest::newRow(qPrintable(k + u"/history"_s)) << kind << u"history"_s << event;
        QTest::newRow(qPrintable(k + u"/now"_s)) << kind << u"now"_s << QStringList{clock};
        if (Dialect::create(kind)->hasFeature(Feature::UpsertReturning)) {
            QTest::newRow(qPrintable(k + u"/acquire"_s)) << kind << u"acquire"_s << granted;
            QTest::newRow(qPrintable(k + u"/renew"_s)) << kind << u"renew"_s << grant;
            // The time of the release is the lease end it wrote when the lock became free
            // (none for a re-entered hold); PostgreSQL: a third column NOTIFYs then, when a
            // waiter holds the lock's wake-up lock (the releaser cannot take it).
            QStringList release{uR"(\bdepth\b)"_s,
                                uR"(\bCASE WHEN (l\.)?depth = 0 THEN (l\.)?expires_at END\b)"_s};
            if (kind == Kind::PostgreSQL)
                release << uR"(^CASE WHEN l\.depth = 0 AND NOT pg_try_advisory_xact_lock\(CAST\(\? AS bigint\)\) THEN pg_notify\('lockscope_\w+', l\.name\) END$)"_s;
            QTest::newRow(qPrintable(k + u"/release"_s)) << kind << u"release"_s << release;
        }
    }
}

void TestDialects::resultColumns()
{
    QFETCH(Kind, kind);
    QFETCH(QString, builder);
    QFETCH(QStringList, columns);
    const auto d = dialect(kind);
    const Built b = build(*d, tables(false), builder);
    const QString sql = b.statement.text();
    const QStringList got = resultColumnsOf(sql);
    QVERIFY2(got.size() == columns.size(),
             qPrintable(u"%1 columns, expected %2: %3"_s.arg(got.size()).arg(columns.size())
                            .arg(got.join(u" | "_s))));
    for (int i = 0; i < columns.size(); ++i) {
        const QRegularExpression re(columns.at(i));
        QVERIFY2(re.isValid(), qPrintable(columns.at(i)));
        QVERIFY2(re.match(got.at(i)).hasMatch(),
                 qPrintable(u"column %1 is \"%2\", expected /%3/"_s.arg(i)
                                .arg(got.at(i), columns.at(i))));
    }
}

void TestDialects::returningMatchesCapabilities_data()
{
    QTest::addColumn<Kind>("kind");
    for (const Kind kind : allKinds)
        QTest::newRow(qPrintable(kindName(kind))) << kind;
}

void TestDialects::returningMatchesCapabilities()
{
    // LockService reads a row back from acquire/renew/release exactly when
    // hasUpsertReturning(); otherwise it counts affected rows and SELECTs the grant.
    QFETCH(Kind, kind);
    const auto d = dialect(kind);
    const TableNames t = tables(false);
    for (const QString &builder : {u"acquire"_s, u"renew"_s, u"release"_s}) {
        const QString code = scanSql(build(*d, t, builder).statement.text()).code;
        QVERIFY2((topLevelIndex(code, u"RETURNING"_s) >= 0) == d->hasFeature(Feature::UpsertReturning),
                 qPrintable(builder + u": "_s + code));
    }
    const QString acquire = build(*d, t, u"acquire"_s).statement.text();
    if (d->hasFeature(Feature::UpsertReturning)) {
        // One statement creates a missing row or takes a free/expired one.
        QVERIFY2((acquire.startsWith(u"INSERT INTO "_s)
                  || acquire.startsWith(
                      u"WITH g AS (SELECT clock_timestamp() AS t) INSERT INTO "_s))
                     && acquire.contains(u"ON CONFLICT (name) DO UPDATE"_s),
                 qPrintable(acquire));
    } else if (kind == Kind::Oracle) {
        // One MERGE creates a missing row or takes a free/expired one (its answer read after).
        QVERIFY2(acquire.startsWith(u"MERGE INTO "_s)
                     && acquire.contains(u"WHEN MATCHED THEN UPDATE SET"_s)
                     && acquire.contains(u"WHEN NOT MATCHED THEN INSERT"_s),
                 qPrintable(acquire));
    } else {
        // MySQL's acquire batch creates a missing row too (INSERT .. ON DUPLICATE KEY UPDATE).
        const QString batch = d->acquireBatch(t, kName, kHolder, kTtl).text();
        QVERIFY2(withoutMysqlSettings(batch).startsWith(u"INSERT INTO "_s)
                     && batch.contains(u"ON DUPLICATE KEY UPDATE"_s),
                 qPrintable(batch));
    }
    // Only MySQL hands the remaining depth back through LAST_INSERT_ID(expr).
    const QString release = build(*d, t, u"release"_s).statement.text();
    QCOMPARE(d->hasFeature(Feature::ReleaseDepthViaInsertId), kind == Kind::MySQL);
    QCOMPARE(release.contains(u"LAST_INSERT_ID("_s), d->hasFeature(Feature::ReleaseDepthViaInsertId));
}

void TestDialects::conditionsOfTheProtocol_data()
{
    QTest::addColumn<Kind>("kind");
    for (const Kind kind : allKinds)
        QTest::newRow(qPrintable(kindName(kind))) << kind;
}

void TestDialects::conditionsOfTheProtocol()
{
    // The "succeeds when" column of design.md's Semantics table, as it shows in the SQL.
    QFETCH(Kind, kind);
    const auto d = dialect(kind);
    const TableNames t = tables(false);
    const auto code = [&](const QString &builder) { // (a statement laid out in lines: one)
        return scanSql(build(*d, t, builder).statement.text()).code.simplified();
    };
    const QString ph = uR"((\?|CAST\(\? AS (bigint|text)\)))"_s;
    const auto has = [](const QString &sql, const QString &pattern) {
        return QRegularExpression(pattern).match(sql).hasMatch();
    };

    // renew and release: only the holder with the current fence; renew only while the lease
    // still runs (the complement of a takeover, expires_at < now), or has no end: its one OR.
    const QString stillRuns =
        uR"( AND \((l\.)?expires_at IS NULL OR (l\.)?expires_at >= [^)]*(\([^)]*\))*[^)]*\))"_s;
    for (const QString &builder : {u"renew"_s, u"release"_s}) {
        const QString sql = code(builder);
        const qsizetype where = topLevelIndex(sql, u"WHERE"_s);
        QVERIFY2(where > 0, qPrintable(sql));
        QString condition = sql.mid(where);
        if (builder == u"renew") {
            QVERIFY2(has(condition, stillRuns), qPrintable(sql));
            condition.remove(QRegularExpression(stillRuns));
        }
        QVERIFY2(has(condition, uR"(\b(l\.)?name = )"_s + ph), qPrintable(sql));
        QVERIFY2(has(condition, uR"(\b(l\.)?holder = )"_s + ph), qPrintable(sql));
        QVERIFY2(has(condition, uR"(\b(l\.)?fence = )"_s + ph), qPrintable(sql));
        QVERIFY2(!has(condition, uR"(\bOR\b)"_s), qPrintable(sql));
    }
    // force release: compare-and-set on the fence the admin saw, and the fence moves on.
    {
        const QString sql = code(u"forceRelease"_s);
        const QString condition = sql.mid(topLevelIndex(sql, u"WHERE"_s));
        QVERIFY2(has(condition, uR"(\bfence = )"_s + ph), qPrintable(sql));
        QVERIFY2(has(sql, uR"(\bfence = fence \+ 1\b)"_s), qPrintable(sql));
        QVERIFY2(has(sql, uR"(\bdepth = 0\b)"_s), qPrintable(sql));
    }
    // delete: only an unchanged lock that is free or expired, and not a tombstone already;
    // the row stays, a tombstone keeping its fence (Dialect::deletedDepth).
    {
        const QString sql = code(u"deleteLock"_s);
        QVERIFY2(sql.contains(u"UPDATE "_s) && !sql.contains(u"DELETE"_s), qPrintable(sql));
        QVERIFY2(has(sql, uR"(\bfence = )"_s + ph), qPrintable(sql));
        QVERIFY2(has(sql, uR"( AND depth >= 0 AND \(holder (= ''|IS NULL) OR expires_at < )"_s),
                 qPrintable(sql));
        QVERIFY2(has(sql, uR"(\bdepth = -1\b)"_s) && !has(sql, uR"(\bfence = fence)"_s),
                 qPrintable(sql));
    }
    // No statement reads the fence history: an INSERT starts a name never used at the first
    // fence (a grant) or just below it (initialize, free).
    for (const QString &builder : builders)
        QVERIFY2(!code(builder).contains(u"MAX("_s), qPrintable(code(builder)));
    // The acquire creates a missing lock itself (MySQL's: the batch's upsert).
    const QString creates = d->hasFeature(Feature::Batches)
                                ? d->acquireBatch(tables(false), kName, kHolder, kTtl).text()
                                : code(u"acquire"_s);
    QVERIFY2(creates.contains(u"', 1, 1, "_s) || creates.contains(u", NULL, 1, 1, "_s),
             qPrintable(creates));
    QVERIFY2(has(code(u"initialize"_s), uR"(, 0, 0, NULL, )"_s), qPrintable(code(u"initialize"_s)));
    // Reads never show a tombstone.
    for (const QString &builder : {u"selectState"_s, u"selectAll"_s})
        QVERIFY2(has(code(builder), uR"(\bl\.depth >= 0\b)"_s), qPrintable(code(builder)));
    // acquire succeeds on a free row, an expired one, or our own.
    {
        const QString sql = code(u"acquire"_s);
        if (d->hasFeature(Feature::UpsertReturning)) {
            QVERIFY2(sql.contains(u", '', 1, 1, "_s), qPrintable(sql)); // a new row: fence 1
            QVERIFY2(has(sql, uR"(DO UPDATE SET .* WHERE l\.holder = '' )"_s
                                  uR"(OR l\.expires_at < )"_s
                                  uR"((\w+\.renewed_at|\(SELECT g\.t FROM g\)) )"_s
                                  uR"(OR l\.holder = \w+\.holder RETURNING)"_s),
                     qPrintable(sql));
        } else if (kind == Kind::Oracle) {
            // The MERGE: matched by name, taken when free, expired or ours; else inserted.
            QVERIFY2(has(sql, uR"(\bON \(l\.name = )"_s + ph + uR"(\))"_s), qPrintable(sql));
            QVERIFY2(has(sql, uR"(\bWHERE l\.holder IS NULL OR l\.expires_at < .+ )"_s
                                  uR"(OR l\.holder = )"_s + ph + uR"(\s+WHEN NOT MATCHED)"_s),
                     qPrintable(sql));
        } else {
            // MySQL: the upsert its batch carries; a new row at fence 1, an existing one
            // taken when free, expired or ours (decided once, into depth).
            QVERIFY2(sql.contains(u", '', 1, 1, "_s), qPrintable(sql));
            QVERIFY2(has(sql, uR"(\bON DUPLICATE KEY UPDATE depth = IF\(holder IN \('', )"_s
                                  uR"(VALUES\(holder\)\) OR expires_at < SYSDATE\(3\), )"_s),
                     qPrintable(sql));
        }
    }
}

void TestDialects::postgresReadsTheClockOncePerStatement()
{
    // clock_timestamp() moves during a statement: a statement that compares or stores times
    // reads it once (as n.t) so every comparison uses the same instant. The acquire reads it
    // twice: n.t for a row it creates (never a grant), and g.t, a CTE read first in the
    // ON CONFLICT branch, once the row is locked, for everything that branch decides and
    // stores.
    const auto d = dialect(Kind::PostgreSQL);
    QVERIFY(d->hasFeature(Feature::UpsertReturning));
    for (const QString &builder : builders) {
        const QString sql = build(*d, tables(false), builder).statement.text();
        QVERIFY2(sql.count(u"clock_timestamp()"_s) <= (builder == u"acquire" ? 2 : 1),
                 qPrintable(builder + u": "_s + sql));
    }
}

void TestDialects::changesReadTheClockAfterTheirWaits()
{
    // A statement that may wait (for a row's lock, a wake-up lock) and then changes a row reads
    // the clock after the wait, so a grant is never timed before the change it follows.
    const TableNames t = tables(false);
    using Taking = Dialect::WakeLockTaking;
    // MySQL: SYSDATE(3), read when called; never UTC_TIMESTAMP() or NOW(), fixed when the
    // statement starts. (A batch's SELECT after its UPDATE reads, and may use either.)
    const auto my = dialect(Kind::MySQL);
    const QString wake = my->wakeLockName(t, kName);
    QStringList changes;
    for (const QString &builder : {u"acquire"_s, u"renew"_s, u"release"_s,
                                   u"forceRelease"_s, u"initialize"_s, u"deleteLock"_s,
                                   u"insertEvent"_s})
        changes << build(*my, t, builder).statement.text();
    changes << my->acquireBatch(t, kName, kHolder, kTtl, wake, Taking::WaitedFirst)
                   .text()
                   .section(u";\n"_s, 1, 1) // (after the SET that waits)
            << my->acquireBatch(t, kName, kHolder, kTtl).text().section(u";\n"_s, 0, 0);
    for (const Taking taking : {Taking::NotQueued, Taking::WaitedFirst})
        changes << my->acquireUpsert(t, kName, kHolder, kTtl, wake, taking, 0.25).text();
    for (const QString &sql : std::as_const(changes)) {
        QVERIFY2(sql.contains(u"SYSDATE(3)"_s), qPrintable(sql));
        QVERIFY2(!sql.contains(u"UTC_TIMESTAMP"_s) && !sql.contains(u"NOW("_s), qPrintable(sql));
    }
    // PostgreSQL: the upsert's ON CONFLICT branch, which makes every grant, reads g.t (a CTE
    // first read there, once the row is locked), never the inserted row's n.t.
    const auto pg = dialect(Kind::PostgreSQL);
    const QString pgWake = pg->wakeLockName(t, kName);
    for (const QString &sql :
         {pg->acquire(t, kName, kHolder, kTtl).text().simplified(),
          pg->acquireUpsert(t, kName, kHolder, kTtl, pgWake, Taking::WaitedFirst, 0.25)
              .text()
              .simplified()}) {
        QVERIFY2(sql.startsWith(u"WITH g AS (SELECT clock_timestamp() AS t) INSERT "_s),
                 qPrintable(sql));
        const QString conflict = sql.section(u" ON CONFLICT "_s, 1);
        QVERIFY2(conflict.contains(u"renewed_at = (SELECT g.t FROM g)"_s), qPrintable(sql));
        QVERIFY2(!conflict.contains(u"n.t"_s) && !conflict.contains(u"EXCLUDED.renewed_at"_s),
                 qPrintable(sql));
    }
    // ... its renewal reads it after locking the row, or in
    // the SET itself, which is evaluated again after a wait for the row (release, force).
    const QString lockedFirst = u"FROM (SELECT clock_timestamp() AS t FROM (SELECT 1 FROM "
                                u"\"dist_lock\" WHERE name = CAST(? AS text) FOR UPDATE) r) n "_s;
    const QString renewal = pg->renew(t, kName, kHolder, kFence, kTtl).text().simplified();
    QVERIFY2(renewal.contains(lockedFirst), qPrintable(renewal));
    for (const QString &sql : {pg->release(t, kName, kHolder, kFence).text(),
                               pg->forceRelease(t, kName, kFence).text()})
        QVERIFY2(sql.contains(u"expires_at = CASE WHEN l.depth <= 1 THEN clock_timestamp()"_s)
                     || sql.contains(u"expires_at = clock_timestamp()"_s),
                 qPrintable(sql));
}

void TestDialects::mysqlSetListReadsNoUpdatedColumn()
{
    // MySQL evaluates single-table UPDATE assignments left to right, each seeing the columns
    // already assigned (writeVerb fixes the SQL mode, so MariaDB's SIMULTANEOUS_ASSIGNMENT
    // cannot change that). So no expression may read a column assigned before it, except the
    // one that stored the clock reading (SYSDATE(3)): later assignments read that instant.
    // (The acquire is the upsert, which reads depth on purpose: its decision, see
    // mariadbAcquireIsOneUpsertThatDecidesOnce.)
    const auto d = dialect(Kind::MySQL);
    for (const QString &builder : {u"renew"_s, u"release"_s, u"forceRelease"_s}) {
        const QString sql = build(*d, tables(false), builder).statement.text();
        QVERIFY2(sql.startsWith(kMysqlStatementFor), qPrintable(sql));
        const QString code = scanSql(withoutMysqlSettings(sql)).code;
        const qsizetype set = topLevelIndex(code, u"SET"_s);
        const qsizetype where = topLevelIndex(code, u"WHERE"_s, set);
        QVERIFY2(set > 0 && where > set, qPrintable(code));
        const QStringList assignments = topLevelItems(code, set + 3, where, code);
        QVERIFY2(assignments.size() >= 2, qPrintable(code));
        QStringList assigned;
        for (const QString &assignment : assignments) {
            const qsizetype eq = assignment.indexOf(u'=');
            QVERIFY2(eq > 0, qPrintable(assignment));
            const QString column = assignment.left(eq).trimmed();
            const QString expression = assignment.mid(eq + 1);
            for (const QString &earlier : std::as_const(assigned)) {
                const QRegularExpression reads(u"\\b"_s + earlier + u"\\b"_s);
                QVERIFY2(!reads.match(expression).hasMatch(),
                         qPrintable(builder + u": \""_s + column + u"\" reads \""_s + earlier
                                    + u"\", assigned before it: "_s + code));
            }
            if (!expression.contains(u"SYSDATE(3)"_s))
                assigned << column;
        }
    }
}

namespace {

// The text from the '(' at `open` in `code` to its matching ')', both included.
QString parenthesized(const QString &code, qsizetype open)
{
    int depth = 0;
    for (qsizetype i = open; i < code.size(); ++i) {
        if (code.at(i) == u'(')
            ++depth;
        else if (code.at(i) == u')' && --depth == 0)
            return code.mid(open, i + 1 - open);
    }
    return {};
}

} // namespace

void TestDialects::mysqlStoresOneClockReadingPerChange()
{
    // SYSDATE(3) moves while a statement runs: two calls may fall on either side of a
    // millisecond, and a 700 ms lease was stored as 701 ms. So the times one change stores come
    // from one call: an INSERT's VALUES list calls it once and its later values read the
    // column it went into; an UPDATE's SET (and ON DUPLICATE KEY UPDATE's, after its first
    // assignment, which only decides) calls it once, into renewed_at, and the later
    // assignments read that column. (Its WHERE and that decision may read it again: they
    // store nothing.)
    const auto d = dialect(Kind::MySQL);
    const TableNames t = tables(false);
    const QString wake = d->wakeLockName(t, kName);
    using Taking = Dialect::WakeLockTaking;
    const auto codeOf = [](const QString &sql) {
        return scanSql(withoutMysqlSettings(sql)).code.simplified();
    };
    QStringList inserts = {d->acquireBatch(t, kName, kHolder, kTtl).text().section(u";\n"_s, 0, 0)};
    for (const Taking taking : {Taking::NotQueued, Taking::WaitedFirst})
        inserts << d->acquireUpsert(t, kName, kHolder, kTtl, wake, taking, 0.25).text();
    for (const QString &sql : std::as_const(inserts)) {
        const QString code = codeOf(sql);
        const qsizetype valuesAt = topLevelIndex(code, u"VALUES"_s);
        const QString values = parenthesized(code, code.indexOf(u'(', valuesAt));
        QVERIFY2(values.count(u"SYSDATE(3)"_s) == 1, qPrintable(values + u"\n"_s + sql));
        const qsizetype update = code.indexOf(u" ON DUPLICATE KEY UPDATE "_s);
        if (update < 0)
            continue;
        const QString set = code.mid(update).section(u" RETURNING "_s, 0, 0);
        const QString stores = set.mid(topLevelIndex(set, u"prev_holder"_s)); // (after depth's)
        QVERIFY2(stores.count(u"SYSDATE(3)"_s) == 1, qPrintable(stores + u"\n"_s + sql));
    }
    // (acquire() is the first of those inserts: mysqlAcquireIsTheUpsertItsBatchCarries.)
    const QString code = codeOf(d->renew(t, kName, kHolder, kFence, kTtl).text());
    const qsizetype set = topLevelIndex(code, u"SET"_s);
    const QString assignments = code.mid(set, topLevelIndex(code, u"WHERE"_s, set) - set);
    QVERIFY2(assignments.count(u"SYSDATE(3)"_s) == 1, qPrintable(u"renew: "_s + code));
}

void TestDialects::sqliteUsesIntegerMilliseconds()
{
    const auto d = dialect(Kind::SQLite);
    const QString now = d->now().text();
    // julianday('now') is fractional days since noon, 24 November 4714 BC; 2440587.5 is
    // 1970-01-01T00:00Z, and 86400000 ms make a day.
    QVERIFY2(now.contains(u"julianday('now') - 2440587.5"_s), qPrintable(now));
    QVERIFY2(now.contains(u"86400000"_s), qPrintable(now));
    QVERIFY2(now.contains(u"AS INTEGER"_s), qPrintable(now));
    const QString ddl = d->schema(tables(false)).join(u'\n');
    for (const QString &column : {u"acquired_at"_s, u"expires_at"_s, u"renewed_at"_s, u"at"_s,
                                  u"ttl_ms"_s, u"fence"_s})
        QVERIFY2(QRegularExpression(u"\\n\\s*"_s + column + u"\\s+INTEGER\\b"_s)
                     .match(ddl)
                     .hasMatch(),
                 qPrintable(column + u": "_s + ddl));
}

void TestDialects::oracleStatements_data()
{
    QTest::addColumn<QString>("builder");
    QTest::addColumn<bool>("withSchema");
    for (const QString &builder : builders)
        for (const bool withSchema : {false, true})
            QTest::newRow(qPrintable(builder + (withSchema ? u"/schema"_s : QString())))
                << builder << withSchema;
}

void TestDialects::oracleStatements()
{
    QFETCH(QString, builder);
    QFETCH(bool, withSchema);
    const auto d = dialect(Kind::Oracle);
    const QString sql = build(*d, tables(withSchema), builder).statement.text();
    const QString code = scanSql(sql).code;

    // Every SELECT has a FROM at its own level (Oracle has no FROM-less SELECT: FROM dual).
    const QList<int> depth = depths(code);
    static const QRegularExpression select(uR"(\bSELECT\b)"_s);
    static const QRegularExpression from(uR"(\bFROM\b)"_s);
    for (auto it = select.globalMatch(code); it.hasNext();) {
        const qsizetype start = it.next().capturedStart();
        const int level = depth.at(start);
        qsizetype end = start;
        while (end < code.size() && depth.at(end) >= level)
            ++end;
        bool hasFrom = false;
        for (auto f = from.globalMatch(code.left(end), start); f.hasNext();) {
            if (depth.at(f.next().capturedStart()) == level)
                hasFrom = true;
        }
        QVERIFY2(hasFrom, qPrintable(u"SELECT without FROM at "_s + QString::number(start)
                                     + u": "_s + sql));
    }
    // Table aliases take no AS in Oracle.
    QVERIFY2(!QRegularExpression(u"\"\\s+AS\\b"_s).match(code).hasMatch(), qPrintable(sql));
    QVERIFY2(!QRegularExpression(uR"(\)\s+AS\s+\w+\s*(,|WHERE|$))"_s).match(code).hasMatch(),
             qPrintable(sql));
    // Free is holder IS NULL ('' is NULL in Oracle); a freed row gets NULL.
    if (builder == u"acquire" || builder == u"deleteLock")
        QVERIFY2(code.contains(u"holder IS NULL"_s), qPrintable(sql));
    if (builder == u"selectState" || builder == u"selectAll")
        QVERIFY2(code.contains(u"CASE WHEN l.holder IS NULL THEN 0"_s), qPrintable(sql));
    if (builder == u"release")
        QVERIFY2(code.contains(u"holder = CASE WHEN depth <= 1 THEN NULL ELSE holder END"_s),
                 qPrintable(sql));
    if (builder == u"forceRelease")
        QVERIFY2(code.contains(u"holder = NULL"_s), qPrintable(sql));
    // Durations are added as DAY TO SECOND intervals of ms / 1000 seconds.
    if (builder == u"acquire" || builder == u"renew") {
        static const QRegularExpression plus(
            uR"(SYS_EXTRACT_UTC\(SYSTIMESTAMP\) \+ NUMTODSINTERVAL\(\(\(\?\)\) / 1000, 'SECOND'\))"_s);
        QVERIFY2(plus.match(sql).hasMatch(), qPrintable(sql));
    }
    // Limits: FETCH FIRST n ROWS ONLY, last, after the ORDER BY.
    if (builder == u"history")
        QVERIFY2(sql.endsWith(u" ORDER BY e.id DESC FETCH FIRST ? ROWS ONLY"_s), qPrintable(sql));
    if (builder == u"adminEvents")
        QVERIFY2(sql.simplified().endsWith(u" ORDER BY e.id DESC FETCH FIRST ? ROWS ONLY"_s),
                 qPrintable(sql));
    if (builder == u"now")
        QVERIFY2(sql.endsWith(u" FROM dual"_s), qPrintable(sql));
    // Milliseconds since the epoch from an INTERVAL DAY TO SECOND, whole days included.
    if (builder == u"now") {
        for (const QString &part : {u"EXTRACT(DAY FROM"_s, u"86400000"_s, u"EXTRACT(HOUR FROM"_s,
                                    u"3600000"_s, u"EXTRACT(MINUTE FROM"_s, u"60000"_s,
                                    u"EXTRACT(SECOND FROM"_s,
                                    u"TIMESTAMP '1970-01-01 00:00:00'"_s})
            QVERIFY2(sql.contains(part), qPrintable(part + u": "_s + sql));
    }
}

void TestDialects::lockPageBindsEveryValueInItsOwnWindow_data()
{
    QTest::addColumn<Kind>("kind");
    for (const Kind kind : allKinds)
        QTest::newRow(qPrintable(kindName(kind))) << kind;
}

// The monitor's page (Dialect::lockPage; tst_lockpage runs it on the servers there are): the
// filter and the window are bound, each database pages with its own syntax, and no row is a
// tombstone. For Oracle and MySQL's own forms, the only check without a server of each kind.
void TestDialects::lockPageBindsEveryValueInItsOwnWindow()
{
    QFETCH(Kind, kind);
    const auto d = dialect(kind);
    constexpr qint64 offset = 43210;
    const lockcore::LockPageRequest request{kName, lockcore::LockState::Expired, offset, kLimit,
                                           {}};
    const Statement st = d->lockPage(tables(true), request);
    const QString sql = st.text();
    const SqlScan scan = scanSql(sql);

    QVERIFY2(scan.balanced && !scan.semicolon && !scan.comment && scan.named.isEmpty(),
             qPrintable(sql));
    if (kind != Kind::PostgreSQL)
        QVERIFY2(!scan.bracket, qPrintable(sql));
    QCOMPARE(scan.placeholders, st.binds().size());
    // The text in name, holder and description, for the counts and for the page; then the window.
    QVariantList expected(6, QVariant(kName));
    if (kind == Kind::Oracle)
        expected << offset << qint64(kLimit);
    else
        expected << qint64(kLimit) << offset;
    QCOMPARE(st.binds(), expected);
    QVERIFY2(!sql.contains(u"DROP TABLE"_s) && !sql.contains(QString::number(offset))
                 && !sql.contains(QString::number(kLimit)),
             qPrintable(sql));

    const QString window = kind == Kind::Oracle ? u" OFFSET ? ROWS FETCH NEXT ? ROWS ONLY)"_s
                           : kind == Kind::PostgreSQL
                               ? u" LIMIT CAST(? AS bigint) OFFSET CAST(? AS bigint))"_s
                               : u" LIMIT ? OFFSET ?)"_s;
    QVERIFY2(sql.contains(u" ORDER BY y.name"_s + window + u" p "_s), qPrintable(sql));
    QVERIFY2(sql.contains(u"FETCH"_s) == (kind == Kind::Oracle), qPrintable(sql));
    QVERIFY2(sql.contains(u"LIMIT"_s) == (kind != Kind::Oracle), qPrintable(sql));
    QVERIFY2(sql.endsWith(u" ORDER BY p.name"_s), qPrintable(sql));

    // The clock read once, for every part; the counts and the page skip tombstones.
    QCOMPARE(sql.count(clockExpr(kind)), 1);
    QVERIFY2(sql.startsWith(u"WITH n AS (SELECT "_s), qPrintable(sql));
    QVERIFY2(sql.contains(u" x CROSS JOIN n WHERE x.depth >= 0) a "_s), qPrintable(sql));
    QVERIFY2(sql.contains(u" WHERE y.depth >= 0 AND ("_s), qPrintable(sql));
    const QString isHeld = kind == Kind::Oracle ? u"IS NOT NULL"_s : u"<> ''"_s;
    QVERIFY2(sql.contains(u" AND y.holder "_s + isHeld + u" AND y.expires_at < n.t ORDER BY"_s),
             qPrintable(sql));
    for (const Forbidden &f : forbiddenFor(kind)) {
        const auto match = QRegularExpression(f.pattern, QRegularExpression::CaseInsensitiveOption)
                               .match(sql);
        QVERIFY2(!match.hasMatch(),
                 qPrintable(match.captured() + u" ("_s + f.why + u"): "_s + sql));
    }
}

void TestDialects::lockPageOrdersByTheDatabaseClock_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<int>("by");
    QTest::addColumn<bool>("descending");
    for (const Kind kind : allKinds)
        for (int by = 0; by <= int(lockcore::LockPageSort::HeldFor); ++by)
            for (const bool descending : {false, true})
                QTest::newRow(qPrintable(kindName(kind) + u'/' + QString::number(by)
                                         + (descending ? u" desc"_s : u" asc"_s)))
                    << kind << by << descending;
}

// The page in another order than the name's (LockPageOrder; tst_lockpage reads it on the
// servers there are): the same bound values, the clock still read once (the keys use n.t),
// the page's names and its rows sorted by the same keys, then the name, all in one direction.
// For Oracle the only check there is.
void TestDialects::lockPageOrdersByTheDatabaseClock()
{
    QFETCH(Kind, kind);
    QFETCH(int, by);
    QFETCH(bool, descending);
    const auto d = dialect(kind);
    lockcore::LockPageRequest request{kName, std::nullopt, 40, kLimit, {}};
    const Statement byName = d->lockPage(tables(true), request);
    request.order = {lockcore::LockPageSort(by), descending};
    const Statement st = d->lockPage(tables(true), request);
    const QString sql = st.text();
    const SqlScan scan = scanSql(sql);

    QVERIFY2(scan.balanced && !scan.semicolon && !scan.comment && scan.named.isEmpty(),
             qPrintable(sql));
    QCOMPARE(scan.placeholders, st.binds().size());
    QCOMPARE(st.binds(), byName.binds()); // keys are expressions, never values
    QCOMPARE(sql.count(clockExpr(kind)), 1);
    const QString dir = descending ? u" DESC"_s : QString();
    const bool byNameOnly = lockcore::LockPageSort(by) == lockcore::LockPageSort::Name;
    QVERIFY2(sql.contains(u" ORDER BY "_s) && sql.contains(u"y.name"_s + dir + u' '),
             qPrintable(sql));
    QVERIFY2(sql.endsWith((byNameOnly ? u"p.name"_s : u"l.name"_s) + dir), qPrintable(sql));
    // Every key of the page's names in the direction asked, and the same keys for its rows.
    const qsizetype inner = sql.indexOf(u" ORDER BY "_s);
    const qsizetype outer = sql.lastIndexOf(u" ORDER BY "_s);
    QVERIFY(inner > 0 && outer > inner);
    QString innerKeys = sql.mid(inner, sql.indexOf(u"y.name"_s + dir, inner) - inner);
    QString outerKeys = sql.mid(outer, sql.lastIndexOf(u"name"_s + dir) - outer - 2);
    if (!byNameOnly)
        QCOMPARE(innerKeys.replace(u"y."_s, u"l."_s), outerKeys);
    const int keys = lockcore::LockPageSort(by) == lockcore::LockPageSort::Holder ? 3
                     : byNameOnly                                                ? 0
                                                                                 : 1;
    if (descending) // every key descends, not only the last
        QVERIFY2(innerKeys.count(u" DESC, "_s) == keys, qPrintable(sql));
    if (lockcore::LockPageSort(by) != lockcore::LockPageSort::Name
        && lockcore::LockPageSort(by) != lockcore::LockPageSort::Holder)
        QVERIFY2(innerKeys.contains(u"n.t"_s), qPrintable(sql)); // the database clock
    if (!byNameOnly)
        QVERIFY2(sql.contains(u" y CROSS JOIN n WHERE"_s), qPrintable(sql));
    if (kind == Kind::Oracle && !byNameOnly) // free is holder IS NULL ('' is NULL)
        QVERIFY2(innerKeys.contains(u"CASE WHEN l.holder IS NULL "_s), qPrintable(sql));
    for (const Forbidden &f : forbiddenFor(kind)) {
        const auto match = QRegularExpression(f.pattern, QRegularExpression::CaseInsensitiveOption)
                               .match(sql);
        QVERIFY2(!match.hasMatch(),
                 qPrintable(match.captured() + u" ("_s + f.why + u"): "_s + sql));
    }
}

void TestDialects::lockPageProblemsAreBoundClauses_data()
{
    QTest::addColumn<Kind>("kind");
    for (const Kind kind : allKinds)
        QTest::newRow(qPrintable(kindName(kind))) << kind;
}

// The "Problems" filter of a page (LockPageProblems; tst_lockpage runs it on the servers there
// are; Oracle's text is checked only here): for the counts and the page, held and either ended,
// late to renew (twice the time past renewed + expires) or longer than the first matching
// long-hold rule, whose patterns (as LIKE's, '!' escaping '%' and '_') and thresholds are bound.
void TestDialects::lockPageProblemsAreBoundClauses()
{
    QFETCH(Kind, kind);
    const auto d = dialect(kind);
    lockcore::LockPageRequest request;
    request.problems = lockcore::LockPageProblems{
        {{u"billing.*"_s, 1'800'000}, {u"a_b%c?"_s, 7'777'777}}};
    const Statement st = d->lockPage(tables(true), request);
    const QString sql = st.text();
    const SqlScan scan = scanSql(sql);
    QVERIFY2(scan.balanced && !scan.semicolon && !scan.comment && scan.named.isEmpty(),
             qPrintable(sql));
    QCOMPARE(scan.placeholders, st.binds().size());
    QVERIFY2(!sql.contains(u"1800000"_s) && !sql.contains(u"7777777"_s), qPrintable(sql));
    // Each rule twice (counts and page), in order: its pattern, then its threshold.
    const QVariantList rules{u"billing.%"_s, qint64(1'800'000), u"a!_b!%c_"_s,
                             qint64(7'777'777)};
    QCOMPARE(st.binds().mid(0, 4), rules);
    QCOMPARE(st.binds().mid(4, 4), rules);
    QCOMPARE(sql.count(u" ESCAPE '!' THEN CASE WHEN "_s), 4);
    const QString isHeld = kind == Kind::Oracle ? u"IS NOT NULL"_s : u"<> ''"_s;
    for (const QString &a : {u"x"_s, u"y"_s}) {
        const QString clause = u"(%1.holder %2 AND (%1.expires_at < n.t OR (%1.expires_at >= "
                               u"n.t AND %1.renewed_at IS NOT NULL AND %1.expires_at > "
                               u"%1.renewed_at AND 2 * "_s.arg(a, isHeld);
        QVERIFY2(sql.contains(clause), qPrintable(clause + u"\n"_s + sql));
        const QString pattern = kind == Kind::PostgreSQL ? u"CAST(? AS text)"_s : u"?"_s;
        QVERIFY2(sql.contains(u"%1.name LIKE %2 ESCAPE '!'"_s.arg(a, pattern)), qPrintable(sql));
    }
    // The page needs the time now, as a state filter does.
    QVERIFY2(sql.contains(u" y CROSS JOIN n WHERE y.depth >= 0 AND ("_s), qPrintable(sql));
    QCOMPARE(sql.count(clockExpr(kind)), 1);
    for (const Forbidden &f : forbiddenFor(kind)) {
        const auto match = QRegularExpression(f.pattern, QRegularExpression::CaseInsensitiveOption)
                               .match(sql);
        QVERIFY2(!match.hasMatch(),
                 qPrintable(match.captured() + u" ("_s + f.why + u"): "_s + sql));
    }
}

void TestDialects::schema_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<bool>("withSchema");
    for (const Kind kind : allKinds)
        for (const bool withSchema : {false, true})
            QTest::newRow(qPrintable(kindName(kind) + (withSchema ? u"/schema"_s : QString())))
                << kind << withSchema;
}

void TestDialects::schema()
{
    QFETCH(Kind, kind);
    QFETCH(bool, withSchema);
    const auto d = dialect(kind);
    const TableNames t = tables(withSchema);
    const QStringList ddl = d->schema(t);
    QVERIFY(!ddl.isEmpty());
    const QString all = ddl.join(u"\n"_s);

    // Printable, and names both tables (qualified as the statements use them).
    QVERIFY2(all.contains(d->lockTable(t)), qPrintable(all));
    QVERIFY2(all.contains(d->eventTable(t)), qPrintable(all));

    // The DDL as the database will parse it: for Oracle, the text inside EXECUTE IMMEDIATE.
    QStringList statements;
    static const QRegularExpression block(
        uR"(^BEGIN\s+EXECUTE IMMEDIATE '((?:[^']|'')*)';\s+EXCEPTION WHEN OTHERS THEN\s+IF SQLCODE != -955 THEN RAISE; END IF;\s+END;$)"_s);
    for (const QString &element : ddl) {
        QVERIFY(!element.trimmed().isEmpty());
        const SqlScan outer = scanSql(element);
        QVERIFY2(outer.balanced, qPrintable(element));
        QCOMPARE(outer.placeholders, 0);
        QVERIFY2(outer.named.isEmpty(), qPrintable(element));
        if (kind == Kind::Oracle) {
            // Idempotent: ORA-00955 (name already used) is ignored, any other error raised.
            const auto m = block.match(element);
            QVERIFY2(m.hasMatch(), qPrintable(element));
            statements << m.captured(1).replace(u"''"_s, u"'"_s);
        } else {
            QVERIFY2(!outer.semicolon, qPrintable(element));
            statements << element;
        }
    }
    QString lockDdl, eventDdl;
    for (const QString &sql : std::as_const(statements)) {
        const SqlScan scan = scanSql(sql);
        QVERIFY2(scan.balanced, qPrintable(sql));
        QCOMPARE(scan.placeholders, 0);
        QVERIFY2(!scan.semicolon, qPrintable(u"EXECUTE IMMEDIATE takes no ';': "_s + sql));
        if (kind == Kind::Oracle)
            QVERIFY2(sql.startsWith(u"CREATE TABLE "_s) || sql.startsWith(u"CREATE INDEX "_s),
                     qPrintable(sql));
        else
            QVERIFY2(sql.startsWith(u"CREATE TABLE IF NOT EXISTS "_s)
                         || sql.startsWith(u"CREATE INDEX IF NOT EXISTS "_s),
                     qPrintable(u"not idempotent: "_s + sql));
        for (const Forbidden &f : forbiddenFor(kind)) {
            const QRegularExpression re(f.pattern, QRegularExpression::CaseInsensitiveOption);
            const auto match = re.match(sql);
            QVERIFY2(!match.hasMatch(), qPrintable(u"\""_s + match.captured() + u"\" ("_s
                                                  + f.why + u"): "_s + sql));
        }
        if (sql.contains(u"CREATE TABLE"_s) && sql.contains(d->eventTable(t) + u" ("_s))
            eventDdl = sql;
        else if (sql.contains(u"CREATE TABLE"_s) && sql.contains(d->lockTable(t) + u" ("_s))
            lockDdl = sql;
    }
    QVERIFY2(!lockDdl.isEmpty() && !eventDdl.isEmpty(), qPrintable(all));

    // Every column the statements use, with a type wide enough for the validated limits.
    const auto column = [](const QString &table, const QString &name) {
        const QRegularExpression re(u"\\n\\s*"_s + name + uR"(\s+([^\n]*?),?\n)"_s);
        return re.match(table).captured(1);
    };
    const auto varchar = [&](int size) {
        switch (kind) {
        case Kind::SQLite: return uR"(^TEXT\b)"_s;
        case Kind::PostgreSQL: return u"^varchar\\(%1\\)"_s.arg(size);
        case Kind::MySQL: return u"^VARCHAR\\(%1\\)"_s.arg(size);
        case Kind::Oracle: return u"^VARCHAR2\\(%1 CHAR\\)"_s.arg(size);
        }
        return QString();
    };
    const QString time = kind == Kind::SQLite       ? uR"(^INTEGER\b)"_s
                         : kind == Kind::PostgreSQL ? uR"(^timestamptz\b)"_s
                         : kind == Kind::MySQL      ? uR"(^DATETIME\(3\))"_s
                                                    : uR"(^TIMESTAMP\(3\))"_s;
    const int nameChars = lockcore::limits::maxNameChars;
    const int descriptionChars = lockcore::limits::maxDescriptionChars;
    const QList<std::pair<QString, QString>> lockColumns = {
        {u"name"_s, varchar(nameChars)},        {u"holder"_s, varchar(nameChars)},
        {u"prev_holder"_s, varchar(nameChars)}, {u"depth"_s, QString()},
        {u"fence"_s, QString()},                {u"acquired_at"_s, time},
        {u"expires_at"_s, time},                {u"renewed_at"_s, time},
        {u"ttl_ms"_s, QString()},               {u"description"_s, varchar(descriptionChars)}};
    const QList<std::pair<QString, QString>> eventColumns = {
        {u"id"_s, QString()},          {u"at"_s, time},
        {u"lock_name"_s, varchar(nameChars)}, {u"kind"_s, QString()},
        {u"holder"_s, varchar(nameChars)},    {u"fence"_s, QString()},
        {u"actor"_s, varchar(nameChars)},     {u"detail"_s, varchar(descriptionChars)}};
    for (const auto &[table, columns] : {std::pair{lockDdl, lockColumns},
                                         std::pair{eventDdl, eventColumns}}) {
        for (const auto &[name, type] : columns) {
            const QString definition = column(table, name);
            QVERIFY2(!definition.isEmpty(), qPrintable(u"no column "_s + name + u": "_s + table));
            if (!type.isEmpty())
                QVERIFY2(QRegularExpression(type).match(definition).hasMatch(),
                         qPrintable(name + u" is \""_s + definition + u"\", expected /"_s + type
                                    + u'/'));
            // Oracle stores '' as NULL: text columns that may be empty must be nullable.
            if (kind == Kind::Oracle
                && (name == u"holder" || name == u"prev_holder" || name == u"description"
                    || name == u"actor" || name == u"detail"))
                QVERIFY2(!definition.contains(u"NOT NULL"_s),
                         qPrintable(name + u": "_s + definition));
        }
    }
    // The name is the lock table's key.
    QVERIFY2(QRegularExpression(uR"(\n\s*name\s+[^\n]*PRIMARY KEY|PRIMARY KEY \(name\))"_s)
                 .match(lockDdl).hasMatch(),
             qPrintable(lockDdl));
    if (kind == Kind::MySQL) {
        // Exact comparison of names: not the default case- and accent-insensitive collation.
        QVERIFY2(lockDdl.contains(u"CHARSET=utf8mb4 COLLATE=utf8mb4_bin"_s), qPrintable(lockDdl));
        QVERIFY2(eventDdl.contains(u"CHARSET=utf8mb4 COLLATE=utf8mb4_bin"_s), qPrintable(eventDdl));
        QVERIFY2(lockDdl.contains(u"ENGINE=InnoDB"_s), qPrintable(lockDdl));
    }
}

void TestDialects::schemaIndexes_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<bool>("withSchema");
    QTest::addColumn<QStringList>("expected");

    // Each database's grammar: SQLite qualifies the index and never the table after ON;
    // PostgreSQL never qualifies the index (it lives in the table's schema); Oracle may
    // qualify both; MySQL declares keys inside CREATE TABLE.
    for (const bool s : {false, true}) {
        const QString tag = s ? u"/schema"_s : QString();
        const QString app = s ? u"\"app\"."_s : QString();
        QTest::newRow(qPrintable(u"sqlite"_s + tag))
            << Kind::SQLite << s
            << QStringList{u"CREATE INDEX IF NOT EXISTS "_s + app
                               + u"\"dist_lock_event_ix1\" ON \"dist_lock_event\" (lock_name, id)"_s,
                           u"CREATE INDEX IF NOT EXISTS "_s + app
                               + u"\"dist_lock_event_ix2\" ON \"dist_lock_event\" (lock_name, fence)"_s};
        QTest::newRow(qPrintable(u"postgresql"_s + tag))
            << Kind::PostgreSQL << s
            << QStringList{u"CREATE INDEX IF NOT EXISTS \"dist_lock_event_ix1\" ON "_s + app
                               + u"\"dist_lock_event\" (lock_name, id)"_s,
                           u"CREATE INDEX IF NOT EXISTS \"dist_lock_event_ix2\" ON "_s + app
                               + u"\"dist_lock_event\" (lock_name, fence)"_s};
        QTest::newRow(qPrintable(u"oracle"_s + tag))
            << Kind::Oracle << s
            << QStringList{u"CREATE INDEX "_s + app + u"\"dist_lock_event_ix1\" ON "_s + app
                               + u"\"dist_lock_event\" (lock_name, id)"_s,
                           u"CREATE INDEX "_s + app + u"\"dist_lock_event_ix2\" ON "_s + app
                               + u"\"dist_lock_event\" (lock_name, fence)"_s};
        QTest::newRow(qPrintable(u"mysql"_s + tag))
            << Kind::MySQL << s
            << QStringList{u"KEY `dist_lock_event_ix1` (lock_name, id)"_s,
                           u"KEY `dist_lock_event_ix2` (lock_name, fence)"_s};
    }
}

void TestDialects::schemaIndexes()
{
    QFETCH(Kind, kind);
    QFETCH(bool, withSchema);
    QFETCH(QStringList, expected);
    const QString all = dialect(kind)->schema(tables(withSchema)).join(u'\n');
    for (const QString &index : expected)
        QVERIFY2(all.contains(index), qPrintable(index + u"\nnot in:\n"_s + all));
    // The longest name a valid table can give its index fits every database (PostgreSQL
    // truncates identifiers beyond 63 bytes, MySQL refuses beyond 64).
    const QString longest = QString(lockcore::limits::maxTableChars, u't');
    const QString longDdl = dialect(kind)->schema(TableNames::fromTable(longest)).join(u'\n');
    static const QRegularExpression quoted(u"[\"`]([A-Za-z0-9_]+)[\"`]"_s);
    for (auto it = quoted.globalMatch(longDdl); it.hasNext();)
        QVERIFY2(it.next().captured(1).size() <= 63, qPrintable(longDdl));
}

void TestDialects::oracleSchemaBlocks()
{
    // Runnable as printed by a DBA in SQL*Plus or SQL Developer: each element one PL/SQL
    // block, whose dynamic DDL is a correctly doubled string literal.
    const auto d = dialect(Kind::Oracle);
    const QStringList ddl = d->schema(tables(true));
    QCOMPARE(ddl.size(), 4);
    for (const QString &element : ddl) {
        QVERIFY2(element.startsWith(u"BEGIN\n"_s), qPrintable(element));
        QVERIFY2(element.endsWith(u"END;"_s), qPrintable(element));
        QCOMPARE(element.count(u"EXECUTE IMMEDIATE"_s), 1);
        QVERIFY2(element.contains(u"IF SQLCODE != -955 THEN RAISE; END IF;"_s), qPrintable(element));
        QVERIFY2(element.count(u'\'') % 2 == 0, qPrintable(element));
    }
    // DEFAULT before NOT NULL; identity ids; no DATE columns.
    const QString all = ddl.join(u'\n');
    QVERIFY2(all.contains(u"DEFAULT 0 NOT NULL"_s), qPrintable(all));
    QVERIFY2(all.contains(u"GENERATED BY DEFAULT AS IDENTITY"_s), qPrintable(all));
}

void TestDialects::errorClassification_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // duplicate, missing, lost, auth, busy or none

    const auto row = [](const char *tag, Kind kind, const QString &code, const QString &text,
                        const QString &expected) {
        QTest::newRow(tag) << kind << code << text << expected;
    };
    row("sqlite constraint", Kind::SQLite, u"19"_s, u"UNIQUE constraint failed"_s, u"duplicate"_s);
    row("sqlite primary key", Kind::SQLite, u"1555"_s, QString(), u"duplicate"_s);
    row("sqlite unique", Kind::SQLite, u"2067"_s, QString(), u"duplicate"_s);
    row("sqlite no table", Kind::SQLite, u"1"_s, u"no such table: dist_lock"_s, u"missing"_s);
    row("sqlite busy", Kind::SQLite, u"5"_s, u"database is locked"_s, u"busy"_s);
    row("sqlite busy snapshot", Kind::SQLite, u"517"_s, QString(), u"busy"_s);
    row("sqlite error", Kind::SQLite, u"1"_s, u"near \"x\": syntax error"_s, u"none"_s);

    row("pg unique", Kind::PostgreSQL, u"23505"_s, QString(), u"duplicate"_s);
    row("pg undefined table", Kind::PostgreSQL, u"42P01"_s, QString(), u"missing"_s);
    row("pg connection failure", Kind::PostgreSQL, u"08006"_s, QString(), u"lost"_s);
    row("pg admin shutdown", Kind::PostgreSQL, u"57P01"_s, QString(), u"lost"_s);
    row("pg server closed", Kind::PostgreSQL, QString(),
        u"server closed the connection unexpectedly"_s, u"lost"_s);
    row("pg bad password", Kind::PostgreSQL, u"28P01"_s, QString(), u"auth"_s);
    row("pg auth text", Kind::PostgreSQL, QString(),
        u"FATAL:  password authentication failed for user \"u\""_s, u"auth"_s);
    row("pg serialization", Kind::PostgreSQL, u"40001"_s, QString(), u"busy"_s);
    row("pg deadlock", Kind::PostgreSQL, u"40P01"_s, QString(), u"busy"_s);
    row("pg lock timeout", Kind::PostgreSQL, u"55P03"_s, QString(), u"busy"_s);
    row("pg mysql code", Kind::PostgreSQL, u"1062"_s, QString(), u"none"_s);

    row("mysql duplicate", Kind::MySQL, u"1062"_s, QString(), u"duplicate"_s);
    row("mysql no table", Kind::MySQL, u"1146"_s, QString(), u"missing"_s);
    row("mysql gone away", Kind::MySQL, u"2006"_s, QString(), u"lost"_s);
    row("mysql lost", Kind::MySQL, u"2013"_s, QString(), u"lost"_s);
    row("mysql access denied", Kind::MySQL, u"1045"_s, u"Access denied for user"_s, u"auth"_s);
    row("mysql deadlock", Kind::MySQL, u"1213"_s, QString(), u"busy"_s);
    row("mysql lock wait timeout", Kind::MySQL, u"1205"_s, QString(), u"busy"_s);
    row("mysql pg code", Kind::MySQL, u"23505"_s, QString(), u"none"_s);

    row("oracle unique", Kind::Oracle, u"1"_s, QString(), u"duplicate"_s);
    row("oracle unique text", Kind::Oracle, QString(),
        u"ORA-00001: unique constraint (APP.SYS_C001) violated"_s, u"duplicate"_s);
    row("oracle no table", Kind::Oracle, u"942"_s, QString(), u"missing"_s);
    row("oracle no table text", Kind::Oracle, QString(),
        u"ORA-00942: table or view does not exist"_s, u"missing"_s);
    row("oracle end of file", Kind::Oracle, u"3113"_s, QString(), u"lost"_s);
    row("oracle not connected", Kind::Oracle, u"3114"_s, QString(), u"lost"_s);
    row("oracle bad login", Kind::Oracle, u"1017"_s, QString(), u"auth"_s);
    row("oracle deadlock", Kind::Oracle, u"60"_s, QString(), u"busy"_s);
    row("oracle busy nowait", Kind::Oracle, u"54"_s, QString(), u"busy"_s);
}

void TestDialects::errorClassification()
{
    QFETCH(Kind, kind);
    QFETCH(QString, code);
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto d = dialect(kind);
    const QSqlError error(QString(), text, QSqlError::StatementError, code);
    QStringList got;
    if (d->isDuplicateKey(error))
        got << u"duplicate"_s;
    if (d->isMissingTable(error))
        got << u"missing"_s;
    if (d->isConnectionLost(error))
        got << u"lost"_s;
    if (d->isAuthenticationFailure(error))
        got << u"auth"_s;
    if (d->isBusy(error))
        got << u"busy"_s;
    if (got.isEmpty())
        got << u"none"_s;
    QCOMPARE(got, QStringList{expected});
}

void TestDialects::mysqlAcquireIsTheUpsertItsBatchCarries()
{
    // MySQL sends acquireUpsert (MariaDB 10.5 on) or acquireBatch, never acquire() alone: so
    // acquire() is the upsert the batch carries (no conditional UPDATE that is never sent).
    const auto d = dialect(Kind::MySQL);
    const TableNames t = tables(false);
    const Statement acquire = d->acquire(t, kName, kHolder, kTtl);
    QVERIFY2(withoutMysqlSettings(acquire.text()).startsWith(u"INSERT INTO "_s),
             qPrintable(acquire.text()));
    QVERIFY(!acquire.text().contains(u"RETURNING"_s));
    const Statement batch = d->acquireBatch(t, kName, kHolder, kTtl);
    QCOMPARE(batch.text().section(u";\n"_s, 0, 0), acquire.text());
    QCOMPARE(batch.binds().mid(0, acquire.binds().size()), acquire.binds());
    // The MariaDB 10.5 upsert is that statement with a RETURNING.
    const QString upsert = d->acquireUpsert(t, kName, kHolder, kTtl, QString(),
                                            Dialect::WakeLockTaking::NotQueued).text();
    QVERIFY2(upsert.startsWith(acquire.text() + u"\nRETURNING "_s), qPrintable(upsert));
}

void TestDialects::mysqlAcquireIsOneBatchWithInlinedHexText()
{
    // MySQL has no RETURNING: the upsert (which creates a missing lock) and the SELECT of the
    // row go in one round trip, with values written as hex text (no escaping that an SQL mode
    // could change).
    const auto d = dialect(Kind::MySQL);
    const Statement batch = d->acquireBatch(tables(false), kName, kHolder, kTtl);
    const QString sql = d->inlined(batch);
    const QStringList statements = sql.split(u";\n"_s);
    QCOMPARE(statements.size(), 2);
    QVERIFY(withoutMysqlSettings(statements.at(0)).startsWith(u"INSERT INTO `dist_lock` ("_s));
    QVERIFY(statements.at(0).simplified().contains(u" ON DUPLICATE KEY UPDATE "_s));
    QVERIFY(!statements.at(0).contains(u"RETURNING"_s));
    QVERIFY(statements.at(1).startsWith(u"SELECT "_s));
    // col::Acquire: granted when the row is ours and the upsert changed it (2) or created it
    // (1, at the first fence; a refusal also counts 1 with CLIENT_FOUND_ROWS); no wake-up lock.
    const QString select = statements.at(1).simplified();
    QVERIFY2(select.contains(u", CASE WHEN l.holder = _utf8mb4 X'"_s)
                 && select.contains(u"' AND (ROW_COUNT() = 2 OR (ROW_COUNT() = 1 AND l.fence = 1))"
                                    u" THEN 1 ELSE 0 END, NULL FROM `dist_lock` l"_s),
             qPrintable(sql));
    QCOMPARE(batch.statements(), 2);
    QVERIFY(!sql.contains(u'?'));
    QVERIFY(!sql.contains(kName));
    QVERIFY(!sql.contains(u"DROP"_s));
    const QString hexName = u"_utf8mb4 X'"_s + QString::fromLatin1(kName.toUtf8().toHex()) + u'\'';
    QVERIFY2(sql.contains(hexName), qPrintable(sql));
    QVERIFY(sql.contains(QString::number(kTtl)));
    QCOMPARE(d->inlineLiteral(QString()), u"''"_s);
    QCOMPARE(d->inlineLiteral(qint64(-5)), u"-5"_s);
    // The renewal too: its UPDATE, then the renewed row, found by holder and fence and
    // counted by the UPDATE (or with a lease that still runs: no lapsed lease is renewed).
    const QString renew = d->inlined(d->renewBatch(tables(false), kName, kHolder, kFence, kTtl));
    const QStringList renewStatements = renew.split(u";\n"_s);
    QCOMPARE(renewStatements.size(), 2);
    QCOMPARE(renewStatements.at(0), d->inlined(d->renew(tables(false), kName, kHolder, kFence, kTtl)));
    QVERIFY2(renewStatements.at(1).startsWith(u"SELECT l.fence, l.depth, "_s), qPrintable(renew));
    QVERIFY2(renewStatements.at(1).simplified().endsWith(
                 u" AND l.fence = "_s + QString::number(kFence)
                 + u" AND (ROW_COUNT() > 0 OR l.expires_at >= UTC_TIMESTAMP(3))"_s),
             qPrintable(renew));
    QVERIFY(!renew.contains(u'?') && !renew.contains(kName) && renew.contains(hexName));
    // The other dialects have RETURNING (or, Oracle, no batches).
    for (const Kind kind : {Kind::SQLite, Kind::PostgreSQL, Kind::Oracle})
        QVERIFY(!dialect(kind)->hasFeature(Feature::Batches));
}

void TestDialects::mariadbAcquireIsOneUpsertThatDecidesOnce()
{
    // MariaDB 10.5 on: INSERT .. ON DUPLICATE KEY UPDATE .. RETURNING. Its assignments run
    // left to right: the first decides (into depth), the last restores a refused depth.
    const auto d = dialect(Kind::MySQL);
    const QString wake = d->wakeLockName(tables(false), kName);
    const QString plain = d->inlined(d->acquireUpsert(tables(false), kName, kHolder, kTtl, wake,
                                                      Dialect::WakeLockTaking::NotQueued))
                              .simplified();
    QVERIFY2(withoutMysqlSettings(plain).startsWith(
                 u"INSERT INTO `dist_lock` (description, name,"_s),
             qPrintable(plain));
    QVERIFY(!plain.contains(u';'));
    QVERIFY(!plain.contains(u'?'));
    QVERIFY(!plain.contains(kName));
    const qsizetype update = plain.indexOf(u" ON DUPLICATE KEY UPDATE depth = IF("_s);
    const qsizetype restore = plain.indexOf(u", depth = IF(depth < 0, -1 - depth, depth) RETURNING "_s);
    QVERIFY2(update > 0 && restore > update, qPrintable(plain));
    // Not waiting: no wake-up lock is taken (Feature::WakeLockOnContention), and a lock just
    // released is left to the waiter that holds its wake-up lock.
    QVERIFY(!plain.contains(u"GET_LOCK("_s));
    QVERIFY(plain.contains(u"COALESCE(IS_USED_LOCK("_s));

    const QString waiting = d->inlined(d->acquireUpsert(tables(false), kName, kHolder, kTtl, wake,
                                                        Dialect::WakeLockTaking::WaitedFirst,
                                                        0.25))
                                .simplified();
    // Waiting: GET_LOCK in the VALUES (evaluated before the row is touched), with the wait.
    const qsizetype getLock = waiting.indexOf(u"GET_LOCK("_s);
    QVERIFY2(getLock > 0 && getLock < waiting.indexOf(u" ON DUPLICATE KEY UPDATE "_s),
             qPrintable(waiting));
    QVERIFY(waiting.contains(u", 0.250000) IS NOT NULL"_s));
    // ... and a lock just released is left to the waiter that has the wake-up lock.
    QVERIFY(waiting.contains(
        u"expires_at < TIMESTAMPADD(MICROSECOND, 1000 * (-500), SYSDATE(3))"_s));
    // The other dialects have no such statement.
    for (const Kind kind : {Kind::SQLite, Kind::PostgreSQL, Kind::Oracle})
        QVERIFY(!dialect(kind)->hasFeature(Feature::InsertReturning));
}

void TestDialects::postgresReleaseNotifiesItsTablesChannel()
{
    const auto pg = dialect(Kind::PostgreSQL);
    const QRegularExpression channelShape(uR"(^lockscope_[A-Za-z0-9_]+$)"_s);
    const QString plain = pg->releaseChannel(tables(false));
    QCOMPARE(plain, u"lockscope_dist_lock"_s);
    const QString withSchema = pg->releaseChannel(tables(true));
    QCOMPARE(withSchema, u"lockscope_app_dist_lock"_s);
    // Long names: still one valid channel (at most 63 bytes), different per table.
    const QString longA = pg->releaseChannel(
        TableNames::fromTable(u"s"_s.repeated(60) + u'.' + u"a"_s.repeated(60)));
    const QString longB = pg->releaseChannel(
        TableNames::fromTable(u"s"_s.repeated(60) + u'.' + u"b"_s.repeated(60)));
    for (const QString &channel : {plain, withSchema, longA, longB}) {
        QVERIFY2(channelShape.match(channel).hasMatch(), qPrintable(channel));
        QVERIFY(channel.toUtf8().size() <= 63);
    }
    QVERIFY(longA != longB);
    const QString release = pg->release(tables(false), kName, kHolder, kFence).text();
    QVERIFY2(release.contains(u"pg_notify('lockscope_dist_lock', l.name)"_s), qPrintable(release));
    // ... only when a waiter holds the lock's wake-up lock (the key of wakeLockName).
    QVERIFY2(release.contains(u"NOT pg_try_advisory_xact_lock(CAST(? AS bigint)) THEN pg_notify("_s),
             qPrintable(release));
    QVERIFY(pg->release(tables(false), kName, kHolder, kFence)
                .binds()
                .contains(QVariant(pg->wakeLockName(tables(false), kName).toLongLong())));
    const Statement force = pg->notifyReleased(tables(false), kName);
    QCOMPARE(force.text(), u"SELECT pg_notify('lockscope_dist_lock', CAST(? AS text))"_s);
    QCOMPARE(force.binds(), QVariantList{kName});
    // Only PostgreSQL notifies.
    for (const Kind kind : {Kind::SQLite, Kind::MySQL, Kind::Oracle})
        QVERIFY(!dialect(kind)->hasFeature(Feature::ReleaseNotifies));
}

// One question says what a dialect can do (Dialect::hasFeature): where it answers yes, the
// feature's builders give statements; where no, they are not called (no empty text to test).
void TestDialects::everyFeatureHasItsStatements()
{
    const TableNames t = tables(false);
    const QMap<Kind, QList<Feature>> expected{
        {Kind::SQLite, {Feature::UpsertReturning, Feature::BeginStatement}},
        {Kind::PostgreSQL,
         {Feature::UpsertReturning, Feature::ReleaseNotifies,
          Feature::SessionTimeZone, Feature::WakeLocks, Feature::ServerAddress,
          Feature::ClusterFacts, Feature::ClusterStandbys, Feature::ReadOnlySession}},
        {Kind::MySQL,
         {Feature::Batches, Feature::InsertReturning, Feature::ReleaseDepthViaInsertId,
          Feature::SessionTimeZone, Feature::ClockCheck, Feature::WakeLocks,
          Feature::WakeLockOnContention,
          Feature::ClusterFacts, Feature::ReadOnlySession, Feature::MultiPrimaryProbe}},
        {Kind::Oracle, {Feature::SessionTimeZone}},
    };
    using Taking = Dialect::WakeLockTaking;
    for (const Kind kind : allKinds) {
        const auto d = dialect(kind);
        for (int f = 0; f <= int(Feature::DirectTransport); ++f) {
            const auto feature = Feature(f);
            const bool has = expected.value(kind).contains(feature);
            QVERIFY2(d->hasFeature(feature) == has,
                     qPrintable(d->name() + u": feature "_s + QString::number(f)));
            if (!has)
                continue;
            QStringList texts;
            switch (feature) {
            case Feature::Batches:
                texts << d->acquireBatch(t, kName, kHolder, kTtl).text()
                      << d->renewBatch(t, kName, kHolder, kFence, kTtl).text();
                break;
            case Feature::InsertReturning:
                texts << d->acquireUpsert(t, kName, kHolder, kTtl, {}, Taking::NotQueued)
                             .text();
                break;
            case Feature::ReleaseNotifies:
                texts << d->releaseChannel(t) << d->notifyReleased(t, kName).text();
                break;
            case Feature::SessionTimeZone:
                texts << d->setTimeZone(u"UTC"_s).text();
                break;
            case Feature::ClockCheck:
                texts << d->clockCheck().text();
                break;
            case Feature::WakeLocks: {
                const QString wake = d->wakeLockName(t, kName);
                texts << wake << d->takeWakeLock(wake, 0.25).text()
                      << d->freeWakeLock(wake).text()
                      << d->releaseFreeingWakeLock(t, kName, kHolder, kFence, wake).text()
                      << d->acquireUpsert(t, kName, kHolder, kTtl, wake, Taking::WaitedFirst, 0.25)
                             .text();
                break;
            }
            case Feature::ServerAddress:
                texts << d->serverAddress().text();
                break;
            case Feature::ClusterFacts:
                QVERIFY(!d->clusterFacts().isEmpty());
                for (const Statement &st : d->clusterFacts())
                    texts << st.text();
                break;
            case Feature::ClusterStandbys:
                texts << d->clusterStandbys().text() << d->clusterUpstream().text();
                break;
            case Feature::ReadOnlySession:
                texts << d->readOnlySession();
                break;
            case Feature::BeginStatement:
                texts << d->beginTransaction();
                break;
            case Feature::MultiPrimaryProbe:
                texts << d->multiPrimaryProbe() << d->multiPrimaryReadyProbe()
                      << d->multiPrimarySessionSettings();
                break;
            default:
                break;
            }
            for (const QString &text : std::as_const(texts))
                QVERIFY2(!text.trimmed().isEmpty(),
                         qPrintable(d->name() + u": feature "_s + QString::number(f)));
        }
    }
}

void TestDialects::rebindingASlotEqualsBuildingAfresh()
{
    // LockService builds a release and a queued acquire once and then only rebinds the bind
    // marked as the fence or the wait: that must give exactly what building it afresh with
    // the other value gives, same text, same values, on every dialect.
    const TableNames t = TableNames::fromTable(u"dist_lock"_s);
    const auto sameStatement = [](const Statement &a, const Statement &b) {
        return a.text() == b.text() && a.binds() == b.binds();
    };
    for (const Kind kind : allKinds) {
        const auto d = dialect(kind);
        const QString wakeLock =
            d->hasFeature(Feature::WakeLocks) ? d->wakeLockName(t, u"orders"_s) : QString();
        QList<std::pair<Statement, Statement>> fences{
            {d->release(t, u"orders"_s, u"worker-1"_s, 41),
             d->release(t, u"orders"_s, u"worker-1"_s, 9000000001)}};
        if (!wakeLock.isEmpty())
            fences.append({d->releaseFreeingWakeLock(t, u"orders"_s, u"worker-1"_s, 41, wakeLock),
                           d->releaseFreeingWakeLock(t, u"orders"_s, u"worker-1"_s, 9000000001,
                                                     wakeLock)});
        for (auto &[built, other] : fences) {
            const qsizetype at = built.slotIndex(Statement::Slot::Fence);
            QVERIFY2(at >= 0, qPrintable(d->name() + u": no fence marked in "_s + built.text()));
            QCOMPARE(built.binds().at(at).toLongLong(), 41);
            QVERIFY(!sameStatement(built, other));
            built.rebind(at, qint64(9000000001));
            QVERIFY2(sameStatement(built, other), qPrintable(d->name()));
        }
        if (wakeLock.isEmpty())
            continue;
        Statement waiting = d->acquireUpsert(t, u"orders"_s, u"worker-1"_s, 30000, wakeLock,
                                             Dialect::WakeLockTaking::WaitedFirst, 0.0);
        const Statement longer = d->acquireUpsert(t, u"orders"_s, u"worker-1"_s, 30000, wakeLock,
                                                  Dialect::WakeLockTaking::WaitedFirst, 0.25);
        const qsizetype at = waiting.slotIndex(Statement::Slot::WakeWait);
        QVERIFY2(at >= 0, qPrintable(d->name() + u": no wait marked"_s));
        QVERIFY(!sameStatement(waiting, longer));
        waiting.rebind(at, d->wakeWaitValue(0.25));
        QVERIFY2(sameStatement(waiting, longer), qPrintable(d->name()));
    }
}

void TestDialects::statementKeyAndRebindKeepTheirPromises()
{
    // The connections look a statement up by its key, whose hash is worked out once: it must
    // be the hash of the text as it is now, also after the text grew.
    Statement st;
    st << "SELECT 1 FROM t WHERE a = " << Param{qint64(7)};
    const StatementKey first = st.key();
    QCOMPARE(first.hash, qHash(st.text()));
    QCOMPARE(st.key(), StatementKey::of(st.text()));
    st << " AND b = " << Param{u"x"_s};
    QVERIFY(st.key().hash != first.hash || st.key().text != first.text);
    QCOMPARE(st.key().hash, qHash(st.text()));
    QVERIFY(!(st.key() == first));

    // A connection skips comparing the values of the very list it encoded last (same data):
    // rebinding the same value must keep that list, another value must not.
    const QVariantList encoded = st.binds(); // what a connection keeps after an execution
    st.rebind(0, qint64(7));
    QVERIFY(st.binds().constData() == encoded.constData());
    st.rebind(0, qint64(8));
    QVERIFY(st.binds().constData() != encoded.constData());
    QCOMPARE(st.binds().at(0).toLongLong(), 8);
    QCOMPARE(encoded.at(0).toLongLong(), 7);
    // A value of another type is another value, though it compares equal as a QVariant.
    const QVariantList before = st.binds();
    st.rebind(0, 8);
    QVERIFY(st.binds().constData() != before.constData());
    QCOMPARE(st.binds().at(0).metaType(), QMetaType::fromType<int>());
}

void TestDialects::postgresPlaceholdersAreNumbered()
{
    // libpq numbers its placeholders; a "?" inside a literal or a quoted identifier is text.
    int count = 0;
    QCOMPARE(PostgresStatements::numberedPlaceholders(
                 u"SELECT ?, '?', \"a?\", ? FROM t WHERE x = 'it''s ?' AND y = ?"_s, &count),
             QByteArray("SELECT $1, '?', \"a?\", $2 FROM t WHERE x = 'it''s ?' AND y = $3"));
    QCOMPARE(count, 3);
    QCOMPARE(PostgresStatements::numberedPlaceholders(u"SELECT 'ß ?'"_s, &count),
             QByteArray("SELECT 'ß ?'"));
    QCOMPARE(count, 0);
    PostgresStatements::numberedPlaceholders(u"SELECT ? WHERE x = 'open ?"_s, &count);
    QCOMPARE(count, -1);
    // Every statement lockcore prepares through libpq: one placeholder per value, none lost
    // to a literal (a name with a quote or a "?" is a value, never in the text).
    const auto pg = dialect(Kind::PostgreSQL);
    const TableNames t = TableNames::fromTable(u"dist_lock"_s);
    const QString name = u"it's ? a lock"_s;
    const QString holder = u"who? 'me'"_s;
    const QString wakeLock = pg->wakeLockName(t, name);
    const QList<Statement> statements{
        pg->acquire(t, name, holder, 30000),
        pg->acquire(t, name, holder, 0),
        pg->acquireUpsert(t, name, holder, 30000, wakeLock, Dialect::WakeLockTaking::WaitedFirst,
                          0.25),
        pg->release(t, name, holder, 41),
        pg->releaseFreeingWakeLock(t, name, holder, 41, wakeLock),
        pg->renew(t, name, holder, 41, 30000),
    };
    for (const Statement &st : statements) {
        QVERIFY2(!st.text().contains(name) && !st.text().contains(holder), qPrintable(st.text()));
        QByteArray numbered = PostgresStatements::numberedPlaceholders(st.text(), &count);
        QCOMPARE(count, st.binds().size());
        QVERIFY2(!numbered.contains('?'), numbered.constData());
        QVERIFY(numbered.contains(QByteArray(QByteArray("$") + QByteArray::number(count))));
        QVERIFY(PostgresStatements::canBind(st.binds()));
    }
}

void TestDialects::postgresStatementsBindOnlyPlainValues()
{
    // Values libpq gets as text; anything else is left to Qt's driver (Session::runRows).
    QVERIFY(PostgresStatements::canBind({}));
    QVERIFY(PostgresStatements::canBind({QVariant(), true, 7, qint64(9000000001), 0.25,
                                         u"x"_s, QVariant(QMetaType(QMetaType::QString))}));
    QVERIFY(!PostgresStatements::canBind({u"x"_s, QDateTime::currentDateTimeUtc()}));
    QVERIFY(!PostgresStatements::canBind({QByteArray("x")}));
}

void TestDialects::migrationBringsOldTablesUpToDate()
{
    // Dialect::migration: DML only, on every dialect: the rows left unnumbered (fence -1)
    // become free at the highest fence their history recorded, and every name with a history
    // and no row gets a tombstone (depth -1) with its last fence.
    const TableNames t = tables(false);
    for (const Kind kind : {Kind::SQLite, Kind::PostgreSQL, Kind::MySQL, Kind::Oracle}) {
        const auto d = dialect(kind);
        const QStringList statements = d->migration(t);
        QCOMPARE(statements.size(), 2);
        const QString numbering = withoutMysqlSettings(statements.at(0));
        QVERIFY2(numbering.startsWith(u"UPDATE "_s), qPrintable(numbering));
        QVERIFY2(numbering.contains(u"SET fence = COALESCE((SELECT MAX(e.fence) FROM "_s),
                 qPrintable(numbering));
        QVERIFY2(numbering.endsWith(u" WHERE fence < 0"_s), qPrintable(numbering));
        const QString tombstones = withoutMysqlSettings(statements.at(1));
        QVERIFY2(tombstones.startsWith(u"INSERT INTO "_s), qPrintable(tombstones));
        QVERIFY2(tombstones.contains(u", -1, MAX(e.fence), NULL, NULL, NULL, 30000, '' FROM "_s),
                 qPrintable(tombstones));
        QVERIFY2(tombstones.endsWith(u" WHERE l.name = e.lock_name) GROUP BY e.lock_name"_s),
                 qPrintable(tombstones));
        for (const QString &sql : statements)
            QVERIFY2(!sql.contains(u'?'), qPrintable(sql)); // no binds: runnable as printed
    }
}

void TestDialects::adminEventsTakeThePatternLiterally_data()
{
    QTest::addColumn<Kind>("kind");
    for (const Kind kind : allKinds)
        QTest::newRow(qPrintable(kindName(kind))) << kind;
}

// The audit's lock pattern: * and ? become LIKE's wildcards, and LIKE's own % and _ (and the
// escape !) stand for themselves, bound, whatever else the name holds (a quote); an exact actor
// is compared whole; only the test holds' grants are matched by actor.
void TestDialects::adminEventsTakeThePatternLiterally()
{
    QFETCH(Kind, kind);
    const auto d = dialect(kind);
    lockcore::AuditRequest request;
    request.lockPattern = u"o'r%d_e!r*s?"_s;
    request.actor = u"ann@ops (lockctl)"_s;
    request.actorExact = true;
    request.actions = {u"force_release"_s};
    const Statement st = d->adminEvents(tables(false), request);
    const QString sql = st.text();
    QVERIFY2(st.binds().contains(QVariant(u"o'r!%d!_e!!r%s_"_s)), qPrintable(sql));
    QVERIFY2(sql.contains(u"LIKE LOWER("_s) && sql.contains(u") ESCAPE '!'"_s), qPrintable(sql));
    QVERIFY2(QRegularExpression(uR"(e\.actor = (\?|CAST\(\? AS text\)))"_s).match(sql).hasMatch(),
             qPrintable(sql));
    QVERIFY2(!sql.contains(u"e.actor LIKE"_s), qPrintable(sql)); // no test holds asked for
    QVERIFY2(sql.contains(u"ORDER BY e.id DESC"_s), qPrintable(sql));
}

QTEST_GUILESS_MAIN(TestDialects)
#include "tst_dialects.moc"
