// SPDX-License-Identifier: GPL-3.0-or-later
// docs/protocol.md shows every statement the dialects can send as lockcore sends them (each
// acquire form of each wait strategy, renew, release, the wake-up lock's and the
// notification's, the administration's): this test builds them from the dialects and fails
// when the document no longer has one of them, whitespace aside (the document prints one clause
// a line), so the document a reviewer checks is the code. To refresh the document after a
// change, run with LOCKSCOPE_PROTOCOL_BLOCKS=<file>: the blocks are written there, formatted
// (one per dialect, each between its "### " heading and the closing fence), to paste over the
// old ones.

#include "dialect.h"

#include <QFile>
#include <QtTest>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Feature;
using lockcore::Statement;
using lockcore::TableNames;
using Kind = Dialect::Kind;

namespace {

constexpr qint64 kTtl = 5000; // a lease given in the call
const QString kName = u"name"_s;
const QString kHolder = u"holder"_s;

struct Entry
{
    QString comment; // when the code sends it: one line
    QString statement;
};

struct Block
{
    QString heading;
    QList<Entry> entries;
};

void add(Block &b, const QString &comment, const QString &statement)
{
    b.entries.append({comment, statement});
}

void add(Block &b, const QString &comment, const Statement &statement)
{
    add(b, comment, statement.text());
}

// The acquire forms of one dialect, grouped by wait strategy: not waiting (a single acquire,
// a waiter's first attempt where it does not queue), queued (a waiter's attempt that waits for
// the wake-up lock in the server), and what follows an acquire that returns nothing.
void addAcquires(Block &b, const Dialect &d, const TableNames &t)
{
    using Taking = Dialect::WakeLockTaking;
    const QString wakeLock = d.wakeLockName(t, kName);
    switch (d.kind()) {
    case Kind::PostgreSQL:
        add(b, u"acquire, not waiting (a waiter's poll outside the queue, and a waiter woken by a notification): creates, takes, re-enters or takes over; the grant comes back, no row when refused"_s,
            d.acquire(t, kName, kHolder, kTtl));
        add(b, u"acquire, queued: a waiter's attempt, first waits up to the bound lock_timeout for the wake-up lock"_s,
            d.acquireUpsert(t, kName, kHolder, kTtl, wakeLock, Taking::WaitedFirst, 0.25));
        break;
    case Kind::MySQL:
        add(b, u"MariaDB 10.5 and later, acquire, not waiting: one prepared statement, takes no wake-up lock"_s,
            d.acquireUpsert(t, kName, kHolder, kTtl, wakeLock, Taking::NotQueued));
        add(b, u"MariaDB 10.5 and later, acquire, queued: the VALUES first wait up to the bound seconds for the wake-up lock \"lockscope:<digest>\""_s,
            d.acquireUpsert(t, kName, kHolder, kTtl, wakeLock, Taking::WaitedFirst, 0.25));
        add(b, u"MySQL and MariaDB before 10.5, acquire, not waiting: the upsert (creates a missing lock) and the SELECT after it, one batch; ? are written in as literals"_s,
            d.acquireBatch(t, kName, kHolder, kTtl));
        add(b, u"MySQL and MariaDB before 10.5, acquire, queued: GET_LOCK first, then the upsert and the SELECT, one batch"_s,
            d.acquireBatch(t, kName, kHolder, kTtl, wakeLock, Taking::WaitedFirst));
        break;
    case Kind::SQLite:
        add(b, u"acquire (SQLite does not queue: waiters poll)"_s, d.acquire(t, kName, kHolder, kTtl));
        break;
    case Kind::Oracle:
        add(b, u"acquire (Oracle does not queue: waiters poll): a MERGE that creates, takes, re-enters or takes over, then acquireAnswer"_s,
            d.acquire(t, kName, kHolder, kTtl));
        add(b, u"acquireAnswer: after the MERGE"_s, d.acquireAnswer(t, kName, kHolder));
        break;
    }
}

// What keeps and ends a hold, and the wake-up lock's own statements: each only where the
// dialect has its feature.
void addHolding(Block &b, const Dialect &d, const TableNames &t)
{
    const qint64 fence = 1;
    const QString wakeLock = d.wakeLockName(t, kName);
    if (d.hasFeature(Feature::Batches))
        add(b, u"renew: sent together with the SELECT after it, as one batch"_s,
            d.renewBatch(t, kName, kHolder, fence, kTtl));
    else
        add(b, u"renew"_s, d.renew(t, kName, kHolder, fence, kTtl));
    if (!d.hasFeature(Feature::Batches) && !d.hasFeature(Feature::UpsertReturning))
        add(b, u"selectGrant: after renew"_s, d.selectGrant(t, kName, kHolder));
    add(b, u"release: of a holder that holds no wake-up lock"_s, d.release(t, kName, kHolder, fence));
    if (!d.hasFeature(Feature::WakeLocks))
        return;
    add(b, u"release of a holder that holds the wake-up lock: frees it when the lock becomes free"_s,
        d.releaseFreeingWakeLock(t, kName, kHolder, fence, wakeLock));
    add(b, u"takeWakeLock: a waiter's wait for the wake-up lock outside an acquire"_s,
        d.takeWakeLock(wakeLock, 0.25));
    add(b, u"freeWakeLock: a wake-up lock not kept (a refusal or a lost lock)"_s,
        d.freeWakeLock(wakeLock));
}

Block blockOf(Kind kind)
{
    const auto d = Dialect::create(kind);
    const TableNames t = TableNames::fromTable(u"dist_lock"_s);
    const qint64 fence = 1;
    Block b;
    switch (kind) {
    case Kind::PostgreSQL: b.heading = u"### PostgreSQL (10 or later)"_s; break;
    case Kind::MySQL: b.heading = u"### MySQL 8 / MariaDB 10.5 or later"_s; break;
    case Kind::SQLite: b.heading = u"### SQLite (3.35 or later)"_s; break;
    case Kind::Oracle: b.heading = u"### Oracle (12c or later) — not run against a live server"_s; break;
    }
    for (const QString &ddl : d->schema(t))
        add(b, QString(), ddl);
    addAcquires(b, *d, t);
    addHolding(b, *d, t);
    if (d->hasFeature(Feature::ReleaseNotifies))
        add(b, u"notifyReleased: after a force release, in its transaction"_s,
            d->notifyReleased(t, kName));
    add(b, u"forceRelease: in one transaction with its event"_s, d->forceRelease(t, kName, fence));
    add(b, u"initialize: in one transaction with its event; first the tombstone of a deleted lock"_s,
        d->reviveDeleted(t, kName, kTtl, u""_s));
    add(b, u"initialize: or, when there was none, a new row"_s,
        d->initialize(t, kName, kTtl, u""_s));
    add(b, u"delete: in one transaction with its event; the row stays as a tombstone"_s,
        d->deleteLock(t, kName, fence));
    add(b, u"selectState (show; list reads every row the same way)"_s, d->selectState(t, kName));
    const QStringList migration = d->migration(t);
    for (qsizetype i = 0; i < migration.size(); ++i)
        add(b, u"migration %1 of %2 (run by schema --create; nothing to do on a table made by this version)"_s
                   .arg(i + 1).arg(migration.size()),
            migration.at(i));
    return b;
}

// A statement as a reviewer reads it, for the blocks written to LOCKSCOPE_PROTOCOL_BLOCKS:
// a line for each clause of a query (its own or a sub-query's), each item of a query's list
// and each arm of a CASE. Only spaces become line breaks and indentation, so the result is the
// statement, whitespace aside; quoted text and comments are left alone.
class Readable
{
public:
    // (The builders lay their statements out in lines too: that layout is replaced by this one.)
    explicit Readable(const QString &sql) : m_sql(sql.simplified()) { }

    QString text()
    {
        for (m_at = 0; m_at < m_sql.size(); ++m_at) {
            const QChar c = m_sql.at(m_at);
            if (c == u'\'' || c == u'"' || c == u'`')
                copyQuoted(c);
            else if (c == u'/' && m_sql.mid(m_at, 2) == u"/*"_s)
                copyUntil(u"*/"_s);
            else if (c == u' ' && breaksBefore(m_at + 1))
                m_out += u'\n' + QString(indent(m_at + 1), u' ');
            else
                copy(c);
        }
        return m_out;
    }

private:
    static inline const QStringList kClauses = {
        u"SELECT "_s, u"FROM "_s, u"WHERE "_s, u"SET "_s, u"VALUES "_s, u"ON CONFLICT "_s,
        u"DO UPDATE SET "_s, u"ON DUPLICATE KEY UPDATE "_s, u"RETURNING "_s, u"GROUP BY "_s,
        u"ORDER BY "_s, u"LIMIT "_s, u"FOR UPDATE"_s, u"INSERT INTO "_s, u"USING "_s, u"ON ("_s,
        u"WHEN MATCHED "_s, u"WHEN NOT MATCHED "_s};
    static constexpr qsizetype kShort = 60; // a sub-query or IF() this short stays on its line
    // What a parenthesis holds: a query (a line per clause and list item), the arguments of a
    // long IF() (a line per argument and per OR of a condition), or anything else (one line).
    enum class Level { Query, Arguments, Plain };

    Level levelOpenedAt(qsizetype open) const
    {
        if (closingOf(open) - open <= kShort)
            return Level::Plain;
        if (startsWith(open + 1, u"SELECT "_s))
            return Level::Query;
        const bool ifCall = open >= 3 && m_sql.mid(open - 3, 3) == u" IF"_s;
        return ifCall ? Level::Arguments : Level::Plain;
    }

    bool startsWith(qsizetype at, const QString &word) const
    {
        return m_sql.mid(at, word.size()) == word;
    }
    bool breaksBefore(qsizetype at) const
    {
        if (startsWith(at, u"WHEN "_s) || startsWith(at, u"ELSE "_s))
            return true;
        if (m_levels.last() == Level::Plain)
            return false;
        if (m_at > 0 && m_sql.at(m_at - 1) == u',')
            return true;
        if (m_levels.last() == Level::Arguments)
            return startsWith(at, u"OR "_s);
        if (startsWith(at, u"AND "_s))
            return m_cases == 0;
        if (m_sql.mid(m_at - 2, 2) == u"*/"_s) // after an optimizer hint or a MariaDB prefix
            return true;
        if (startsWith(at, u"SET "_s) && m_sql.mid(at - 7, 6) == u"UPDATE"_s) // DO UPDATE SET
            return false;
        return std::any_of(kClauses.begin(), kClauses.end(),
                           [&](const QString &w) { return startsWith(at, w); });
    }
    int indent(qsizetype at) const
    {
        const int clause = 4 * int(m_levels.size() - 1) + 4 * m_cases;
        const bool arm = startsWith(at, u"WHEN "_s) || startsWith(at, u"ELSE "_s);
        const bool item = m_sql.at(m_at - 1) == u',';
        const bool condition = startsWith(at, u"AND "_s) || startsWith(at, u"OR "_s);
        return clause + (arm || item || condition ? 4 : 0) + (startsWith(at, u"OR "_s) ? 4 : 0);
    }
    void copy(QChar c)
    {
        if (c == u'(')
            m_levels.append(levelOpenedAt(m_at));
        else if (c == u')' && m_levels.size() > 1)
            m_levels.removeLast();
        if (startsWith(m_at, u"CASE "_s))
            ++m_cases;
        else if (startsWith(m_at, u"END"_s) && m_cases > 0)
            --m_cases;
        m_out += c;
    }
    qsizetype closingOf(qsizetype open) const
    {
        int depth = 0;
        for (qsizetype i = open; i < m_sql.size(); ++i) {
            depth += m_sql.at(i) == u'(' ? 1 : m_sql.at(i) == u')' ? -1 : 0;
            if (depth == 0)
                return i;
        }
        return m_sql.size();
    }
    void copyQuoted(QChar quote)
    {
        const qsizetype end = m_sql.indexOf(quote, m_at + 1);
        const qsizetype last = end < 0 ? m_sql.size() - 1 : end;
        m_out += m_sql.mid(m_at, last + 1 - m_at);
        m_at = last;
    }
    void copyUntil(const QString &closing)
    {
        const qsizetype end = m_sql.indexOf(closing, m_at + 2);
        const qsizetype last = end < 0 ? m_sql.size() - 1 : end + closing.size() - 1;
        m_out += m_sql.mid(m_at, last + 1 - m_at);
        m_at = last;
    }

    const QString m_sql;
    QString m_out;
    qsizetype m_at = 0;
    QList<Level> m_levels = {Level::Query}; // the statement, then per open parenthesis
    int m_cases = 0;
};

QString sqlOf(const Entry &e)
{
    return (e.comment.isEmpty() ? QString() : u"-- "_s + e.comment + u'\n') + e.statement + u";\n"_s;
}

// The document prints a statement one clause a line: compared with every run of whitespace
// (line breaks and indentation included) as one space.
QString normalised(const QString &sql)
{
    return sql.simplified();
}

// The code block under a dialect's heading, or an empty string.
QString shownBlock(const QString &doc, const QString &heading)
{
    const qsizetype at = doc.indexOf(heading + u'\n');
    const qsizetype open = doc.indexOf(u"```sql\n"_s, at);
    const qsizetype close = doc.indexOf(u"\n```"_s, open);
    if (at < 0 || open < at || close < open)
        return {};
    return doc.mid(open + 7, close + 1 - (open + 7));
}

QString readDoc()
{
    QFile doc(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/docs/protocol.md"));
    return doc.open(QIODevice::ReadOnly) ? QString::fromUtf8(doc.readAll()) : QString();
}

// Every acquire text the dialect can send: the forms above.
QStringList acquireTexts(Kind kind)
{
    const auto d = Dialect::create(kind);
    const TableNames t = TableNames::fromTable(u"dist_lock"_s);
    Block b;
    addAcquires(b, *d, t);
    QStringList texts;
    for (const Entry &e : std::as_const(b.entries))
        texts.append(e.statement);
    return texts;
}

const QList<Kind> kKinds = {Kind::PostgreSQL, Kind::MySQL, Kind::SQLite, Kind::Oracle};

} // namespace

class ProtocolDocTest : public QObject
{
    Q_OBJECT

private slots:
    void documentShowsEveryStatement_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::newRow("postgresql") << Kind::PostgreSQL;
        QTest::newRow("mysql") << Kind::MySQL;
        QTest::newRow("sqlite") << Kind::SQLite;
        QTest::newRow("oracle") << Kind::Oracle;
    }

    void documentShowsEveryStatement()
    {
        QFETCH(Kind, kind);
        const Block block = blockOf(kind);
        QString built;
        for (const Entry &e : std::as_const(block.entries))
            built += sqlOf(e) + u'\n';
        built.chop(1);
        if (const QByteArray out = qgetenv("LOCKSCOPE_PROTOCOL_BLOCKS"); !out.isEmpty()) {
            QFile file(QString::fromLocal8Bit(out));
            QVERIFY(file.open(QIODevice::Append));
            QString readable;
            for (const Entry &e : std::as_const(block.entries))
                readable += sqlOf({e.comment, e.comment.isEmpty() ? e.statement
                                                                  : Readable(e.statement).text()})
                            + u'\n';
            readable.chop(1);
            file.write((block.heading + u"\n\n```sql\n"_s + readable + u"```\n\n"_s).toUtf8());
            QSKIP("written to LOCKSCOPE_PROTOCOL_BLOCKS");
        }
        const QString shown = normalised(shownBlock(readDoc(), block.heading));
        QVERIFY2(!shown.isEmpty(), qPrintable(u"docs/protocol.md has no block under "_s + block.heading));
        for (const Entry &e : std::as_const(block.entries)) {
            if (!shown.contains(normalised(sqlOf(e))))
                QFAIL(qPrintable(u"docs/protocol.md, %1, does not show (whitespace aside):\n%2"_s
                                     .arg(block.heading, sqlOf(e))));
        }
        QCOMPARE(shown, normalised(built)); // in this order, and nothing else
    }

    // The acquire texts a reviewer reads: each one in the document, counted per dialect.
    void documentShowsEveryAcquireText()
    {
        const QString doc = readDoc();
        qsizetype built = 0;
        qsizetype shown = 0;
        for (const Kind kind : kKinds) {
            const QString block = normalised(shownBlock(doc, blockOf(kind).heading));
            for (const QString &text : acquireTexts(kind)) {
                ++built;
                if (block.contains(normalised(text)))
                    ++shown;
                else
                    qWarning().noquote() << "not in docs/protocol.md:" << text;
            }
        }
        qInfo("acquire texts shown in docs/protocol.md: %lld of %lld", qlonglong(shown),
              qlonglong(built));
        QCOMPARE(shown, built);
        // At most one text per dialect and wait strategy (issue 37): PostgreSQL 2, MariaDB
        // 10.5 on 2, MySQL and older MariaDB 2, SQLite 1, Oracle 2 (the MERGE and its answer).
        QCOMPARE(built, qsizetype(9));
    }
};

QTEST_GUILESS_MAIN(ProtocolDocTest)
#include "tst_protocoldoc.moc"
