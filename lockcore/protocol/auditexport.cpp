// SPDX-License-Identifier: Apache-2.0
#include "auditexport.h"

#include "adminaudit.h"
#include "lockjson.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n')
        && !text.contains(u'\r'))
        return text;
    QString quoted = text;
    quoted.replace(u'"', u"\"\""_s);
    return u'"' + quoted + u'"';
}

// A lock name or reason such as "=HYPERLINK(...)" would run on the reader's machine.
QString defused(const QString &text)
{
    static const QString starters = u"=+-@\t\r"_s;
    return !text.isEmpty() && starters.contains(text.front()) ? u'\'' + text : text;
}

QString csvText(const QJsonValue &value)
{
    if (value.isNull())
        return {};
    if (value.isDouble())
        return QString::number(qint64(value.toDouble())); // a number, never a formula
    return defused(value.toString());
}

} // namespace

QStringList auditFields()
{
    return {u"id"_s,     u"at"_s,    u"action"_s, u"kind"_s,  u"lock"_s,
            u"holder"_s, u"fence"_s, u"actor"_s,  u"detail"_s};
}

QJsonObject auditEventToJson(const LockEvent &event)
{
    return {
        {u"id"_s, event.id},
        {u"at"_s, jsonTime(event.at)},
        {u"action"_s, auditActionOf(event)},
        {u"kind"_s, event.kind},
        {u"lock"_s, event.lockName},
        {u"holder"_s, jsonText(event.holder)},
        {u"fence"_s, event.fence},
        {u"actor"_s, jsonText(event.actor)},
        {u"detail"_s, jsonText(event.detail)},
    };
}

QByteArray auditJson(const QList<LockEvent> &events)
{
    QJsonArray array;
    for (const LockEvent &event : events)
        array.append(auditEventToJson(event));
    return QJsonDocument(array).toJson(QJsonDocument::Indented);
}

QByteArray auditCsv(const QList<LockEvent> &events)
{
    const QStringList fields = auditFields();
    QString text = fields.join(u',') + u"\r\n"_s;
    for (const LockEvent &event : events) {
        const QJsonObject object = auditEventToJson(event);
        QStringList cells;
        for (const QString &field : fields)
            cells.append(csvField(csvText(object.value(field))));
        text += cells.join(u',') + u"\r\n"_s;
    }
    return text.toUtf8();
}

} // namespace lockcore
