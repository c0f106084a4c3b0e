// SPDX-License-Identifier: Apache-2.0
#include "auditexport.h"

#include "adminaudit.h"
#include "csvcell.h"
#include "lockjson.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace lockcore {

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
            cells.append(csvCell(object.value(field)));
        text += cells.join(u',') + u"\r\n"_s;
    }
    return text.toUtf8();
}

} // namespace lockcore
