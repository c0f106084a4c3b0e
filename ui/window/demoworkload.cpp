// SPDX-License-Identifier: GPL-3.0-or-later
#include "demoworkload.h"

#include "holderid.h"
#include "leasekeeper.h"
#include "lockservice.h"
#include "session.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

QStringList DemoWorkload::lockNames()
{
    return {u"billing.nightly-invoices"_s, u"etl.orders-sync"_s, u"reports.daily-pdf"_s,
            u"search.reindex"_s, u"cache.warmup"_s, u"payments.settlement"_s};
}

Result<ConnectionSpec> DemoWorkload::defaultSpec()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (dir.isEmpty() || !QDir().mkpath(dir))
        return Error::invalidInput(
            QCoreApplication::translate("DemoWorkload", "Cannot create the directory %1.")
                .arg(dir));
    return ConnectionSpec::parse(u"sqlite:"_s + dir + u"/demo.sqlite"_s);
}

QString DemoWorkload::prepare(const ConnectionSpec &spec, const QString &table)
{
    auto session = Session::open(spec);
    if (!session)
        return session.error().fullText();
    auto service = LockService::create(**session, table);
    if (!service)
        return service.error().fullText();
    service->setActor(actorId(u"lockscope demo"_s));
    if (Status created = service->createSchema(); !created)
        return created.error().fullText();
    const QStringList descriptions = {
        u"Generates the invoices once a night"_s, u"Copies new orders to the warehouse"_s,
        u"Renders the daily PDF report"_s,        u"Rebuilds the search index"_s,
        u"Fills the cache after a deploy"_s,      u"Settles card payments with the bank"_s};
    const QStringList names = lockNames();
    for (int i = 0; i < names.size(); ++i) {
        auto init = service->initialize(names.at(i), 5000 + 2500 * i, descriptions.value(i));
        if (!init)
            return init.error().fullText();
    }
    return {};
}

DemoWorkload::~DemoWorkload()
{
    stop();
}

void DemoWorkload::start(const ConnectionSpec &spec, const QString &table, int clients)
{
    stop();
    m_stop = false;
    for (int id = 0; id < clients; ++id)
        m_threads.emplace_back([this, id, spec, table] { runClient(id, spec, table); });
}

void DemoWorkload::stop()
{
    m_stop = true;
    for (std::thread &thread : m_threads)
        thread.join();
    m_threads.clear();
}

void DemoWorkload::runClient(int id, ConnectionSpec spec, QString table)
{
    auto session = Session::open(spec);
    if (!session)
        return;
    auto service = LockService::create(**session, table);
    if (!service)
        return;
    service->setEventLevel(LockService::EventLevel::All);
    const QStringList names = lockNames();
    // "worker-N@host:pid:hex": the default form with a worker name for the user, so that the
    // window can tell when this process is gone (its holds then show as lost owner).
    // A worker that "crashed" comes back as a new process would: with a new holder id.
    auto newHolder = [id]() -> QString {
        const QString fresh = defaultHolderId();
        return u"worker-%1"_s.arg(id + 1) + fresh.mid(fresh.indexOf(u'@'));
    };
    QString holder = newHolder();
    QRandomGenerator random(quint32(id * 7919 + 17));
    auto sleepFor = [this](qint64 ms) {
        for (qint64 slept = 0; slept < ms && !m_stop; slept += 50)
            QThread::msleep(50);
    };
    while (!m_stop) {
        const QString name = names.at(random.bounded(int(names.size())));
        RetryPolicy policy;
        policy.deadlineMs = 2000;
        auto grant = service->acquireWithWait(name, holder, 0, policy, &m_stop);
        if (!grant || !grant->acquired) {
            sleepFor(300 + random.bounded(700));
            continue;
        }
        const qint64 ttl = grant->acquiredAt.msecsTo(grant->expiresAt);
        // One hold in ten "crashes": it never releases, and the lease runs out.
        if (random.bounded(10) == 0) {
            holder = newHolder();
            sleepFor(500);
            continue;
        }
        const qint64 work = 1000 + random.bounded(int(qMax<qint64>(2000, ttl * 2)));
        lockcore::LeaseKeeper keeper(service.value(), *grant, ttl); // at a third of the lease
        QElapsedTimer worked;
        worked.start();
        while (worked.elapsed() < work && !m_stop) {
            sleepFor(qMin(work - worked.elapsed(), keeper.msUntilDue()));
            if (worked.elapsed() >= work)
                break;
            const lockcore::LeaseKeeper::Step step = keeper.renewIfDue();
            if (step == lockcore::LeaseKeeper::Step::Lost
                || step == lockcore::LeaseKeeper::Step::Lapsed)
                break;
        }
        service->release(name, holder, grant->fence);
        sleepFor(200 + random.bounded(1500));
    }
}

} // namespace ui
