// SPDX-License-Identifier: Apache-2.0
#include "mysqltlscheck.h"

#include "mysqltlsmode.h"
#include "mysqltlssession.h"
#include "tr.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

Error refused(const QString &message)
{
    return {Error::Kind::Connection, message, {}, {}};
}

// What asked for the mode, for messages: "ssl-mode=required", or the option that implies it,
// "ssl_ca (ssl-mode=verify-ca)".
QString askedBy(const ConnectionSpec &spec, MySqlTlsMode mode)
{
    const QString name = mysqlTlsModeName(mode);
    if (spec.options.value(u"SSL_MODE"_s) == name)
        return u"ssl-mode="_s + name;
    for (const QString &key : mysqlTlsOptionKeys()) {
        if (spec.options.contains(key))
            return u"%1 (ssl-mode=%2)"_s.arg(key.toLower(), name);
    }
    return u"ssl-mode="_s + name;
}

// The CA certificates the connection verified with, for messages.
QString authority(const ConnectionSpec &spec)
{
    if (spec.options.contains(u"SSL_CA"_s))
        return Tr::tr("the CA certificate %1").arg(spec.options.value(u"SSL_CA"_s));
    if (spec.options.contains(u"SSL_CAPATH"_s))
        return Tr::tr("the CA certificates in %1").arg(spec.options.value(u"SSL_CAPATH"_s));
    return Tr::tr("the system's CA certificates");
}

// The server's own word, where the client's session cannot be read: its Ssl_cipher status.
bool serverSaysEncrypted(const QSqlDatabase &db)
{
    QSqlQuery query(db);
    return query.exec(u"SHOW SESSION STATUS LIKE 'Ssl_cipher'"_s) && query.next()
           && !query.value(1).toString().isEmpty();
}

Status checkEncrypted(const ConnectionSpec &spec, const MySqlTlsSession &tls, const QString &asks)
{
    if (tls.encrypted)
        return {};
    if (!tls.serverOffersTls)
        return refused(Tr::tr("The server at %1 does not offer TLS, and %2 asks for it: the "
                              "connection was closed. Turn TLS on in the server (have_ssl), or "
                              "connect without it only on a network you trust.")
                           .arg(spec.redacted(), asks));
    return refused(Tr::tr("The connection to %1 is not encrypted although the server offers "
                          "TLS, and %2 asks for it: the connection was closed.")
                       .arg(spec.redacted(), asks));
}

Status checkCertificate(const ConnectionSpec &spec, const MySqlTlsSession &tls, MySqlTlsMode mode,
                        const QString &asks)
{
    if (!tls.verifyError.isEmpty())
        return refused(Tr::tr("The certificate of the server at %1 could not be verified with "
                              "%2 (%3), and %4 asks for it: the connection was closed.")
                           .arg(spec.redacted(), authority(spec), tls.verifyError, asks));
    if (mode == MySqlTlsMode::VerifyIdentity && !tls.hostMatches)
        return refused(Tr::tr("The certificate of the server at %1 is for %2, not for the host "
                              "\"%3\", and %4 asks for that: the connection was closed. "
                              "Connect with a host name the certificate names.")
                           .arg(spec.redacted(), tls.certificateNames, spec.host, asks));
    return {};
}

Status checkUnreadable(const ConnectionSpec &spec, const QSqlDatabase &db,
                       const MySqlTlsSession &tls, MySqlTlsMode mode, const QString &asks)
{
    if (mode >= MySqlTlsMode::VerifyCa)
        return refused(Tr::tr("Lockscope cannot verify the certificate of the server at %1 here "
                              "(%2), and %3 asks for it: the connection was closed.")
                           .arg(spec.redacted(), tls.whyNotReadable, asks));
    if (!serverSaysEncrypted(db))
        return refused(Tr::tr("The server at %1 says the connection is not encrypted, and %2 "
                              "asks for TLS: the connection was closed.")
                           .arg(spec.redacted(), asks));
    return {};
}

constexpr auto tlsConnectionError = "2026"; // Connector/C's CR_SSL_CONNECTION_ERROR

} // namespace

std::optional<Error> mysqlTlsHandshakeFailure(const ConnectionSpec &spec, const QSqlError &error)
{
    if (spec.backend != ConnectionSpec::Backend::MySQL
        || error.nativeErrorCode() != QLatin1String(tlsConnectionError))
        return std::nullopt;
    const MySqlTlsMode mode = mysqlTlsModeOf(spec.options);
    if (mode <= MySqlTlsMode::Preferred)
        return std::nullopt;
    const QString why = error.databaseText().trimmed();
    const QString asks = askedBy(spec, mode);
    Error failure = refused(
        mode >= MySqlTlsMode::VerifyCa
            ? Tr::tr("The TLS handshake with the server at %1 failed (%2), and %3 asks for a "
                     "certificate verified with %4: no connection was made.")
                  .arg(spec.redacted(), why, asks, authority(spec))
            : Tr::tr("The TLS handshake with the server at %1 failed (%2), and %3 asks for "
                     "TLS: no connection was made.")
                  .arg(spec.redacted(), why, asks));
    failure.nativeCode = error.nativeErrorCode();
    failure.driverText = error.text();
    return failure;
}

Status checkMySqlTls(const ConnectionSpec &spec, const QSqlDatabase &db)
{
    if (spec.backend != ConnectionSpec::Backend::MySQL)
        return {};
    const MySqlTlsMode mode = mysqlTlsModeOf(spec.options);
    if (mode <= MySqlTlsMode::Preferred)
        return {};
    const QString asks = askedBy(spec, mode);
    const MySqlTlsSession tls = MySqlTlsSession::read(db, spec.host);
    if (!tls.readable)
        return checkUnreadable(spec, db, tls, mode, asks);
    if (Status encrypted = checkEncrypted(spec, tls, asks); !encrypted)
        return encrypted;
    if (mode >= MySqlTlsMode::VerifyCa)
        return checkCertificate(spec, tls, mode, asks);
    return {};
}

} // namespace lockcore
