// SPDX-License-Identifier: GPL-3.0-or-later
// One page of the lock table in one statement (lockcore/protocol/lockpage.h; the statement is
// Dialect::lockPage), per backend: the rows that match a text and state filter, in name order
// or in the order asked for (LockPageOrder, at the database clock), from an offset, with the
// counts of the table, the same rows as LockService::list() reads, and the filter always a
// bound value.

#include "pageorder.h"
#include "testbackend.h"

#include "lockpage.h"

#include <QRegularExpression>
#include <QThread>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

Q_DECLARE_METATYPE(std::optional<lockcore::LockState>)
Q_DECLARE_METATYPE(lockcore::LockPageSort)

namespace {

const QString Alpha = u"alpha@host-a:11:aa"_s;
const QString Beta = u"BETA@host-b:22:bb"_s;
const QString Gamma = u"gamma@host-c:33:cc"_s;
const QString Hostile = u"a_b%c'd"_s; // LIKE's and SQL's metacharacters, to be taken literally

bool sameLock(const LockInfo &a, const LockInfo &b)
{
    return a.name == b.name && a.holder == b.holder && a.prevHolder == b.prevHolder
           && a.depth == b.depth && a.fence == b.fence && a.acquiredAt == b.acquiredAt
           && a.expiresAt == b.expiresAt && a.renewedAt == b.renewedAt && a.ttlMs == b.ttlMs
           && a.description == b.description && a.state == b.state;
}

// What the page must hold, worked out here from every lock as list() reads them.
bool matches(const LockInfo &info, const QString &text, std::optional<LockState> state)
{
    if (state && info.state != *state)
        return false;
    return text.isEmpty() || info.name.contains(text, Qt::CaseInsensitive)
           || info.holder.contains(text, Qt::CaseInsensitive)
           || info.description.contains(text, Qt::CaseInsensitive);
}

QStringList namesOf(const QList<LockInfo> &locks)
{
    QStringList names;
    for (const LockInfo &info : locks)
        names.append(info.name);
    return names;
}

} // namespace

class LockPageTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void pageHoldsTheRowsListReads();
    void filtersAndWindows_data();
    void filtersAndWindows();
    void onePageIsOneStatement();
    void ordersMatchAFullRead_data();
    void ordersMatchAFullRead();
    void statementTextBindsEveryValue_data();
    void statementTextBindsEveryValue();
    void problemsByTheDatabaseClock();

private:
    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
};

void LockPageTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    auto service = LockService::create(*m_session, TestBackend::uniqueTable(u"page"_s));
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());

    // 40 locks page-000 ... page-039 (descriptions alternate), a hostile name and its
    // look-alike; some held by Alpha and Beta, two expired (Gamma's lease ran out).
    for (int i = 0; i < 40; ++i) {
        const QString name = u"page-%1"_s.arg(i, 3, 10, QLatin1Char('0'));
        const QString description = i % 2 ? u"cache warmer"_s : u"nightly Report job"_s;
        auto created = m_locks->initialize(name, 30000, description);
        LOCKSCOPE_VERIFY_OK(created);
    }
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(Hostile, 30000, u"odd one"_s));
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(u"ab-cd"_s, 30000, u"look-alike"_s));
    for (const int i : {1, 3, 5, 7, 9, 33}) {
        auto grant = m_locks->acquire(u"page-%1"_s.arg(i, 3, 10, QLatin1Char('0')), Alpha, 600000);
        QVERIFY(grant && grant->acquired);
    }
    auto beta = m_locks->acquire(u"page-010"_s, Beta, 600000);
    QVERIFY(beta && beta->acquired);
    QThread::msleep(5); // acquired later, with a shorter lease: other orders of held for and
                        // remaining time than of names
    auto late = m_locks->acquire(u"page-002"_s, Beta, 300000);
    QVERIFY(late && late->acquired);
    for (const QString &name : {u"page-020"_s, u"page-021"_s}) {
        auto grant = m_locks->acquire(name, Gamma, 20);
        QVERIFY(grant && grant->acquired);
    }
    // A deleted lock (a tombstone row) is in no page and no count.
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(u"page-deleted"_s, 30000, u"gone"_s));
    auto deleted = m_locks->remove(u"page-deleted"_s);
    QVERIFY(deleted && deleted->deleted);
    QThread::msleep(300); // Gamma's leases run out
}

void LockPageTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        const Dialect &d = m_session->dialect();
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + d.eventTable(m_locks->tables()));
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + d.lockTable(m_locks->tables()));
    }
}

// The page is a statement of its own beside the dialects' selectAll: the whole table as one
// page is exactly what list() reads, state by the database clock included.
void LockPageTest::pageHoldsTheRowsListReads()
{
    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    LockPageRequest request;
    request.limit = 1000;
    auto page = readLockPage(*m_session, m_locks->tables(), request);
    LOCKSCOPE_VERIFY_OK(page);
    QCOMPARE(page->locks.size(), all->size());
    QCOMPARE(all->size(), 42); // not the deleted one
    QCOMPARE(page->free, qint64(42 - 10));
    QCOMPARE(page->total, qint64(all->size()));
    QCOMPARE(page->matching, qint64(all->size()));
    for (qsizetype i = 0; i < all->size(); ++i)
        QVERIFY2(sameLock(page->locks.at(i), all->at(i)), qPrintable(all->at(i).name));
    QVERIFY(page->dbNow.isValid());
    QVERIFY(qAbs(page->dbNow.msecsTo(all->first().dbNow)) < 5000);
}

void LockPageTest::filtersAndWindows_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<LockState>>("state");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("limit");
    const std::optional<LockState> any;
    QTest::newRow("everything") << QString() << any << 0 << 1000;
    QTest::newRow("a window") << QString() << any << 10 << 7;
    QTest::newRow("the last rows") << QString() << any << 38 << 10;
    QTest::newRow("name, other case") << u"PAGE-01"_s << any << 0 << 100;
    QTest::newRow("name, a window of it") << u"page-0"_s << any << 12 << 5;
    QTest::newRow("holder, other case") << u"beta@"_s << any << 0 << 100;
    QTest::newRow("description") << u"report"_s << any << 3 << 6;
    QTest::newRow("held") << QString() << std::optional(LockState::Held) << 0 << 100;
    QTest::newRow("held, a window") << QString() << std::optional(LockState::Held) << 2 << 3;
    QTest::newRow("expired") << QString() << std::optional(LockState::Expired) << 0 << 100;
    QTest::newRow("free and a name") << u"page-00"_s << std::optional(LockState::Free) << 0
                                     << 100;
    QTest::newRow("held and a holder") << u"ALPHA"_s << std::optional(LockState::Held) << 1
                                       << 2;
    QTest::newRow("metacharacters are literal") << u"_b%c'"_s << any << 0 << 100;
    QTest::newRow("a percent sign alone") << u"%"_s << any << 0 << 100;
    QTest::newRow("nothing matches") << u"zzz"_s << any << 0 << 100;
    QTest::newRow("past the end") << QString() << any << 500 << 10;
    QTest::newRow("past the end of a filter") << u"page-01"_s << any << 10 << 10;
}

// The right rows for a filter and a window, in name order, and the counts beside them.
void LockPageTest::filtersAndWindows()
{
    QFETCH(QString, text);
    QFETCH(std::optional<LockState>, state);
    QFETCH(int, offset);
    QFETCH(int, limit);
    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    QStringList expected;
    qint64 free = 0;
    qint64 expired = 0;
    for (const LockInfo &info : *all) {
        if (matches(info, text, state))
            expected.append(info.name);
        free += info.state == LockState::Free ? 1 : 0;
        expired += info.state == LockState::Expired ? 1 : 0;
    }
    std::sort(expected.begin(), expected.end());
    const qint64 matching = expected.size();
    expected = expected.mid(offset, limit);

    LockPageRequest request{text, state, offset, limit, {}};
    auto page = readLockPage(*m_session, m_locks->tables(), request);
    LOCKSCOPE_VERIFY_OK(page);
    QStringList names;
    for (const LockInfo &info : page->locks)
        names.append(info.name);
    QCOMPARE(names, expected);
    QCOMPARE(page->matching, matching);
    QCOMPARE(page->offset, qint64(offset));
    QCOMPARE(page->total, qint64(all->size()));
    QCOMPARE(page->free, free);
    QCOMPARE(page->expired, expired);
    QVERIFY(page->dbNow.isValid()); // also from an empty page
    for (const LockInfo &info : page->locks) {
        const auto same = std::find_if(all->cbegin(), all->cend(), [&](const LockInfo &other) {
            return other.name == info.name;
        });
        QVERIFY(same != all->cend() && sameLock(info, *same));
    }
}

// Rows, counts and clock come back in one round trip, whatever the filter.
void LockPageTest::onePageIsOneStatement()
{
    const QList<LockPageRequest> requests = {
        {}, {u"page"_s, std::nullopt, 5, 10, {}}, {u"x"_s, LockState::Held, 0, 3, {}},
        {QString(), LockState::Expired, 100, 10, {}}};
    for (const LockPageRequest &request : requests) {
        const quint64 before = m_session->roundTrips();
        auto page = readLockPage(*m_session, m_locks->tables(), request);
        LOCKSCOPE_VERIFY_OK(page);
        QCOMPARE(m_session->roundTrips() - before, quint64(1));
    }
}

void LockPageTest::ordersMatchAFullRead_data()
{
    QTest::addColumn<LockPageSort>("by");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<std::optional<LockState>>("state");
    const std::pair<LockPageSort, const char *> sorts[] = {
        {LockPageSort::Name, "name"},           {LockPageSort::Holder, "holder"},
        {LockPageSort::State, "state"},         {LockPageSort::Remaining, "remaining"},
        {LockPageSort::HeldFor, "held for"}};
    for (const auto &[by, label] : sorts) {
        for (const bool descending : {false, true}) {
            const QByteArray row = QByteArray(label) + (descending ? " desc" : " asc");
            QTest::newRow(row.constData()) << by << descending << std::optional<LockState>();
            QTest::newRow(QByteArray(row + ", held").constData())
                << by << descending << std::optional(LockState::Held);
        }
    }
}

// Each order read a page at a time (pages of 6, and a window from the middle) gives the order
// worked out here from a full read, and the pages neither overlap nor skip a lock: the name
// breaks every tie.
void LockPageTest::ordersMatchAFullRead()
{
    QFETCH(LockPageSort, by);
    QFETCH(bool, descending);
    QFETCH(std::optional<LockState>, state);
    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    QList<LockInfo> matching;
    for (const LockInfo &info : std::as_const(*all))
        if (matches(info, QString(), state))
            matching.append(info);
    const LockPageOrder order{by, descending};
    const QStringList expected = testsupport::inPageOrder(matching, order);
    QVERIFY(expected.size() >= 8);

    QStringList paged;
    for (qint64 offset = 0; offset < expected.size() + 6; offset += 6) {
        const LockPageRequest request{QString(), state, offset, 6, order};
        auto page = readLockPage(*m_session, m_locks->tables(), request);
        LOCKSCOPE_VERIFY_OK(page);
        QCOMPARE(page->matching, qint64(expected.size()));
        paged += namesOf(page->locks);
    }
    QCOMPARE(paged, expected);

    const LockPageRequest middle{QString(), state, 3, 4, order};
    auto page = readLockPage(*m_session, m_locks->tables(), middle);
    LOCKSCOPE_VERIFY_OK(page);
    QCOMPARE(namesOf(page->locks), expected.mid(3, 4));
}

// The names on a page of the problems among the locks named "prob...".
QStringList problemNames(Session &session, const TableNames &tables,
                         const QList<LockPageProblems::LongHold> &longHolds, qint64 *matching)
{
    LockPageRequest request;
    request.text = u"prob"_s;
    request.limit = 100;
    request.problems = LockPageProblems{longHolds};
    auto page = readLockPage(session, tables, request);
    if (!page) {
        qWarning("%s", qPrintable(page.error().message));
        return {u"(error)"_s};
    }
    *matching = page->matching;
    QStringList names;
    for (const LockInfo &info : page->locks)
        names.append(info.name);
    return names;
}

// The "Problems" filter as the database applies it, by its clock (lockscope's large tables):
// a lease that ended; a holder more than half of its lease late to renew, though its lease
// runs (not before); a running lease longer than the threshold of the first long-hold rule
// whose pattern matches (LIKE's own '_' and '%' taken literally); not a free or fresh lock.
void LockPageTest::problemsByTheDatabaseClock()
{
    const TableNames tables = m_locks->tables();
    LOCKSCOPE_VERIFY_OK(m_locks->initialize(u"prob-free"_s, 30000, {}));
    for (const QString &name : {u"prob-fresh"_s, u"prob_x%1"_s, u"probax%1"_s}) {
        auto grant = m_locks->acquire(name, Alpha, 600000);
        QVERIFY(grant && grant->acquired);
    }
    auto expired = m_locks->acquire(u"prob-expired"_s, Gamma, 20);
    QVERIFY(expired && expired->acquired);
    auto late = m_locks->acquire(u"prob-late"_s, Beta, 10000); // late after 5 s, ends at 10 s
    QVERIFY(late && late->acquired);
    const auto dbNow = [this] {
        LockPageRequest clockOnly;
        clockOnly.limit = 0;
        auto page = readLockPage(*m_session, m_locks->tables(), clockOnly);
        return page ? page->dbNow : QDateTime();
    };
    const QDateTime lateFrom = late->acquiredAt.addMSecs(5000);
    const QDateTime expiredAt = expired->expiresAt;
    QTRY_VERIFY_WITH_TIMEOUT(dbNow() > expiredAt, 5000);
    qint64 matching = -1;
    if (dbNow() < lateFrom) // (a machine slow enough to be past it already checks the rest)
        QCOMPARE(problemNames(*m_session, tables, {}, &matching),
                 QStringList{u"prob-expired"_s});

    QTRY_VERIFY_WITH_TIMEOUT(dbNow() > lateFrom.addMSecs(100), 15000);
    QCOMPARE(problemNames(*m_session, tables, {}, &matching),
             (QStringList{u"prob-expired"_s, u"prob-late"_s}));
    QCOMPARE(matching, qint64(2));
    const QList<LockPageProblems::LongHold> rules{
        {u"prob-fresh"_s, 3'600'000}, {u"prob_x%*"_s, 1}, {u"prob*"_s, 3'600'000}};
    QCOMPARE(problemNames(*m_session, tables, rules, &matching),
             (QStringList{u"prob-expired"_s, u"prob-late"_s, u"prob_x%1"_s}));
    QCOMPARE(matching, qint64(3));
    QVERIFY2(dbNow() < late->expiresAt, "the test ran past prob-late's lease");
}

void LockPageTest::statementTextBindsEveryValue_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("sqlite") << int(Dialect::Kind::SQLite);
    QTest::newRow("postgresql") << int(Dialect::Kind::PostgreSQL);
    QTest::newRow("mysql") << int(Dialect::Kind::MySQL);
    QTest::newRow("oracle") << int(Dialect::Kind::Oracle); // text only: no Oracle server here
}

// For every dialect (Oracle's is checked nowhere else): the filter text and the window are
// bound values, one per placeholder, and the text is one statement.
void LockPageTest::statementTextBindsEveryValue()
{
    QFETCH(int, kind);
    const auto dialect = Dialect::create(Dialect::Kind(kind));
    const QString hostile = u"'); DROP TABLE x; -- ?"_s;
    const Statement st = dialect->lockPage(TableNames::fromTable(u"dist_lock"_s),
                                           {hostile, LockState::Held, 40, 25, {}});
    QVERIFY(!st.text().contains(u"DROP"_s));
    QVERIFY(!st.text().contains(u';'));
    QVERIFY(!st.text().contains(u'['));
    QString outsideQuotes = st.text();
    outsideQuotes.remove(QRegularExpression(u"'[^']*'"_s));
    QVERIFY2(!QRegularExpression(u":[A-Za-z_]"_s).match(outsideQuotes).hasMatch(),
             qPrintable(st.text()));
    QCOMPARE(outsideQuotes.count(u'?'), st.binds().size());
    QCOMPARE(st.binds().count(QVariant(hostile)), 6); // name, holder, description; twice
    QVERIFY(st.binds().contains(QVariant(qint64(40))));
    QVERIFY(st.binds().contains(QVariant(qint64(25))));
    // Each database's own window, the offset (40) and the limit (25) bound in its order.
    const QList<QVariant> window = st.binds().mid(st.binds().size() - 2);
    if (Dialect::Kind(kind) == Dialect::Kind::Oracle) {
        QVERIFY2(st.text().contains(u" ORDER BY y.name OFFSET ? ROWS FETCH NEXT ? ROWS ONLY) "_s),
                 qPrintable(st.text()));
        QVERIFY2(!st.text().contains(u"LIMIT"_s), qPrintable(st.text()));
        QCOMPARE(window, QList<QVariant>({qint64(40), qint64(25)}));
    } else {
        const QString limit = Dialect::Kind(kind) == Dialect::Kind::PostgreSQL
                                  ? u" LIMIT CAST(? AS bigint) OFFSET CAST(? AS bigint)) "_s
                                  : u" LIMIT ? OFFSET ?) "_s;
        QVERIFY2(st.text().contains(u" ORDER BY y.name"_s + limit), qPrintable(st.text()));
        QVERIFY2(!st.text().contains(u"FETCH"_s), qPrintable(st.text()));
        QCOMPARE(window, QList<QVariant>({qint64(25), qint64(40)}));
    }
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockPageTest)
#include "tst_lockpage.moc"
