// SPDX-License-Identifier: Apache-2.0
#include "simhistory.h"

#include <QJsonArray>
#include <limits>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

HoldRecord::End endFromName(const QString &name)
{
    for (auto end : {HoldRecord::End::Released, HoldRecord::End::Crashed, HoldRecord::End::Lost})
        if (endName(end) == name)
            return end;
    return HoldRecord::End::Running;
}

template<typename T>
QJsonArray arrayOf(const QList<T> &items)
{
    QJsonArray array;
    for (const T &item : items)
        array.append(item.toJson());
    return array;
}

// A CSV field: quoted when it holds a separator, a quote or a line break.
QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    QString quoted = text;
    quoted.replace(u"\""_s, u"\"\""_s);
    return u'"' + quoted + u'"';
}

} // namespace

bool grantedEarlier(const HoldRecord &a, const HoldRecord &b)
{
    if (a.acquiredDbUs != b.acquiredDbUs)
        return a.acquiredDbUs < b.acquiredDbUs;
    if (a.fence != b.fence)
        return a.fence < b.fence;
    // Without fences (the baselines), a hold that ended in the millisecond it began came
    // first: the other was granted after it (for-update: a holder that crashed at once).
    const auto end = [](const HoldRecord &h) {
        const qint64 until = h.validUntilDbUs();
        return until == 0 ? std::numeric_limits<qint64>::max() : until;
    };
    return end(a) < end(b);
}

QString endName(HoldRecord::End end)
{
    switch (end) {
    case HoldRecord::End::Released: return u"released"_s;
    case HoldRecord::End::Crashed: return u"crashed"_s;
    case HoldRecord::End::Lost: return u"lost"_s;
    case HoldRecord::End::Running: break;
    }
    return u"running"_s;
}

qint64 HoldRecord::validUntilDbUs() const
{
    // The release as it was reported, even after the lease's end: a release that succeeded
    // then says the lock was still this holder's; a grant to another before it is an overlap.
    return end == End::Released ? releasedDbUs : expiresDbUs;
}

QJsonObject HoldRecord::toJson() const
{
    return {{u"client"_s, client},
            {u"lock"_s, lock},
            {u"node"_s, node},
            {u"holder"_s, holder},
            {u"fence"_s, fence},
            {u"requested_us"_s, requestedDbUs},
            {u"acquired_us"_s, acquiredDbUs},
            {u"expires_us"_s, expiresDbUs},
            {u"released_us"_s, releasedDbUs},
            {u"end"_s, endName(end)},
            {u"attempts"_s, attempts},
            {u"took_over"_s, tookOver},
            {u"paused"_s, paused},
            {u"commit_failed"_s, commitFailed},
            {u"pid"_s, pid}};
}

HoldRecord HoldRecord::fromJson(const QJsonObject &o)
{
    HoldRecord h;
    h.client = o.value(u"client"_s).toInt();
    h.lock = o.value(u"lock"_s).toInt();
    h.node = o.value(u"node"_s).toInt();
    h.holder = o.value(u"holder"_s).toString();
    h.fence = o.value(u"fence"_s).toInteger();
    h.requestedDbUs = o.value(u"requested_us"_s).toInteger();
    h.acquiredDbUs = o.value(u"acquired_us"_s).toInteger();
    h.expiresDbUs = o.value(u"expires_us"_s).toInteger();
    h.releasedDbUs = o.value(u"released_us"_s).toInteger();
    h.end = endFromName(o.value(u"end"_s).toString());
    h.attempts = o.value(u"attempts"_s).toInt(1);
    h.tookOver = o.value(u"took_over"_s).toBool();
    h.paused = o.value(u"paused"_s).toBool();
    h.commitFailed = o.value(u"commit_failed"_s).toBool();
    h.pid = o.value(u"pid"_s).toInteger();
    return h;
}

QJsonObject WriteRecord::toJson() const
{
    return {{u"client"_s, client},     {u"lock"_s, lock},
            {u"fence"_s, fence},       {u"before_us"_s, beforeDbUs},
            {u"after_us"_s, afterDbUs}, {u"accepted"_s, accepted},
            {u"late"_s, late}};
}

WriteRecord WriteRecord::fromJson(const QJsonObject &o)
{
    WriteRecord w;
    w.client = o.value(u"client"_s).toInt();
    w.lock = o.value(u"lock"_s).toInt();
    w.fence = o.value(u"fence"_s).toInteger();
    w.beforeDbUs = o.value(u"before_us"_s).toInteger();
    w.afterDbUs = o.value(u"after_us"_s).toInteger();
    w.accepted = o.value(u"accepted"_s).toBool();
    w.late = o.value(u"late"_s).toBool();
    return w;
}

QJsonObject AttemptRecord::toJson() const
{
    return {{u"client"_s, client},
            {u"lock"_s, lock},
            {u"at_us"_s, atDbUs},
            {u"attempts"_s, attempts},
            {u"error"_s, error}};
}

AttemptRecord AttemptRecord::fromJson(const QJsonObject &o)
{
    return AttemptRecord{o.value(u"client"_s).toInt(), o.value(u"lock"_s).toInt(),
                         o.value(u"at_us"_s).toInteger(), o.value(u"attempts"_s).toInt(),
                         o.value(u"error"_s).toString()};
}

QJsonObject History::toJson() const
{
    return {{u"locks"_s, QJsonArray::fromStringList(lockNames)},
            {u"nodes"_s, QJsonArray::fromStringList(nodeNames)},
            {u"start_us"_s, startDbUs},
            {u"end_us"_s, endDbUs},
            {u"holds"_s, arrayOf(holds)},
            {u"writes"_s, arrayOf(writes)},
            {u"failures"_s, arrayOf(failures)},
            {u"crashes"_s, crashes},
            {u"pauses"_s, pauses}};
}

History History::fromJson(const QJsonObject &o)
{
    History h;
    for (const QJsonValue &v : o.value(u"locks"_s).toArray())
        h.lockNames.append(v.toString());
    for (const QJsonValue &v : o.value(u"nodes"_s).toArray())
        h.nodeNames.append(v.toString());
    h.startDbUs = o.value(u"start_us"_s).toInteger();
    h.endDbUs = o.value(u"end_us"_s).toInteger();
    for (const QJsonValue &v : o.value(u"holds"_s).toArray())
        h.holds.append(HoldRecord::fromJson(v.toObject()));
    for (const QJsonValue &v : o.value(u"writes"_s).toArray())
        h.writes.append(WriteRecord::fromJson(v.toObject()));
    for (const QJsonValue &v : o.value(u"failures"_s).toArray())
        h.failures.append(AttemptRecord::fromJson(v.toObject()));
    h.crashes = o.value(u"crashes"_s).toInt();
    h.pauses = o.value(u"pauses"_s).toInt();
    return h;
}

QString History::holdsCsv() const
{
    QString csv = u"client,lock,lock_name,node,node_url,holder,fence,requested_us,acquired_us,"
                  u"expires_us,released_us,valid_until_us,end,attempts,took_over,paused,"
                  u"commit_failed,pid\n"_s;
    for (const HoldRecord &h : holds) {
        const QStringList fields{QString::number(h.client),
                                 QString::number(h.lock),
                                 csvField(lockNames.value(h.lock)),
                                 QString::number(h.node),
                                 csvField(nodeNames.value(h.node)),
                                 csvField(h.holder),
                                 QString::number(h.fence),
                                 QString::number(h.requestedDbUs),
                                 QString::number(h.acquiredDbUs),
                                 QString::number(h.expiresDbUs),
                                 QString::number(h.releasedDbUs),
                                 QString::number(h.validUntilDbUs()),
                                 endName(h.end),
                                 QString::number(h.attempts),
                                 h.tookOver ? u"1"_s : u"0"_s,
                                 h.paused ? u"1"_s : u"0"_s,
                                 h.commitFailed ? u"1"_s : u"0"_s,
                                 QString::number(h.pid)};
        csv += fields.join(u',') + u'\n';
    }
    return csv;
}

QString History::writesCsv() const
{
    QString csv = u"client,lock,lock_name,fence,before_us,after_us,accepted,late\n"_s;
    for (const WriteRecord &w : writes) {
        const QStringList fields{QString::number(w.client),
                                 QString::number(w.lock),
                                 csvField(lockNames.value(w.lock)),
                                 QString::number(w.fence),
                                 QString::number(w.beforeDbUs),
                                 QString::number(w.afterDbUs),
                                 w.accepted ? u"1"_s : u"0"_s,
                                 w.late ? u"1"_s : u"0"_s};
        csv += fields.join(u',') + u'\n';
    }
    return csv;
}

} // namespace locksim
