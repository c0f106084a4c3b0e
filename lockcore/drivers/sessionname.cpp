// SPDX-License-Identifier: Apache-2.0
#include "sessionname.h"

#include "holderid.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace lockcore {

QString withSessionName(const ConnectionSpec &spec, const QString &options)
{
    if (spec.backend != ConnectionSpec::Backend::PostgreSQL
        || spec.options.contains(u"application_name"_s))
        return options;
    // Quoted as connectOptions() quotes a libpq value.
    QString tag = sessionTag();
    tag.replace(u'\\', u"\\\\"_s).replace(u'\'', u"\\'"_s).remove(u';');
    const QString named = u"application_name='"_s + tag + u'\'';
    return options.isEmpty() ? named : options + u';' + named;
}

QString mysqlSessionLockName(const HolderProcess &process, int slot)
{
    // The host as a digest: any length fits, and GET_LOCK names are case-insensitive.
    const QByteArray host = QCryptographicHash::hash(process.host.toUtf8(),
                                                     QCryptographicHash::Md5)
                                .toHex();
    return u"lockscope-session:%1@%2:%3"_s.arg(process.pid).arg(QString::fromLatin1(host))
        .arg(slot);
}

} // namespace lockcore
