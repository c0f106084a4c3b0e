// SPDX-License-Identifier: GPL-3.0-or-later
#include "simrecords.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;
using locksim::AttemptRecord;
using locksim::HoldRecord;

namespace lockctl {

QByteArray recordLine(const QString &type, QJsonObject fields)
{
    fields.insert(u"t"_s, type);
    return QJsonDocument(fields).toJson(QJsonDocument::Compact) + '\n';
}

bool HistoryMerger::sameGrant(const HoldRecord &a, const HoldRecord &b)
{
    return a.client == b.client && a.lock == b.lock && a.fence == b.fence
           && a.acquiredDbUs == b.acquiredDbUs;
}

bool HistoryMerger::addLine(int child, qint64 pid, const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return false;
    const QJsonObject object = document.object();
    const QString type = object.value(u"t"_s).toString();
    if (type == u"acquired") {
        HoldRecord hold = HoldRecord::fromJson(object);
        hold.pid = pid;
        m_open[child].append(hold);
        ++m_acquisitions;
    } else if (type == u"hold") {
        HoldRecord hold = HoldRecord::fromJson(object);
        hold.pid = pid;
        QList<HoldRecord> &open = m_open[child];
        for (qsizetype i = 0; i < open.size(); ++i) {
            if (sameGrant(open.at(i), hold)) {
                open.removeAt(i);
                break;
            }
        }
        m_history->holds.append(hold);
    } else if (type == u"write") {
        m_history->writes.append(locksim::WriteRecord::fromJson(object));
    } else if (type == u"failure") {
        m_history->failures.append(AttemptRecord::fromJson(object));
    } else if (type == u"crashed") {
        ++m_history->crashes;
    } else if (type == u"paused") {
        ++m_history->pauses;
    } else {
        return false;
    }
    return true;
}

void HistoryMerger::childEnded(int child, bool died)
{
    const QList<HoldRecord> open = m_open.take(child);
    for (HoldRecord hold : open) {
        hold.end = died ? HoldRecord::End::Crashed : HoldRecord::End::Running;
        m_history->holds.append(hold);
    }
}

QList<HoldRecord> HistoryMerger::openHolds(int child) const
{
    return m_open.value(child);
}


void HistoryMerger::setOpenExpiry(int child, const HoldRecord &hold, qint64 expiresDbUs)
{
    for (HoldRecord &open : m_open[child]) {
        if (sameGrant(open, hold))
            open.expiresDbUs = qMax(open.expiresDbUs, expiresDbUs);
    }
}

} // namespace lockctl
