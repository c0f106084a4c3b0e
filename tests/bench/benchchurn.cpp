// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchchurn.h"

#include "lockservice.h"
#include "session.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace bench {

Churn::Churn(ConnectionSpec spec, QString table, int locks, int perSecond)
    : m_spec(std::move(spec)), m_table(std::move(table)), m_locks(locks), m_perSecond(perSecond)
{
}

Churn::~Churn()
{
    stop();
}

void Churn::stop()
{
    m_stop = true;
    wait();
}

void Churn::run()
{
    auto session = Session::open(m_spec);
    if (!session) {
        m_error = session.error().fullText();
        return;
    }
    auto service = LockService::create(**session, m_table);
    if (!service) {
        m_error = service.error().fullText();
        return;
    }
    const QString holder = u"churn@bench-host:%1:%2"_s.arg(QCoreApplication::applicationPid())
                               .arg(QRandomGenerator::global()->generate(), 8, 16,
                                    QLatin1Char('0'));
    QRandomGenerator random(7u);
    QHash<QString, qint64> mine; // lock name -> fence
    while (!m_stop) {
        QElapsedTimer second;
        second.start();
        for (int op = 0; op < m_perSecond && !m_stop; ++op) {
            const QString name = u"lock-%1"_s.arg(random.bounded(m_locks), 7, 10,
                                                  QLatin1Char('0'));
            if (const auto fence = mine.constFind(name); fence != mine.cend()) {
                if (auto released = service->release(name, holder, *fence);
                    released && released->released)
                    ++m_changes;
                mine.remove(name);
                continue;
            }
            auto grant = service->acquire(name, holder, 5000 + random.bounded(55000));
            if (grant && grant->acquired) {
                mine.insert(name, grant->fence);
                ++m_changes;
            }
        }
        while (!m_stop && second.elapsed() < 1000)
            msleep(20);
    }
    for (auto it = mine.cbegin(); it != mine.cend(); ++it)
        service->release(it.key(), holder, it.value());
}

} // namespace bench
