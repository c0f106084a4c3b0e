// SPDX-License-Identifier: GPL-3.0-or-later
// The admin audit on each backend: force releases, deletes, initializations by two actors and a
// test hold by the window, among grants and releases that are not admin actions, read back by
// lockcore (readAdminEvents) filtered by actor, lock pattern (a name with a quote, an
// underscore and a percent sign), time (the database clock) and action, with "more" past the
// limit; then by real "lockctl audit" processes, whose CSV and JSON parse back to those rows;
// and the record of a force release on an application's table (issue 50).

#include "adminaudit.h"
#include "auditexport.h"
#include "holderid.h"
#include "lockctlrun.h"
#include "lockjson.h"
#include "testbackend.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using lockcore::AuditRequest;
using lockcore::LockEvent;
using lockcore::LockService;
using testsupport::runLockctl;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

Q_DECLARE_METATYPE(lockcore::AuditRequest)

namespace {

const QString kAnn = u"ann@ops (tst_audit)"_s;
const QString kBob = u"Bob@db (tst_audit)"_s;
// The window's actor ("user@host (lockscope)"), once the application exists.
QString windowActor()
{
    return lockcore::actorId(AuditRequest::windowTool());
}
const QString kQuoted = u"orders.a'b_1"_s;  // a quote and an underscore
const QString kLookalike = u"orders.a'bX1"_s; // what an unescaped "_" would match too
const QString kPercent = u"orders%2"_s;
const QString kReason = u"disk full, \"really\"\nsee ticket 7"_s; // a comma, quotes, a line

// An event as the tests compare it: "action|lock|actor".
QString label(const LockEvent &e)
{
    return lockcore::auditActionOf(e) + u'|' + e.lockName + u'|' + e.actor;
}

// An event's fields in lockcore::auditFields() order, as text (the expected file rows).
QStringList fieldsOf(const LockEvent &e)
{
    return {QString::number(e.id), lockcore::isoTime(e.at), lockcore::auditActionOf(e), e.kind,
            e.lockName, e.holder, QString::number(e.fence), e.actor, e.detail};
}

// RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, quotes ("") and breaks.
QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"')
                field += text.at(++i);
            else if (c == u'"')
                quoted = false;
            else
                field += c;
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            row.append(std::exchange(field, QString()));
        } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
            row.append(std::exchange(field, QString()));
            rows.append(std::exchange(row, QStringList()));
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}

} // namespace

class LockctlAuditTest : public QObject
{
    Q_OBJECT

private slots:
    // Two actors' admin actions, then the window's test hold, among other changes; the
    // database time between the first actor's and the second's is m_between.
    void initTestCase()
    {
        QString error;
        m_session = TestBackend::instance().open(&error);
        QVERIFY2(m_session, qPrintable(error));
        m_table = TestBackend::uniqueTable(u"audit"_s);
        auto ann = service(kAnn);
        QVERIFY(ann);
        LOCKSCOPE_VERIFY_OK(ann->createSchema());
        for (const QString &name : {kQuoted, kLookalike, u"billing.x"_s, kPercent})
            LOCKSCOPE_VERIFY_OK(ann->initialize(name, 30000, u"by ann"_s));
        // Strictly between: after every event above (each at or before `done`), before every
        // event below.
        const QDateTime done = laterClock();
        m_between = laterClock(done);
        QVERIFY(m_between.isValid());
        QVERIFY(laterClock(m_between).isValid());

        // An application's grant, force-released by bob; bob deletes a free lock.
        auto app = service(u"app@host (lockctl)"_s);
        auto bob = service(kBob);
        auto grant = app->acquire(kQuoted, u"job-7"_s, 60000);
        LOCKSCOPE_VERIFY_OK(grant);
        LOCKSCOPE_VERIFY_OK(bob->forceRelease(kQuoted, grant->fence, kReason));
        LOCKSCOPE_VERIFY_OK(bob->remove(u"billing.x"_s));
        // The window's test hold, released again (the release is no admin action).
        auto window = service(windowActor());
        auto held = window->acquire(kLookalike, lockcore::toolHolderId(u"lockscope"_s), 60000);
        LOCKSCOPE_VERIFY_OK(held);
        LOCKSCOPE_VERIFY_OK(window->release(kLookalike, held->holder, held->fence));
    }

    void filters_data()
    {
        QTest::addColumn<AuditRequest>("request");
        QTest::addColumn<QStringList>("expected"); // labels, newest first
        const QString hold = u"test_hold|"_s + kLookalike + u'|' + windowActor();
        const QString deleted = u"delete|billing.x|"_s + kBob;
        const QString forced = u"force_release|"_s + kQuoted + u'|' + kBob;
        const auto init = [](const QString &name) -> QString {
            return u"init|"_s + name + u'|' + kAnn;
        };
        const QStringList inits = {init(kPercent), init(u"billing.x"_s), init(kLookalike),
                                   init(kQuoted)};
        const auto with = [](auto change) {
            AuditRequest request;
            change(request);
            return request;
        };
        QTest::newRow("everything") << AuditRequest() << QStringList{hold, deleted, forced} + inits;
        QTest::newRow("actor contains, ignoring case")
            << with([](AuditRequest &r) { r.actor = u"ANN@"_s; }) << inits;
        QTest::newRow("actor exact")
            << with([](AuditRequest &r) { r.actor = kBob, r.actorExact = true; })
            << QStringList{deleted, forced};
        QTest::newRow("actor exact is not a part")
            << with([](AuditRequest &r) { r.actor = u"Bob@db"_s, r.actorExact = true; })
            << QStringList();
        QTest::newRow("pattern: quote and literal underscore")
            << with([](AuditRequest &r) { r.lockPattern = u"orders.a'b_*"_s; })
            << QStringList{forced, init(kQuoted)};
        QTest::newRow("pattern: literal percent")
            << with([](AuditRequest &r) { r.lockPattern = u"orders%*"_s; })
            << QStringList{init(kPercent)};
        QTest::newRow("pattern: ? and case")
            << with([](AuditRequest &r) { r.lockPattern = u"ORDERS.A'B?1"_s; })
            << QStringList{hold, forced, init(kLookalike), init(kQuoted)};
        QTest::newRow("since a time") << with([this](AuditRequest &r) { r.since.at = m_between; })
                                      << QStringList{hold, deleted, forced};
        QTest::newRow("until a time") << with([this](AuditRequest &r) { r.until.at = m_between; })
                                      << inits;
        QTest::newRow("since an hour ago")
            << with([](AuditRequest &r) { r.since.agoMs = 3600000; })
            << QStringList{hold, deleted, forced} + inits;
        QTest::newRow("until an hour ago")
            << with([](AuditRequest &r) { r.until.agoMs = 3600000; }) << QStringList();
        QTest::newRow("test holds")
            << with([](AuditRequest &r) { r.actions = {u"test_hold"_s}; }) << QStringList{hold};
        QTest::newRow("force releases and deletes")
            << with([](AuditRequest &r) { r.actions = {u"force_release"_s, u"delete"_s}; })
            << QStringList{deleted, forced};
    }

    // Each filter, alone, keeps exactly its admin actions, newest first; grants and releases
    // that are no test hold are never among them.
    void filters()
    {
        QFETCH(AuditRequest, request);
        QFETCH(QStringList, expected);
        auto page = read(request);
        LOCKSCOPE_VERIFY_OK(page);
        QStringList labels;
        for (const LockEvent &e : page->events)
            labels.append(label(e));
        QCOMPARE(labels, expected);
        QVERIFY(!page->more);
    }

    // The limit keeps the newest; "more" says that others match.
    void limitSaysMore()
    {
        AuditRequest request;
        request.limit = 2;
        auto page = read(request);
        LOCKSCOPE_VERIFY_OK(page);
        QCOMPARE(page->events.size(), 2);
        QVERIFY(page->more);
        QCOMPARE(lockcore::auditActionOf(page->events.first()), u"test_hold"_s);
        request.limit = 7; // exactly as many as match
        page = read(request);
        LOCKSCOPE_VERIFY_OK(page);
        QCOMPARE(page->events.size(), 7);
        QVERIFY(!page->more);
    }

    // lockctl audit --format csv parses back (RFC 4180) to the rows lockcore read, the reason's
    // comma, quotes and line break included.
    void lockctlCsvParsesBack()
    {
        const Run run = lockctl({u"--actor"_s, u"bob"_s, u"--format"_s, u"csv"_s});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.describe()));
        const QList<QStringList> rows = parseCsv(run.outText());
        AuditRequest request;
        request.actor = u"bob"_s;
        auto page = read(request);
        LOCKSCOPE_VERIFY_OK(page);
        QCOMPARE(rows.value(0), lockcore::auditFields());
        QList<QStringList> expected;
        for (const LockEvent &e : page->events)
            expected.append(fieldsOf(e));
        QCOMPARE(rows.mid(1), expected);
        QVERIFY(run.outText().contains(kReason.left(9))); // the reason is there, quoted
    }

    // lockctl audit --format json is one array of the same rows (times ISO 8601 UTC); --json
    // is an object that says when more match than --limit.
    void lockctlJsonParsesBack()
    {
        const Run run = lockctl({u"--lock"_s, u"orders.a'b_*"_s, u"--format"_s, u"json"_s});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.describe()));
        const QJsonDocument doc = QJsonDocument::fromJson(run.out);
        QVERIFY2(doc.isArray(), qPrintable(run.describe()));
        QList<QStringList> rows;
        for (const QJsonValue &value : doc.array()) {
            QStringList row;
            for (const QString &field : lockcore::auditFields()) {
                const QJsonValue v = value.toObject().value(field);
                row.append(v.isDouble() ? QString::number(v.toInteger()) : v.toString());
            }
            rows.append(row);
        }
        AuditRequest request;
        request.lockPattern = u"orders.a'b_*"_s;
        auto page = read(request);
        LOCKSCOPE_VERIFY_OK(page);
        QList<QStringList> expected;
        for (const LockEvent &e : page->events)
            expected.append(fieldsOf(e));
        QCOMPARE(rows, expected);
        QCOMPARE(rows.size(), 2);
        QVERIFY(rows.first().at(1).endsWith(u'Z'));

        const Run limited = lockctl({u"--json"_s, u"--limit"_s, u"1"_s});
        QVERIFY2(limited.isJson && limited.exitCode == 0, qPrintable(limited.describe()));
        QCOMPARE(limited.json[u"events"_s].toArray().size(), 1);
        QCOMPARE(limited.json[u"more"_s].toBool(), true);
    }

    // Issue 50, defect 4: a force release on an application's table (ShedLock's) records its
    // reason, and says where on stderr and in --json: in the event table of --audit-table when
    // the database has it (readAdminEvents finds it as "shedlock:TABLE/NAME"); else one JSON
    // line in the local audit log ($XDG_STATE_HOME); when that cannot be written either, the
    // release is still done (exit 0) and stderr and --json say it was not recorded. Without
    // --reason nothing is done (usage, 2).
    void profileForceReleaseRecordsReason()
    {
        const QString table = TestBackend::uniqueTable(u"audit_sl"_s);
        m_dropped << table;
        const QString time = TestBackend::instance().isSqlite()    ? u"TEXT"_s
                             : TestBackend::instance().isMariadb() ? u"TIMESTAMP(3)"_s
                                                                   : u"TIMESTAMP"_s;
        QString error;
        QVERIFY2(testsupport::execRaw(*m_session,
                                      u"CREATE TABLE "_s + table
                                          + u" (name VARCHAR(64) NOT NULL PRIMARY KEY, "
                                            "lock_until "_s + time + u" NOT NULL, locked_at "_s
                                          + time + u" NOT NULL, locked_by VARCHAR(255) NOT NULL)"_s,
                                      &error),
                 qPrintable(error));
        const QStringList p{u"--profile"_s, u"shedlock"_s, u"--table"_s, table};
        for (const QString &name : {u"j1"_s, u"j2"_s, u"j3"_s}) {
            const Run held = runLockctl(p + QStringList{u"acquire"_s, name, u"--holder"_s,
                                                        u"app"_s, u"--ttl"_s, u"5m"_s});
            QVERIFY2(held.exitCode == 0, qPrintable(held.describe()));
        }
        const Run listed = runLockctl(p + QStringList{u"list"_s, u"--json"_s});
        QHash<QString, QString> seen; // name -> expect_time
        for (const QJsonValue &lock : listed.json[u"locks"_s].toArray())
            seen.insert(lock[u"name"_s].toString(),
                        QString::number(lock[u"expect_time"_s].toInteger()));
        QCOMPARE(seen.size(), 3);
        const auto force = [&](const QString &name, const QString &auditTable,
                               const QString &state, const QString &reason = kReason) {
            testsupport::LockctlOptions options;
            options.environment = {{u"XDG_STATE_HOME"_s, state}};
            QStringList args = p + QStringList{u"--audit-table"_s, auditTable, u"force-release"_s,
                                               name, u"--expect-holder"_s, u"app"_s,
                                               u"--expect-time"_s, seen.value(name), u"--json"_s};
            if (!reason.isEmpty())
                args << u"--reason"_s << reason;
            return runLockctl(args, options);
        };
        QTemporaryDir state;
        const QString noSchema = TestBackend::uniqueTable(u"audit_none"_s);
        const QString logPath = state.filePath(u"lockscope/audit.jsonl"_s);

        const Run unreasoned = force(u"j1"_s, m_table, state.path(), QString());
        QVERIFY2(unreasoned.exitCode == 2, qPrintable(unreasoned.describe()));

        // Lockscope's event table is there: the event, found by the audit.
        const Run inTable = force(u"j1"_s, m_table, state.path());
        QVERIFY2(inTable.exitCode == 0 && inTable.isJson, qPrintable(inTable.describe()));
        QCOMPARE(inTable.json[u"released"_s].toBool(), true);
        const QJsonObject recorded = inTable.json[u"recorded"_s].toObject();
        QCOMPARE(recorded[u"where"_s].toString(), u"event_table"_s);
        QCOMPARE(recorded[u"place"_s].toString(), m_table + u"_event"_s);
        QCOMPARE(recorded[u"reason"_s].toString(), kReason);
        QVERIFY2(inTable.errText().startsWith(u"Recorded: "_s), qPrintable(inTable.describe()));
        AuditRequest request;
        request.lockPattern = u"shedlock:"_s + table + u"/*"_s;
        auto page = read(request);
        LOCKSCOPE_VERIFY_OK(page);
        QCOMPARE(page->events.size(), 1);
        const LockEvent &event = page->events.first();
        QCOMPARE(event.kind, u"force_release"_s);
        QCOMPARE(event.lockName, u"shedlock:"_s + table + u"/j1"_s);
        QCOMPARE(event.holder, u"app"_s);
        QVERIFY2(event.actor.endsWith(u" (lockctl)"_s), qPrintable(event.actor));
        QVERIFY2(event.detail.startsWith(u"released; reason: "_s + kReason), qPrintable(event.detail));
        QVERIFY(!QFile::exists(logPath));

        // No event table: one line in the local log.
        const Run inLog = force(u"j2"_s, noSchema, state.path());
        QVERIFY2(inLog.exitCode == 0, qPrintable(inLog.describe()));
        QCOMPARE(inLog.json[u"recorded"_s][u"where"_s].toString(), u"local_log"_s);
        QCOMPARE(inLog.json[u"recorded"_s][u"place"_s].toString(), logPath);
        QFile log(logPath);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = log.readAll().split('\n');
        QCOMPARE(lines.size(), 2); // one line, ended
        const QJsonObject line = QJsonDocument::fromJson(lines.first()).object();
        QCOMPARE(line[u"profile"_s].toString(), u"shedlock"_s);
        QCOMPARE(line[u"table"_s].toString(), table);
        QCOMPARE(line[u"lock"_s].toString(), u"j2"_s);
        QCOMPARE(line[u"action"_s].toString(), u"force_release"_s);
        QCOMPARE(line[u"reason"_s].toString(), kReason);
        QCOMPARE(line[u"outcome"_s].toString(), u"released"_s);
        QCOMPARE(line[u"expect_holder"_s].toString(), u"app"_s);
        QCOMPARE(QString::number(line[u"expect_time"_s].toInteger()), seen.value(u"j2"_s));
        QCOMPARE(line[u"database"_s].toString(), TestBackend::instance().displayUrl());
        QVERIFY(line[u"admin"_s].toString().endsWith(u" (lockctl)"_s));
        QVERIFY(QDateTime::fromString(line[u"time"_s].toString(), Qt::ISODateWithMs).isValid());
        QVERIFY(line[u"time"_s].toString().endsWith(u'Z'));

        // Nowhere to write: still released, and said so.
        const QString blocked = state.filePath(u"a-file"_s);
        QFile file(blocked);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const Run nowhere = force(u"j3"_s, noSchema, blocked);
        QVERIFY2(nowhere.exitCode == 0, qPrintable(nowhere.describe()));
        QCOMPARE(nowhere.json[u"released"_s].toBool(), true);
        QCOMPARE(nowhere.json[u"recorded"_s][u"where"_s].toString(), u"nowhere"_s);
        QVERIFY2(nowhere.json[u"recorded"_s][u"error"_s].toString().contains(blocked),
                 qPrintable(nowhere.describe()));
        QVERIFY2(nowhere.errText().contains(u"Not recorded: "_s), qPrintable(nowhere.describe()));
    }

    void cleanupTestCase()
    {
        for (const QString &table : std::as_const(m_dropped))
            testsupport::execRaw(*m_session, u"DROP TABLE "_s + table);
        if (m_session && !m_table.isEmpty()) {
            testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table + u"_event"_s);
            testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table);
        }
    }

private:
    // A service on the test's session acting as `actor`, recording every change.
    std::optional<LockService> service(const QString &actor)
    {
        auto created = LockService::create(*m_session, m_table);
        if (!created)
            return std::nullopt;
        created->setActor(actor);
        created->setEventLevel(LockService::EventLevel::All);
        return std::move(created).value();
    }

    lockcore::Result<lockcore::AuditPage> read(const AuditRequest &request)
    {
        auto svc = LockService::create(*m_session, m_table);
        return lockcore::readAdminEvents(*m_session, svc->tables(), request);
    }

    // The database clock once it is past `after` (invalid: any reading), or invalid.
    QDateTime laterClock(const QDateTime &after = {})
    {
        auto svc = LockService::create(*m_session, m_table);
        QDateTime now;
        (void)QTest::qWaitFor([&] {
            auto clock = svc->clock();
            now = clock ? clock->dbNow : QDateTime();
            return now.isValid() && (!after.isValid() || now > after);
        }, 5000);
        return now > after || !after.isValid() ? now : QDateTime();
    }

    Run lockctl(const QStringList &args)
    {
        return runLockctl(QStringList{u"--table"_s, m_table, u"audit"_s} + args);
    }

    std::unique_ptr<lockcore::Session> m_session;
    QString m_table;
    QDateTime m_between;
    QStringList m_dropped; // applications' tables made by a test
};

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlAuditTest)
#include "tst_lockctl_audit.moc"
