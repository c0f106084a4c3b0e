#include "lockexport.h"

#include "lockjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace lockexport {

namespace {

// RFC 4180: quoted when it holds a separator, a quote or a line break (quotes doubled).
QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n')
        && !text.contains(u'\r'))
        return text;
    QString quoted = text;
    quoted.replace(u'"', u"\"\""_s);
    return u'"' + quoted + u'"';
}

// The JSON object's fields, in lockctl's order (a QJsonObject sorts its keys).
const QStringList &fieldNames()
{
    static const QStringList names = {
        u"name"_s,       u"state"_s,      u"holder"_s,       u"prev_holder"_s, u"depth"_s,
        u"fence"_s,      u"acquired_at"_s, u"expires_at"_s,  u"renewed_at"_s,  u"remaining_ms"_s,
        u"ttl_ms"_s,     u"description"_s, u"db_now"_s};
    return names;
}

// A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before
// one) as a formula: a lock name or holder such as "=HYPERLINK(...)" would run on the reader's
// machine. Such text is written with a leading apostrophe, which spreadsheets show as text.
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
            fields.append(csvField(csvText(object.value(name))));
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
