// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockexport.h"

#include "csvcell.h"
#include "lockjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace lockexport {

namespace {

// The JSON object's fields, in lockctl's order (a QJsonObject sorts its keys).
const QStringList &fieldNames()
{
    static const QStringList names = {
        u"name"_s,       u"state"_s,      u"holder"_s,       u"prev_holder"_s, u"depth"_s,
        u"fence"_s,      u"acquired_at"_s, u"expires_at"_s,  u"renewed_at"_s,  u"remaining_ms"_s,
        u"ttl_ms"_s,     u"description"_s, u"db_now"_s};
    return names;
}

} // namespace

QByteArray toJson(const QString &table, const QList<LockInfo> &locks)
{
    QJsonArray array;
    for (const LockInfo &lock : locks)
        array.append(lockcore::lockToJson(lock));
    const QJsonObject object{{u"table"_s, table}, {u"locks"_s, array}};
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

QByteArray toCsv(const QList<LockInfo> &locks)
{
    QString text = fieldNames().join(u',') + u"\r\n"_s;
    for (const LockInfo &lock : locks) {
        const QJsonObject object = lockcore::lockToJson(lock);
        QStringList fields;
        for (const QString &name : fieldNames())
            fields.append(lockcore::csvCell(object.value(name)));
        text += fields.join(u',') + u"\r\n"_s;
    }
    return text.toUtf8();
}

Format formatOf(const QString &path)
{
    return path.endsWith(u".json"_s, Qt::CaseInsensitive) ? Format::Json : Format::Csv;
}

QString write(const QString &path, const QString &table, const QList<LockInfo> &locks)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    file.write(formatOf(path) == Format::Json ? toJson(table, locks) : toCsv(locks));
    if (!file.commit())
        return file.errorString();
    return {};
}

} // namespace lockexport

} // namespace ui
