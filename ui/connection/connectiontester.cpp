// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectiontester.h"

#include "dialect.h"
#include "driverinfo.h"
#include "lockservice.h"
#include "profiletable.h"
#include "session.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>
#include <memory>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

namespace {

// A lock name nobody uses: reading it touches the lock table and the event table only.
const QString probeLock = u"lockscope-connection-test"_s;

// "PostgreSQL", or "PostgreSQL through ODBC": the product whose own driver speaks the
// session's dialect (through ODBC, the dialect is that of the database behind it).
QString productName(const Dialect &dialect, ConnectionSpec::Backend connectedWith)
{
    QString product = dialect.name();
    for (const DriverInfo &info : DriverInfo::all()) {
        const auto spoken = Dialect::forDriver(info.qtDriver, QString());
        if (spoken && spoken->name() == dialect.name()) {
            product = info.displayName();
            break;
        }
    }
    return connectedWith == ConnectionSpec::Backend::ODBC
               ? ConnectionTester::tr("%1 through ODBC").arg(product)
               : product;
}

} // namespace

ConnectionTester::ConnectionTester(QObject *parent)
    : QObject(parent)
    , m_probe(&ConnectionTester::probe)
{}

// Tests still running finish on their own thread; their results go nowhere.
ConnectionTester::~ConnectionTester() = default;

void ConnectionTester::setProbe(Probe probe)
{
    m_probe = probe ? std::move(probe) : Probe(&ConnectionTester::probe);
}

quint64 ConnectionTester::start(const ConnectionProfile &profile)
{
    const quint64 generation = ++m_generation;
    auto result = std::make_shared<ConnectionTestResult>();
    QThread *thread = QThread::create([probe = m_probe, profile, result, generation] {
        QElapsedTimer clock;
        clock.start();
        *result = probe(profile);
        result->generation = generation;
        result->elapsedMs = clock.elapsed();
    });
    thread->setObjectName(u"lockscope-connection-test"_s);
    // finished is emitted on the test's thread: queued to this object, dropped if it is gone.
    connect(thread, &QThread::finished, this, [this, result] { deliver(*result); });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    // No test thread outlives the application (each is bounded by its connect timeout).
    const int waitMs = (profile.connectTimeoutS + 5) * 1000;
    if (QCoreApplication *app = QCoreApplication::instance())
        connect(app, &QCoreApplication::aboutToQuit, thread,
                [thread, waitMs] { thread->wait(QDeadlineTimer(waitMs)); });
    m_running = true;
    emit started(generation);
    thread->start();
    return generation;
}

void ConnectionTester::cancel()
{
    ++m_generation;
    m_running = false;
}

void ConnectionTester::deliver(const ConnectionTestResult &result)
{
    if (result.generation != m_generation) {
        emit dropped(result.generation);
        return;
    }
    m_running = false;
    emit finished(result);
}

ConnectionTestResult ConnectionTester::probe(const ConnectionProfile &profile)
{
    ConnectionTestResult result;
    if (Status valid = profile.validate(); !valid) {
        result.error = valid.error();
        return result;
    }
    const ConnectionSpec &spec = profile.spec;
    if (spec.backend == ConnectionSpec::Backend::SQLite) {
        const QFileInfo file(spec.path);
        if (file.absoluteDir().exists() && !file.exists()) {
            // Opening would create it: a test has no side effects.
            result.fileMissing = true;
            return result;
        }
    }
    auto session = Session::open(spec, SessionOptions{profile.connectTimeoutS});
    if (!session) {
        result.error = session.error();
        return result;
    }
    result.connected = true;
    result.databaseName = productName((*session)->dialect(), spec.backend);
    if (!profile.lockProfile.isEmpty()) {
        auto lockProfile = Profile::fromMap(profile.lockProfile); // checked by validate()
        result.profileId = lockProfile->id;
        auto table = ProfileTable::open(**session, *lockProfile, profile.table);
        if (!table) {
            if (table.error().kind != Error::Kind::MissingSchema)
                result.error = table.error();
            return result;
        }
        result.lockTableFound = true;
        result.eventTableFound = true;
        return result;
    }
    auto service = LockService::create(**session, profile.table);
    if (!service) {
        result.error = service.error();
        return result;
    }
    auto lock = service->lock(probeLock);
    if (!lock) {
        if (lock.error().kind != Error::Kind::MissingSchema)
            result.error = lock.error();
        return result;
    }
    result.lockTableFound = true;
    auto events = service->history(probeLock, 1);
    if (!events && events.error().kind != Error::Kind::MissingSchema)
        result.error = events.error();
    result.eventTableFound = events.ok();
    return result;
}

QString ConnectionTester::describe(const ConnectionTestResult &result, const QString &table)
{
    if (result.fileMissing)
        return tr("The file does not exist yet: it will be created when you connect. Then "
                  "create the lock table from the main window (Create schema\u2026).");
    if (!result.connected)
        return result.error ? result.error->message : tr("Could not connect.");
    // Each sentence pair is one translatable text, so that a translation can join them its way.
    const QString connected = tr("Connected: %1 (%2 ms).")
                                  .arg(result.databaseName)
                                  .arg(result.elapsedMs);
    if (result.error && !result.lockTableFound)
        return tr("%1 Reading the lock table %2 failed: %3")
            .arg(connected, table, result.error->message);
    if (!result.profileId.isEmpty()) {
        if (!result.lockTableFound)
            return tr("%1 Table %2 not found: it is the application's, which creates it.")
                .arg(connected, table);
        return tr("%1 Table %2 found, with the columns of the %3 profile.")
            .arg(connected, table, result.profileId);
    }
    if (result.error)
        return tr("%1 Lock table %2 found, but reading its event table failed: %3")
            .arg(connected, table, result.error->message);
    if (!result.lockTableFound)
        return tr("%1 Lock table %2 not found (create it from the main window with Create "
                  "schema\u2026).")
            .arg(connected, table);
    if (!result.eventTableFound)
        return tr("%1 Lock table %2 found, but not its event table %2_event (Create "
                  "schema\u2026 in the main window adds it).")
            .arg(connected, table);
    return tr("%1 Lock table %2 found.").arg(connected, table);
}

} // namespace ui
