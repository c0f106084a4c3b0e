// docs/protocol.md shows every dialect's statements as lockcore sends them: this test builds
// them from the dialects and fails when the document no longer has one of them verbatim, so
// the document a reviewer checks is the code. To refresh the document after a change, run
// with LOCKSCOPE_PROTOCOL_BLOCKS=<file>: the blocks are written there (one per dialect, each
// between its "### " heading and the closing fence), to paste over the old ones.

#include "dialect.h"

#include <QFile>
#include <QtTest>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Statement;
using lockcore::TableNames;
using Kind = Dialect::Kind;

namespace {

constexpr qint64 kTtl = 5000; // a lease given in the call
const QString kName = u"name"_s;
const QString kHolder = u"holder"_s;

struct Block
{
    QString heading;
    QString sql;
};

void add(QString &sql, const QString &comment, const QString &statement)
{
    sql += u"-- "_s + comment + u'\n' + statement + u";\n\n"_s;
}

Block blockOf(Kind kind)
{
    const auto d = Dialect::create(kind);
    const TableNames t = TableNames::fromTable(u"dist_lock"_s);
    const qint64 fence = 1;
    Block b;
    for (const QString &ddl : d->schema(t))
        b.sql += ddl + u";\n\n"_s;
    switch (kind) {
    case Kind::PostgreSQL:
        b.heading = u"### PostgreSQL (10 or later)"_s;
        add(b.sql, u"acquire: creates, takes, re-enters or takes over; the grant comes back, no row when refused"_s,
            d->acquire(t, kName, kHolder, kTtl).text());
        add(b.sql, u"acquire of a waiter in the queue: first waits up to the bound lock_timeout for the wake-up lock"_s,
            d->acquireUpsert(t, kName, kHolder, kTtl, d->wakeLockName(t, kName),
                             Dialect::WakeLockTaking::WaitedFirst, 0.25)
                .text());
        break;
    case Kind::MySQL:
        b.heading = u"### MySQL 8 / MariaDB 10.5 or later"_s;
        add(b.sql, u"MariaDB 10.5 and later: acquire, one prepared statement; with the wake-up lock \"lockscope:<digest>\""_s,
            d->acquireUpsert(t, kName, kHolder, kTtl, d->wakeLockName(t, kName),
                             Dialect::WakeLockTaking::NotQueued)
                .text());
        add(b.sql, u"MySQL: acquire, sent together with the SELECT after it, as one batch; ? are written in as literals"_s,
            d->acquireBatch(t, kName, kHolder, kTtl).text());
        add(b.sql, u"MySQL: acquire of a name that has no row (the batch found none)"_s,
            d->insertAcquire(t, kName, kHolder, kTtl).text());
        add(b.sql, u"acquireAnswer: after insertAcquire"_s,
            d->acquireAnswer(t, kName, kHolder).text());
        break;
    case Kind::SQLite:
        b.heading = u"### SQLite (3.35 or later)"_s;
        add(b.sql, u"acquire"_s, d->acquire(t, kName, kHolder, kTtl).text());
        break;
    case Kind::Oracle:
        b.heading = u"### Oracle (12c or later) — not run against a live server"_s;
        add(b.sql, u"acquire: a conditional UPDATE, then acquireAnswer"_s,
            d->acquire(t, kName, kHolder, kTtl).text());
        add(b.sql, u"acquire of a name that has no row (the UPDATE changed none, and no row is there)"_s,
            d->insertAcquire(t, kName, kHolder, kTtl).text());
        add(b.sql, u"acquireAnswer"_s, d->acquireAnswer(t, kName, kHolder).text());
        break;
    }
    const Statement renewBatch = d->renewBatch(t, kName, kHolder, fence, kTtl);
    if (!renewBatch.text().isEmpty())
        add(b.sql, u"renew: sent together with the SELECT after it, as one batch"_s, renewBatch.text());
    else
        add(b.sql, u"renew"_s, d->renew(t, kName, kHolder, fence, kTtl).text());
    add(b.sql, u"release"_s, d->release(t, kName, kHolder, fence).text());
    add(b.sql, u"forceRelease: in one transaction with its event"_s,
        d->forceRelease(t, kName, fence).text());
    add(b.sql, u"initialize: in one transaction with its event; first the tombstone of a deleted lock"_s,
        d->reviveDeleted(t, kName, kTtl, u""_s).text());
    add(b.sql, u"initialize: or, when there was none, a new row"_s,
        d->initialize(t, kName, kTtl, u""_s).text());
    add(b.sql, u"delete: in one transaction with its event; the row stays as a tombstone"_s,
        d->deleteLock(t, kName, fence).text());
    add(b.sql, u"selectState (show; list reads every row the same way)"_s,
        d->selectState(t, kName).text());
    const QStringList migration = d->migration(t);
    for (qsizetype i = 0; i < migration.size(); ++i)
        add(b.sql, u"migration %1 of %2 (run by schema --create; nothing to do on a table made by this version)"_s
                       .arg(i + 1).arg(migration.size()),
            migration.at(i));
    b.sql.chop(1);
    return b;
}

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
        if (const QByteArray out = qgetenv("LOCKSCOPE_PROTOCOL_BLOCKS"); !out.isEmpty()) {
            QFile file(QString::fromLocal8Bit(out));
            QVERIFY(file.open(QIODevice::Append));
            file.write((block.heading + u"\n\n```sql\n"_s + block.sql + u"```\n\n"_s).toUtf8());
            QSKIP("written to LOCKSCOPE_PROTOCOL_BLOCKS");
        }
        QFile doc(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/docs/protocol.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        const qsizetype at = text.indexOf(block.heading + u'\n');
        QVERIFY2(at >= 0, qPrintable(block.heading));
        const qsizetype open = text.indexOf(u"```sql\n"_s, at);
        const qsizetype close = text.indexOf(u"\n```"_s, open);
        QVERIFY(open > at && close > open);
        const QString shown = text.mid(open + 7, close + 1 - (open + 7));
        if (shown != block.sql) {
            const QStringList want = block.sql.split(u'\n');
            const QStringList have = shown.split(u'\n');
            for (qsizetype i = 0; i < qMax(want.size(), have.size()); ++i) {
                if (want.value(i) != have.value(i))
                    QFAIL(qPrintable(u"docs/protocol.md, %1, line %2 of its block:\n  shown: %3\n  built: %4"_s
                                         .arg(block.heading)
                                         .arg(i + 1)
                                         .arg(have.value(i), want.value(i))));
            }
        }
    }
};

QTEST_GUILESS_MAIN(ProtocolDocTest)
#include "tst_protocoldoc.moc"
