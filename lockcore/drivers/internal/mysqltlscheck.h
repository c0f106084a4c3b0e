// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "result.h"

#include <optional>

class QSqlDatabase;
class QSqlError;

namespace lockcore {

// Refuses an open MySQL/MariaDB connection that lacks the TLS its URL asks for
// (mysqlTlsModeOf(), mysqltlsmode.h): not encrypted for required and up, a certificate that
// does not verify for verify-ca, one for another host for verify-identity. The error says
// which, and the caller closes the connection. Nothing to check for preferred and disabled,
// nor for another backend.
//
// Qt 6.4's QMYSQL cannot ask MariaDB Connector/C to refuse during the handshake (it passes no
// MYSQL_OPT_SSL_ENFORCE or MYSQL_OPT_SSL_VERIFY_SERVER_CERT), so this looks at the
// connection's own TLS session (MySqlTlsSession) right after the login, before lockcore sends
// a statement. Where that session cannot be read, required falls back to the server's word
// (its Ssl_cipher status), and verify-ca and verify-identity are refused: nothing here could
// verify them.
Status checkMySqlTls(const ConnectionSpec &spec, const QSqlDatabase &db);

// The error of a MySQL connection that failed in its TLS handshake (Connector/C's
// CR_SSL_CONNECTION_ERROR) while its URL asks for TLS: what asked for it and, for verify-ca
// and up, the CA certificates the server's was checked against. With ssl_ca or ssl_capath
// Connector/C verifies the certificate chain during the handshake (before the login) and
// fails there. Nothing for another error, or where TLS was not asked for.
std::optional<Error> mysqlTlsHandshakeFailure(const ConnectionSpec &spec, const QSqlError &error);

} // namespace lockcore
