// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"

#include <QList>
#include <QString>

namespace lockcore {

// One option of a URL's query: the key as typed ("ssl_mode"), the driver's name for it
// ("SSL_MODE"; PostgreSQL's are the same as typed), and its value as typed.
struct UrlOption
{
    QString key;
    QString option;
    QString value;
};

// Why the TLS options of a URL's query (every option, in the URL's order) are refused, or an
// empty text. Each TLS parameter may be given once, in whichever spelling: before, the last of
// two modes won, so "verify-full&sslmode=allow" connected in plain text. A CA asks for the
// server's certificate to be verified, so a mode that does not verify beside it is refused
// rather than raised (or lowered) in silence; and ssl-mode=disabled beside any option that
// asks for TLS. Both options are named.
QString urlTlsProblem(ConnectionSpec::Backend backend, const QList<UrlOption> &options);

// PostgreSQL's sslmode values, weakest first (libpq 15).
QStringList postgresTlsModes();

// The sslmode a PostgreSQL URL's options imply where they give none: verify-ca with a root CA
// (as ssl_ca implies on MySQL; libpq would use it only where the server offers TLS), else
// nothing (libpq's default, prefer).
QString impliedPostgresTlsMode(const QMap<QString, QString> &options);

} // namespace lockcore
