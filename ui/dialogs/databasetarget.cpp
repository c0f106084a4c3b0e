// SPDX-License-Identifier: GPL-3.0-or-later
#include "databasetarget.h"

#include "windowconnection.h"

#include <QLabel>

using namespace Qt::StringLiterals;
using Backend = lockcore::ConnectionSpec::Backend;

namespace ui {

namespace {

// "PostgreSQL 127.0.0.1:5432/app", "SQLite /var/lib/app/locks.db": which server and database,
// without user or password.
QString whereText(const lockcore::ConnectionSpec &spec)
{
    switch (spec.backend) {
    case Backend::SQLite: return u"SQLite "_s + spec.path;
    case Backend::ODBC: return u"ODBC "_s + spec.database;
    case Backend::PostgreSQL:
    case Backend::MySQL:
    case Backend::Oracle: break;
    }
    const QString product = spec.backend == Backend::PostgreSQL ? u"PostgreSQL"_s
                            : spec.backend == Backend::MySQL    ? u"MySQL/MariaDB"_s
                                                                : u"Oracle"_s;
    QString host = spec.host;
    if (const int port = spec.port != 0 ? spec.port : spec.driverPort(); port > 0)
        host += u':' + QString::number(port);
    for (const lockcore::HostPort &other : spec.otherHosts)
        host += u',' + other.host + (other.port != 0 ? u':' + QString::number(other.port) : QString());
    return product + u' ' + host + u'/' + spec.database;
}

} // namespace

DatabaseTarget DatabaseTarget::of(const WindowConnection &connection)
{
    DatabaseTarget target;
    target.colour = connection.colour;
    const QString where = whereText(connection.spec);
    // A connection opened from a URL is titled with the URL: the product and address say it.
    const bool named = !connection.title.isEmpty()
                       && connection.title != connection.spec.redacted();
    // A title that names the file already (the demo's) is not followed by it again.
    const QString &path = connection.spec.path;
    const bool saysWhere = !path.isEmpty() && connection.title.contains(path);
    target.name = !named ? where : saysWhere ? connection.title
                                             : u"%1 (%2)"_s.arg(connection.title, where);
    return target;
}

QLabel *DatabaseTarget::label(QWidget *parent) const
{
    auto *value = new QLabel(name, parent);
    value->setObjectName(u"database"_s);
    value->setTextFormat(Qt::PlainText);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return value;
}

} // namespace ui
