// SPDX-License-Identifier: GPL-3.0-or-later
// The admin audit on each backend: force releases, deletes, initializations by two actors and a
// test hold by the window, among grants and releases that are not admin actions, read back by
// lockcore (readAdminEvents) filtered by actor, lock pattern (a name with a quote, an
// underscore and a percent sign), time (the database clock) and action, with "more" past the
// limit; then by real "lockctl audit" processes, whose CSV and JSON parse back to those rows.

#include "adminaudit.h"
#include "auditexport.h"
#include "holderid.h"
#include "lockctlrun.h"
#include "lockjson.h"
#include "testbackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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

    void cleanupTestCase()
    {
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
};

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlAuditTest)
#include "tst_lockctl_audit.moc"
