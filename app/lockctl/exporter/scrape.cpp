// SPDX-License-Identifier: GPL-3.0-or-later
#include "scrape.h"

#include "exposition.h"
#include "target.h"

namespace lockctl {

Scrape::Scrape(const QList<Target *> &targets, qint64 timeoutMs, const QByteArray &header,
               QHttpServerResponder &&responder, QObject *parent)
    : QObject(parent)
    , m_targets(targets)
    , m_timeoutSeconds(double(timeoutMs) / 1000.0)
    , m_header(header)
    , m_responder(std::move(responder))
    , m_socket(m_responder.socket())
{
    m_results.resize(targets.size());
    m_reads.resize(targets.size());
    for (qsizetype i = 0; i < targets.size(); ++i) {
        Target *target = targets.at(i);
        m_reads[i] = target->startRead(timeoutMs);
        if (m_reads[i] == 0) {
            m_results[i] = target->down(m_timeoutSeconds);
            continue;
        }
        ++m_pending;
        connect(target, &Target::readDone, this, [this, i](quint64 read) { onReadDone(i, read); });
    }
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer); // not early: the timeout is the scrape's promise
    connect(&m_timer, &QTimer::timeout, this, &Scrape::finish);
    if (m_pending == 0)
        QTimer::singleShot(0, this, &Scrape::finish);
    else
        m_timer.start(int(timeoutMs));
}

void Scrape::onReadDone(qsizetype index, quint64 read)
{
    if (m_finished || read != m_reads.at(index) || m_results.at(index))
        return;
    m_results[index] = m_targets.at(index)->lastSnapshot();
    if (--m_pending == 0)
        finish();
}

void Scrape::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_timer.stop();
    QList<lockcore::TableSnapshot> tables;
    tables.reserve(m_targets.size());
    for (qsizetype i = 0; i < m_targets.size(); ++i) {
        if (!m_results.at(i)) {
            m_targets.at(i)->noteNoAnswer(qint64(m_timeoutSeconds * 1000));
            m_results[i] = m_targets.at(i)->down(m_timeoutSeconds);
        }
        tables.append(m_targets.at(i)->counted(std::move(*m_results[i])));
    }
    if (m_socket && m_socket->isOpen())
        m_responder.write(m_header + lockcore::renderExposition(tables),
                          {{"Content-Type", lockcore::expositionContentType()}});
    deleteLater();
}

} // namespace lockctl
