// SPDX-License-Identifier: Apache-2.0
#include "connectionspec.h"

#include "duration.h"

#include "mysqltlsmode.h"
#include "tr.h"
#include "urlpassword.h"
#include "urltlsoptions.h"

#include <QUrl>
#include <QUrlQuery>

#include <utility>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

constexpr int maxUrlChars = 4096;

Error badUrl(const QString &why)
{
    return Error::invalidInput(Tr::tr("The database URL is not valid: %1").arg(why));
}

// Where the scheme is missing or unknown, the forms that are known; an option's error does
// not need them.
Error badScheme(const QString &why)
{
    return Error::invalidInput(
        Tr::tr("The database URL is not valid: %1 Use one of: sqlite:PATH, "
               "postgresql://user@host:port/database, mysql://user@host:port/database, "
               "oracle://user@host:port/service, odbc://DSN.")
            .arg(why));
}

// URL query options each driver accepts, mapped to the Qt driver's connect option names.
QString driverOptionName(ConnectionSpec::Backend backend, const QString &key)
{
    using B = ConnectionSpec::Backend;
    if (backend == B::PostgreSQL) {
        static const QStringList pg = {u"sslmode"_s,        u"sslrootcert"_s, u"sslcert"_s,
                                       u"sslkey"_s,         u"connect_timeout"_s,
                                       u"application_name"_s, u"keepalives_idle"_s,
                                       u"target_session_attrs"_s};
        return pg.contains(key) ? key : QString();
    }
    if (backend == B::MySQL) {
        static const QMap<QString, QString> my = {
            {u"ssl_ca"_s, u"SSL_CA"_s},
            {u"ssl_cert"_s, u"SSL_CERT"_s},
            {u"ssl_key"_s, u"SSL_KEY"_s},
            {u"ssl_capath"_s, u"SSL_CAPATH"_s},
            {u"ssl_cipher"_s, u"SSL_CIPHER"_s},
            // MySQL's own clients spell them with '-' (--ssl-ca)
            {u"ssl-ca"_s, u"SSL_CA"_s},
            {u"ssl-cert"_s, u"SSL_CERT"_s},
            {u"ssl-key"_s, u"SSL_KEY"_s},
            {u"ssl-capath"_s, u"SSL_CAPATH"_s},
            {u"ssl-cipher"_s, u"SSL_CIPHER"_s},
            {u"ssl-mode"_s, u"SSL_MODE"_s}, // lockcore's own (mysqltlsmode.h), MySQL's name
            {u"ssl_mode"_s, u"SSL_MODE"_s},
            {u"connect_timeout"_s, u"MYSQL_OPT_CONNECT_TIMEOUT"_s}};
        return my.value(key);
    }
    return {};
}

// The values an option takes where lockcore checks them (libpq 15's); empty: not checked.
QStringList allowedValues(const QString &option)
{
    if (option == u"target_session_attrs")
        return {u"any"_s,     u"read-write"_s, u"read-only"_s,
                u"primary"_s, u"standby"_s,    u"prefer-standby"_s};
    if (option == u"sslmode")
        return postgresTlsModes();
    return {};
}

constexpr int minConnectTimeoutS = 1;
constexpr int mysqlBackstopS = 3600; // MYSQL_OPT_READ_TIMEOUT, _WRITE_TIMEOUT (connectOptions)
constexpr int maxConnectTimeoutS = 3600;

bool isConnectTimeout(const QString &option)
{
    return option == u"connect_timeout" || option == u"MYSQL_OPT_CONNECT_TIMEOUT";
}

// A duration option of the URL (connect_timeout, keepalives_idle), written as everywhere in
// Lockscope with its unit (5s, 1m: duration.h), as the whole seconds the drivers count (rounded
// up), from 1 s to an hour.
Result<QString> secondsOption(const QString &key, const QString &value)
{
    const Result<qint64> ms = parseDurationMs(value.trimmed(), u"the option \"%1\""_s.arg(key));
    if (!ms)
        return badUrl(ms.error().message);
    const qint64 seconds = (*ms + 999) / 1000;
    if (seconds < minConnectTimeoutS || seconds > maxConnectTimeoutS)
        return badUrl(Tr::tr("the option \"%1\" takes from 1s to 1h, not \"%2\".")
                          .arg(key, value.left(40)));
    return QString::number(seconds);
}

// The value of option `key` (its driver name `option`) as the driver gets it, or why it is
// refused. Never echoes more than 40 characters of it.
Result<QString> checkedValue(const QString &key, const QString &option, const QString &value)
{
    if (option == u"SSL_MODE") {
        if (const auto mode = mysqlTlsModeFromName(value))
            return mysqlTlsModeName(*mode);
        return badUrl(Tr::tr("the option \"%1\" takes %2, not \"%3\".")
                          .arg(key, mysqlTlsModeNames().join(u", "_s), value.left(40)));
    }
    if (isConnectTimeout(option) || option == u"keepalives_idle")
        return secondsOption(key, value);
    const QStringList allowed = allowedValues(option);
    if (!allowed.isEmpty() && !allowed.contains(value))
        return badUrl(Tr::tr("the option \"%1\" takes %2, not \"%3\".")
                          .arg(key, allowed.join(u", "_s), value.left(40)));
    return value;
}

// libpq's "port" for several hosts: one entry per host, empty for the default port; empty
// when every host has the default.
QString libpqPortList(const QList<HostPort> &hosts)
{
    QStringList ports;
    bool anyPort = false;
    for (const HostPort &entry : hosts) {
        ports << (entry.port > 0 ? QString::number(entry.port) : QString());
        anyPort = anyPort || entry.port > 0;
    }
    return anyPort ? ports.join(u',') : QString();
}

// The options that make Qt 6.4's QMYSQL ask MariaDB Connector/C for TLS: it does (with
// mysql_ssl_set()) only when one of its SSL_ options is given, and then uses TLS where the
// server offers it, plain text where not (checkMySqlTls() refuses that where TLS is asked for).
// Without a CA, certificate or cipher in the URL, an empty cipher list: Connector/C's default
// ciphers. Nothing for ssl-mode=disabled.
QStringList mysqlTlsRequest(const QMap<QString, QString> &options)
{
    if (mysqlTlsModeOf(options) == MySqlTlsMode::Disabled)
        return {};
    for (const QString &key : mysqlTlsOptionKeys()) {
        if (options.contains(key))
            return {}; // it goes with the other options
    }
    return {u"SSL_CIPHER="_s};
}

bool hasControlCharacters(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

// QUrl's error string ends with "; source was \"<the whole URL>\"; ..." (password included),
// and its password errors quote a character of the password: keep only what is safe to show.
QString urlProblem(const QUrl &url)
{
    const QString problem = url.errorString().section(u"; source was"_s, 0, 0).trimmed();
    if (problem.isEmpty() || problem.contains(u"password"_s, Qt::CaseInsensitive))
        return Tr::tr("the password contains a character that must be percent-encoded "
                      "(such as %40 for @).");
    return problem + u'.';
}

// The user-info part ("user:password") of "scheme://user:password@host/...", as typed.
QString rawUserInfo(const QString &afterScheme)
{
    qsizetype end = afterScheme.size();
    for (const char16_t stop : {u'/', u'?', u'#'}) {
        const qsizetype at = afterScheme.indexOf(QChar(stop));
        if (at >= 0 && at < end)
            end = at;
    }
    const QString authority = afterScheme.left(end);
    const qsizetype at = authority.lastIndexOf(u'@');
    return at < 0 ? QString() : authority.left(at);
}

// Where the hosts ("h1:p1,h2:p2") of "scheme://user@hosts/db?..." are in `url`, as typed:
// {start, length}. `authority` is the index after "scheme://".
std::pair<qsizetype, qsizetype> hostPartOf(const QString &url, qsizetype authority)
{
    qsizetype end = url.size();
    for (const char16_t stop : {u'/', u'?', u'#'}) {
        const qsizetype at = url.indexOf(QChar(stop), authority);
        if (at >= 0 && at < end)
            end = at;
    }
    const qsizetype at = end > authority ? url.lastIndexOf(u'@', end - 1) : -1;
    const qsizetype start = at >= authority ? at + 1 : authority;
    return {start, end - start};
}

bool isValidPercentEncoding(const QString &text)
{
    const auto isHex = [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) != u'%')
            continue;
        if (i + 2 >= text.size() || !isHex(text.at(i + 1)) || !isHex(text.at(i + 2)))
            return false;
        i += 2;
    }
    return true;
}

} // namespace

Result<ConnectionSpec> ConnectionSpec::parse(const QString &input)
{
    const QString url = input.trimmed();
    if (url.isEmpty())
        return badScheme(Tr::tr("it is empty."));
    if (url.size() > maxUrlChars)
        return badUrl(Tr::tr("it is %1 characters long (the limit is %2).")
                          .arg(url.size())
                          .arg(maxUrlChars));
    if (hasControlCharacters(url))
        return badUrl(Tr::tr("it contains a control character."));

    const qsizetype colon = url.indexOf(u':');
    if (colon <= 0)
        return badScheme(Tr::tr("it has no scheme (such as \"postgresql:\") at the start."));
    const QString scheme = url.left(colon).toLower();

    ConnectionSpec spec;
    if (scheme == u"sqlite" || scheme == u"sqlite3") {
        spec.backend = Backend::SQLite;
        QString path = url.mid(colon + 1);
        if (path.startsWith(u"//"))
            path = path.mid(2);
        if (path.isEmpty())
            return badUrl(Tr::tr("the SQLite URL has no file path (write sqlite:/path/to/file)."));
        if (!isValidPercentEncoding(path))
            return badUrl(Tr::tr("the path has a '%' that is not followed by two hex digits "
                                 "(write %25 for a percent sign)."));
        const QByteArray bytes = QByteArray::fromPercentEncoding(path.toUtf8());
        spec.path = QString::fromUtf8(bytes);
        if (spec.path.toUtf8() != bytes)
            return badUrl(Tr::tr("the path's percent-encoding is not valid UTF-8."));
        if (hasControlCharacters(spec.path))
            return badUrl(Tr::tr("the path contains a control character."));
        return spec;
    }

    if (scheme == u"postgresql" || scheme == u"postgres" || scheme == u"pgsql")
        spec.backend = Backend::PostgreSQL;
    else if (scheme == u"mysql" || scheme == u"mariadb")
        spec.backend = Backend::MySQL;
    else if (scheme == u"oracle" || scheme == u"oci")
        spec.backend = Backend::Oracle;
    else if (scheme == u"odbc")
        spec.backend = Backend::ODBC;
    else
        return badScheme(Tr::tr("the scheme \"%1\" is not known.").arg(scheme.left(40)));

    if (!url.mid(colon + 1).startsWith(u"//"))
        return badUrl(Tr::tr("\"%1:\" must be followed by \"//\".").arg(scheme));
    // Before anything that could show part of it: a password cut short by a '/', '?' or '#'.
    if (findUrlPassword(url.toStdString()).unencoded)
        return badUrl(Tr::tr("the password must be percent-encoded: it seems to hold a '/', '?' "
                             "or '#', which ends the user name and password before their '@' "
                             "(write %2F for '/', %3F for '?', %23 for '#', %40 for '@'; an '@' "
                             "in a database name is %40 too)."));

    // Several hosts (libpq's "h1:p1,h2:p2"): QUrl reads one, so the rest of the URL is read
    // with the first host alone. (An ODBC URL's "host" is a data source name, never a list.)
    QString oneHostUrl = url;
    if (spec.backend != Backend::ODBC) {
        const auto [start, length] = hostPartOf(url, colon + 3);
        const QString hostPart = url.mid(start, length);
        if (hostPart.contains(u',')) {
            if (spec.backend != Backend::PostgreSQL)
                return badUrl(Tr::tr("it names several hosts, and only PostgreSQL URLs can "
                                     "(for now): give %1 one host.")
                                  .arg(spec.backendName()));
            auto hosts = parseHostList(hostPart);
            if (!hosts)
                return badUrl(hosts.error().message);
            spec.otherHosts = hosts->mid(1);
            oneHostUrl = url.left(start) + hostPart.section(u',', 0, 0) + url.mid(start + length);
        }
    }

    const QUrl parsed(oneHostUrl, QUrl::StrictMode);
    if (!parsed.isValid())
        return badUrl(urlProblem(parsed));

    spec.user = parsed.userName(QUrl::FullyDecoded);
    // "user:@host" is an explicitly empty password (QUrl reports it as no password).
    if (rawUserInfo(url.mid(colon + 3)).contains(u':')) {
        spec.password = parsed.password(QUrl::FullyDecoded);
        spec.passwordFromUrl = true;
    }
    spec.host = parsed.host(QUrl::FullyDecoded);
    if (spec.host.isEmpty())
        return badUrl(Tr::tr("it names no host."));
    const int port = parsed.port(-1); // -1: none given
    if (port == 0 || port > 65535)
        return badUrl(Tr::tr("the port is not a number from 1 to 65535."));
    spec.port = qMax(port, 0);

    QString path = parsed.path(QUrl::FullyDecoded);
    if (path.startsWith(u'/'))
        path = path.mid(1);
    if (path.contains(u'/'))
        return badUrl(Tr::tr("the database name \"%1\" contains a slash.").arg(path.left(80)));
    if (hasControlCharacters(spec.user) || hasControlCharacters(spec.password)
        || hasControlCharacters(path))
        return badUrl(Tr::tr("the user name, password or database name contains a control "
                             "character (such as %00 or %0A)."));
    if (spec.backend == Backend::ODBC) {
        // odbc://DSN: the "host" is the data source name.
        spec.database = spec.host;
        spec.host.clear();
    } else {
        spec.database = path;
    }

    const QUrlQuery query(parsed);
    QList<UrlOption> given;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"readonly") {
            const QString flag = value.trimmed().toLower();
            if (flag != u"1" && flag != u"true" && flag != u"0" && flag != u"false")
                return badUrl(Tr::tr("the option \"readonly\" takes 1, true, 0 or false."));
            spec.readOnly = flag == u"1" || flag == u"true";
            continue;
        }
        const QString optionName = driverOptionName(spec.backend, key);
        if (optionName.isEmpty())
            return badUrl(Tr::tr("the option \"%1\" is not supported for %2.")
                              .arg(key.left(40), spec.backendName()));
        if (value.contains(u';') || value.contains(u'='))
            return badUrl(Tr::tr("the value of option \"%1\" contains ';' or '='.").arg(key));
        if (hasControlCharacters(value))
            return badUrl(Tr::tr("the value of option \"%1\" contains a control character.")
                              .arg(key));
        const Result<QString> checked = checkedValue(key, optionName, value);
        if (!checked)
            return checked.error();
        spec.options.insert(optionName, *checked);
        given << UrlOption{key, optionName, value};
    }
    if (const QString tls = urlTlsProblem(spec.backend, given); !tls.isEmpty())
        return badUrl(tls);
    return spec;
}

QString ConnectionSpec::qtDriverName() const
{
    switch (backend) {
    case Backend::SQLite: return u"QSQLITE"_s;
    case Backend::PostgreSQL: return u"QPSQL"_s;
    case Backend::MySQL: return u"QMYSQL"_s;
    case Backend::Oracle: return u"QOCI"_s;
    case Backend::ODBC: return u"QODBC"_s;
    }
    return {};
}

QString ConnectionSpec::backendName() const
{
    switch (backend) {
    case Backend::SQLite: return u"sqlite"_s;
    case Backend::PostgreSQL: return u"postgresql"_s;
    case Backend::MySQL: return u"mysql"_s;
    case Backend::Oracle: return u"oracle"_s;
    case Backend::ODBC: return u"odbc"_s;
    }
    return {};
}

QString ConnectionSpec::redacted() const
{
    if (backend == Backend::SQLite)
        return u"sqlite:"_s + path;
    QString text = backendName() + u"://"_s;
    if (!user.isEmpty())
        text += QString::fromUtf8(QUrl::toPercentEncoding(user)) + u'@';
    if (backend == Backend::ODBC)
        return readOnly ? QString(text + database + u"?readonly=1"_s) : QString(text + database);
    text += hostListText(hosts());
    text += u'/' + database;
    return readOnly ? QString(text + u"?readonly=1"_s) : text;
}

QString ConnectionSpec::driverDatabaseName(int connectTimeoutS) const
{
    if (backend != Backend::ODBC)
        return database;
    return database + u";CONN_TIMEOUT=%1"_s.arg(connectTimeoutS);
}

QString ConnectionSpec::connectOptions(int connectTimeoutS) const
{
    QStringList parts;
    switch (backend) {
    case Backend::SQLite:
        parts << u"QSQLITE_BUSY_TIMEOUT=%1"_s.arg(connectTimeoutS * 1000);
        if (readOnly)
            parts << u"QSQLITE_OPEN_READONLY"_s;
        break;
    case Backend::PostgreSQL:
        if (!options.contains(u"connect_timeout"_s))
            parts << u"connect_timeout=%1"_s.arg(connectTimeoutS);
        if (const QString mode = impliedPostgresTlsMode(options); !mode.isEmpty())
            parts << u"sslmode="_s + mode;
        // One host's port goes through QSqlDatabase::setPort(); several hosts' ports only here
        // (driverPort() is 0 then), so that libpq never reads two "port" entries.
        if (!otherHosts.isEmpty() && !libpqPortList(hosts()).isEmpty())
            parts << u"port='"_s + libpqPortList(hosts()) + u'\'';
        break;
    case Backend::MySQL:
        if (!options.contains(u"MYSQL_OPT_CONNECT_TIMEOUT"_s))
            parts << u"MYSQL_OPT_CONNECT_TIMEOUT=%1"_s.arg(connectTimeoutS);
        // A backstop only: every call, the open too, has its deadline from Session (the
        // CallWatchdog shuts its socket down), and a DDL's is 120 s by default. An hour is
        // longer than any deadline lockcore gives, so it decides none of them; it ends a read
        // or write that hangs only if the watchdog could not find the socket.
        parts << u"MYSQL_OPT_READ_TIMEOUT=%1"_s.arg(mysqlBackstopS)
              << u"MYSQL_OPT_WRITE_TIMEOUT=%1"_s.arg(mysqlBackstopS);
        // Affected rows = matched rows, so an update that writes identical values still counts.
        parts << u"CLIENT_FOUND_ROWS"_s;
        parts << mysqlTlsRequest(options);
        break;
    case Backend::ODBC:
        // The driver's bound on logging in (psqlODBC and MariaDB Connector/ODBC honour it); a
        // statement's deadline is Session's (the connection's socket, found as it opens).
        if (!options.contains(u"SQL_ATTR_LOGIN_TIMEOUT"_s))
            parts << u"SQL_ATTR_LOGIN_TIMEOUT=%1"_s.arg(connectTimeoutS);
        break;
    case Backend::Oracle:
        break;
    }
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        if (it.key() == u"SSL_MODE")
            continue; // lockcore's own: mysqlTlsRequest() and checkMySqlTls()
        if (backend == Backend::PostgreSQL) {
            // QPSQL appends these to the libpq connect string as they are: quote the value so
            // that blanks, quotes and backslashes (paths, application names) survive.
            QString value = it.value();
            value.replace(u'\\', u"\\\\"_s).replace(u'\'', u"\\'"_s);
            parts << it.key() + u"='"_s + value + u'\'';
        } else {
            parts << it.key() + u'=' + it.value();
        }
    }
    return parts.join(u';');
}

QList<HostPort> ConnectionSpec::hosts() const
{
    return QList<HostPort>{{host, port}} + otherHosts;
}

QString ConnectionSpec::driverHostName() const
{
    if (otherHosts.isEmpty())
        return host;
    QStringList names;
    for (const HostPort &entry : hosts())
        names << entry.host; // libpq takes IPv6 addresses in a list without brackets
    return names.join(u',');
}

int ConnectionSpec::driverPort() const
{
    return otherHosts.isEmpty() ? port : 0;
}

} // namespace lockcore
