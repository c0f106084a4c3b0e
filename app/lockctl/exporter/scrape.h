// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metricsnapshot.h"

#include <QHttpServerResponder>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <functional>
#include <optional>

namespace lockctl {

class Target;

// One request for /metrics: a read of every target (or the one under way), answered when all
// have finished or when the scrape timeout has passed, whichever comes first. A target that has
// not answered by then, or whose read was already stuck, is reported down with the timeout as
// its duration. The answer starts with `header` (lockscope_build_info), then every target's
// families. The HTTP thread never waits: the answer is written from the event loop.
class Scrape : public QObject
{
    Q_OBJECT
public:
    Scrape(const QList<Target *> &targets, qint64 timeoutMs, const QByteArray &header,
           QHttpServerResponder &&responder, QObject *parent = nullptr);

private:
    void onReadDone(qsizetype index, quint64 read);
    void finish();

    QList<Target *> m_targets;
    QList<quint64> m_reads;                        // per target: the read awaited (0: stuck)
    QList<std::optional<lockcore::TableSnapshot>> m_results;
    qsizetype m_pending = 0;
    double m_timeoutSeconds;
    QByteArray m_header;
    QTimer m_timer;
    QHttpServerResponder m_responder;
    QPointer<QTcpSocket> m_socket;
    bool m_finished = false;
};

} // namespace lockctl
