// SPDX-License-Identifier: Apache-2.0
#include "error.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString Error::fullText() const
{
    QString text = message;
    if (!nativeCode.isEmpty())
        text += u" [code "_s + nativeCode + u']';
    const QString driver = driverText.trimmed();
    if (!driver.isEmpty() && !message.contains(driver))
        text += u" ("_s + driver + u')';
    return text;
}

QString Error::kindName(Kind kind)
{
    switch (kind) {
    case Kind::InvalidInput: return u"invalid_input"_s;
    case Kind::DriverMissing: return u"driver_missing"_s;
    case Kind::Connection: return u"connection"_s;
    case Kind::Authentication: return u"authentication"_s;
    case Kind::MissingSchema: return u"missing_schema"_s;
    case Kind::Database: return u"database"_s;
    case Kind::Duplicate: return u"duplicate"_s;
    case Kind::ConnectionLost: return u"connection_lost"_s;
    case Kind::Cancelled: return u"cancelled"_s;
    case Kind::Busy: return u"busy"_s;
    case Kind::ReadOnly: return u"read_only"_s;
    case Kind::Unavailable: return u"unavailable"_s;
    case Kind::PermissionDenied: return u"permission_denied"_s;
    }
    return u"unknown"_s;
}

} // namespace lockcore
