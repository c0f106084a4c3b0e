// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockctljson.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace testsupport {

QDateTime isoUtc(const QJsonValue &value)
{
    static const QRegularExpression format(
        u"^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"_s);
    if (!value.isString() || !format.match(value.toString()).hasMatch())
        return {};
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

qint64 jsonInteger(const QJsonValue &value)
{
    return value.isDouble() ? qint64(value.toDouble()) : -1;
}

} // namespace testsupport
