// SPDX-License-Identifier: Apache-2.0
#include "urltlsoptions.h"

#include "mysqltlsmode.h"
#include "tr.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

using Backend = ConnectionSpec::Backend;

bool isMode(const QString &option)
{
    return option == u"sslmode" || option == u"SSL_MODE";
}

bool isTlsOption(Backend backend, const QString &option)
{
    if (backend == Backend::PostgreSQL)
        return option.startsWith(u"ssl"_s);
    return backend == Backend::MySQL
           && (option == u"SSL_MODE" || mysqlTlsOptionKeys().contains(option));
}

bool isCa(const QString &option)
{
    return option == u"sslrootcert" || option == u"SSL_CA" || option == u"SSL_CAPATH";
}

// Whether a mode named in the URL verifies the server's certificate.
bool verifies(Backend backend, const QString &mode)
{
    if (backend == Backend::PostgreSQL)
        return postgresTlsModes().indexOf(mode) >= postgresTlsModes().indexOf(u"verify-ca"_s);
    return mysqlTlsModeFromName(mode).value_or(MySqlTlsMode::Preferred) >= MySqlTlsMode::VerifyCa;
}

// "key=value" as typed, the value cut to 40 characters.
QString shown(const UrlOption &option)
{
    return option.key + u'=' + option.value.left(40);
}

QString repeated(const UrlOption &first, const UrlOption &second)
{
    if (isMode(first.option))
        return Tr::tr("the URL gives the TLS mode twice: %1 and %2; give it once.")
            .arg(shown(first), shown(second));
    return Tr::tr("the URL gives the TLS option %1 twice: %2 and %3; give it once.")
        .arg(first.key, shown(first), shown(second));
}

QString caWithWeakerMode(Backend backend, const UrlOption &ca, const UrlOption &mode)
{
    const QString verifying = backend == Backend::PostgreSQL ? u"verify-ca or verify-full"_s
                                                             : u"verify-ca or verify-identity"_s;
    return Tr::tr("%1 asks for the server's certificate to be verified, and %2 does not "
                  "verify it: give %3=%4, or leave %3 out.")
        .arg(shown(ca), shown(mode), mode.key, verifying);
}

// ssl-mode=disabled beside an option that asks for TLS (a CA, a certificate, a cipher).
QString disabledWithTls(const UrlOption &mode, const QList<UrlOption> &tls)
{
    if (mysqlTlsModeFromName(mode.value) != MySqlTlsMode::Disabled)
        return {};
    for (const UrlOption &other : tls) {
        if (!isMode(other.option))
            return Tr::tr("ssl-mode=disabled turns TLS off, and %1 asks for it: leave "
                          "one of them out.")
                .arg(other.key);
    }
    return {};
}

} // namespace

QString urlTlsProblem(Backend backend, const QList<UrlOption> &options)
{
    QList<UrlOption> tls;
    for (const UrlOption &option : options) {
        if (!isTlsOption(backend, option.option))
            continue;
        for (const UrlOption &earlier : std::as_const(tls)) {
            if (earlier.option == option.option)
                return repeated(earlier, option);
        }
        tls << option;
    }
    const auto mode = std::find_if(tls.cbegin(), tls.cend(),
                                   [](const UrlOption &o) { return isMode(o.option); });
    if (mode == tls.cend())
        return {};
    if (backend == Backend::MySQL) {
        if (const QString disabled = disabledWithTls(*mode, tls); !disabled.isEmpty())
            return disabled;
    }
    if (verifies(backend, mode->value))
        return {};
    for (const UrlOption &option : std::as_const(tls)) {
        if (isCa(option.option))
            return caWithWeakerMode(backend, option, *mode);
    }
    return {};
}

QStringList postgresTlsModes()
{
    return {u"disable"_s, u"allow"_s,     u"prefer"_s,
            u"require"_s, u"verify-ca"_s, u"verify-full"_s};
}

QString impliedPostgresTlsMode(const QMap<QString, QString> &options)
{
    if (options.contains(u"sslmode"_s) || !options.contains(u"sslrootcert"_s))
        return {};
    return u"verify-ca"_s;
}

} // namespace lockcore
