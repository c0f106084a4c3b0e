// SPDX-License-Identifier: Apache-2.0
#include "mysqltlssession.h"

#include "mariadbhandle.h"
#include "tr.h"

#if defined(LOCKSCOPE_HAVE_MARIADB_CAPI) && defined(LOCKSCOPE_HAVE_OPENSSL)
#include <QStringList>

#include <arpa/inet.h>

#include <mysql.h>
// The connection's TLS session: Connector/C's plugin headers (its NET's pvio and MARIADB_TLS).
#define HAVE_TLS
#include <ma_pvio.h>
#undef HAVE_TLS

#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#endif

using namespace Qt::StringLiterals;

namespace lockcore {

#if defined(LOCKSCOPE_HAVE_MARIADB_CAPI) && defined(LOCKSCOPE_HAVE_OPENSSL)

namespace {

// Connector/C's TLS session is an OpenSSL SSL of the very OpenSSL lockcore calls: the library
// it names is the one linked here.
bool sameOpenSsl(MYSQL *mysql)
{
    const char *library = nullptr;
    if (mariadb_get_infov(mysql, MARIADB_TLS_LIBRARY, &library) != 0 || !library)
        return false;
    return qstrcmp(library, OpenSSL_version(OPENSSL_VERSION)) == 0;
}

SSL *sslOf(MYSQL *mysql)
{
    MARIADB_PVIO *pvio = mysql->net.pvio;
    if (!pvio || !pvio->ctls)
        return nullptr;
    return static_cast<SSL *>(pvio->ctls->ssl);
}

QString asn1Text(const ASN1_STRING *text)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(ASN1_STRING_get0_data(text)),
                             ASN1_STRING_length(text));
}

// An IPv4 or IPv6 address of a certificate, as text.
QString addressText(const ASN1_OCTET_STRING *address)
{
    char text[INET6_ADDRSTRLEN] = {};
    const int family = address->length == 4 ? AF_INET : AF_INET6;
    if ((address->length != 4 && address->length != 16)
        || !inet_ntop(family, address->data, text, sizeof text))
        return Tr::tr("(an address of %1 bytes)").arg(address->length);
    return QString::fromLatin1(text);
}

bool isAddress(const QByteArray &host)
{
    unsigned char address[16];
    return inet_pton(AF_INET, host.constData(), address) == 1
           || inet_pton(AF_INET6, host.constData(), address) == 1;
}

// The names (DNS) and addresses (IP) of the certificate's subjectAltName, else its common name.
QString namesOf(X509 *cert)
{
    QStringList names;
    auto *alternatives = static_cast<GENERAL_NAMES *>(
        X509_get_ext_d2i(cert, NID_subject_alt_name, nullptr, nullptr));
    for (int i = 0; i < sk_GENERAL_NAME_num(alternatives); ++i) {
        const GENERAL_NAME *name = sk_GENERAL_NAME_value(alternatives, i);
        if (name->type == GEN_DNS)
            names << asn1Text(name->d.dNSName);
        else if (name->type == GEN_IPADD)
            names << addressText(name->d.iPAddress);
    }
    GENERAL_NAMES_free(alternatives);
    if (names.isEmpty()) {
        X509_NAME *subject = X509_get_subject_name(cert);
        const int at = X509_NAME_get_index_by_NID(subject, NID_commonName, -1);
        if (at >= 0)
            names << asn1Text(X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, at)));
    }
    return names.join(u", "_s);
}

bool isFor(X509 *cert, const QString &host)
{
    const QByteArray name = host.toUtf8();
    if (isAddress(name))
        return X509_check_ip_asc(cert, name.constData(), 0) == 1;
    return X509_check_host(cert, name.constData(), size_t(name.size()), 0, nullptr) == 1;
}

void readCertificate(SSL *ssl, const QString &host, MySqlTlsSession *tls)
{
    const long verified = SSL_get_verify_result(ssl);
    if (verified != X509_V_OK)
        tls->verifyError = QString::fromUtf8(X509_verify_cert_error_string(verified));
    X509 *cert = SSL_get1_peer_certificate(ssl);
    if (!cert) {
        tls->verifyError = Tr::tr("the server sent no certificate");
        return;
    }
    tls->hostMatches = isFor(cert, host);
    tls->certificateNames = namesOf(cert);
    X509_free(cert);
}

} // namespace

MySqlTlsSession MySqlTlsSession::read(const QSqlDatabase &db, const QString &host)
{
    MySqlTlsSession tls;
    MYSQL *mysql = mariaDbHandleOf(db);
    if (!mysql) {
        tls.whyNotReadable = Tr::tr("Qt's MySQL driver does not run on MariaDB Connector/C here");
        return tls;
    }
    tls.serverOffersTls = (mysql->server_capabilities & CLIENT_SSL) != 0;
    const char *cipher = mysql_get_ssl_cipher(mysql);
    tls.encrypted = cipher != nullptr;
    tls.cipher = QString::fromUtf8(cipher);
    if (!tls.encrypted) {
        tls.readable = true;
        return tls;
    }
    SSL *ssl = sslOf(mysql);
    if (!ssl || !sameOpenSsl(mysql)) {
        tls.whyNotReadable = Tr::tr("MariaDB Connector/C does not use the OpenSSL Lockscope "
                                    "was built with");
        return tls;
    }
    tls.readable = true;
    readCertificate(ssl, host, &tls);
    return tls;
}

#else // a build without Connector/C or OpenSSL

MySqlTlsSession MySqlTlsSession::read(const QSqlDatabase &, const QString &)
{
    MySqlTlsSession tls;
    tls.whyNotReadable = Tr::tr("this build of Lockscope has no MariaDB Connector/C or no "
                                "OpenSSL");
    return tls;
}

#endif

} // namespace lockcore
