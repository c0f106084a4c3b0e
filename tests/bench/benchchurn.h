// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"

#include <QThread>
#include <atomic>

namespace bench {

// Changes the lock table while the monitor watches it, through the real protocol on a
// connection and thread of its own: every second `perSecond` acquires of random locks (free
// and expired ones are taken, held ones refused) and releases of the locks it took before.
class Churn : public QThread
{
public:
    Churn(lockcore::ConnectionSpec spec, QString table, int locks, int perSecond);
    ~Churn() override;

    void stop();
    qint64 changes() const { return m_changes; }
    QString error() const { return m_error; }

protected:
    void run() override;

private:
    lockcore::ConnectionSpec m_spec;
    QString m_table;
    int m_locks;
    int m_perSecond;
    std::atomic<bool> m_stop{false};
    std::atomic<qint64> m_changes{0};
    QString m_error;
};

} // namespace bench
