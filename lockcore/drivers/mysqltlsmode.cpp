// SPDX-License-Identifier: Apache-2.0
#include "mysqltlsmode.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

const QStringList &names()
{
    static const QStringList all = {u"disabled"_s, u"preferred"_s, u"required"_s,
                                    u"verify-ca"_s, u"verify-identity"_s};
    return all;
}

// What naming a TLS option implies: a CA or a certificate is for verifying, a cipher for TLS.
MySqlTlsMode impliedBy(const QString &key)
{
    return key == u"SSL_CIPHER" ? MySqlTlsMode::Required : MySqlTlsMode::VerifyCa;
}

} // namespace

QString mysqlTlsModeName(MySqlTlsMode mode)
{
    return names().at(int(mode));
}

QStringList mysqlTlsModeNames()
{
    return names();
}

std::optional<MySqlTlsMode> mysqlTlsModeFromName(const QString &name)
{
    const qsizetype index = names().indexOf(name.trimmed().toLower().replace(u'_', u'-'));
    if (index < 0)
        return std::nullopt;
    return MySqlTlsMode(index);
}

MySqlTlsMode mysqlTlsModeOf(const QMap<QString, QString> &options)
{
    MySqlTlsMode mode = mysqlTlsModeFromName(options.value(u"SSL_MODE"_s))
                            .value_or(MySqlTlsMode::Preferred);
    for (const QString &key : mysqlTlsOptionKeys()) {
        if (options.contains(key))
            mode = qMax(mode, impliedBy(key));
    }
    return mode;
}

QStringList mysqlTlsOptionKeys()
{
    return {u"SSL_CA"_s, u"SSL_CAPATH"_s, u"SSL_CERT"_s, u"SSL_KEY"_s, u"SSL_CIPHER"_s};
}

} // namespace lockcore
