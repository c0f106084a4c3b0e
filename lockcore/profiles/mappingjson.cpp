// SPDX-License-Identifier: Apache-2.0
#include "mappingjson.h"

#include "tr.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

constexpr qint64 maxFileBytes = 1024 * 1024; // a mapping is a few lines; anything else is not

} // namespace

bool namesMappingFile(const QString &argument)
{
    return argument.endsWith(u".json"_s, Qt::CaseInsensitive) || argument.contains(u'/');
}

Result<QVariantMap> readMappingFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::invalidInput(
            Tr::tr("Cannot read the mapping file %1: %2").arg(path, file.errorString()));
    if (file.size() > maxFileBytes)
        return Error::invalidInput(
            Tr::tr("The mapping file %1 is too large to be a mapping.").arg(path));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        return Error::invalidInput(
            Tr::tr("The mapping file %1 is not a JSON object: %2")
                .arg(path, parseError.error == QJsonParseError::NoError
                               ? Tr::tr("it holds no object")
                               : parseError.errorString()));
    QVariantMap map = document.object().toVariantMap();
    if (!map.contains(u"profile"_s))
        map.insert(u"profile"_s, u"custom"_s);
    return map;
}

} // namespace lockcore
