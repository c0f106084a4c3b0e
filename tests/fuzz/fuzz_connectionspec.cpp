// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: ConnectionSpec::parse on arbitrary text (database URLs from --db,
// LOCKSCOPE_DB and the connection dialog). Properties: no crash or undefined behaviour; a
// refusal is a clear InvalidInput error that never shows the password (told from fixed text
// that happens to contain it by the refusal of the same URL with another password); an
// accepted URL has no control characters in any part, a port in range, and connect options
// that cannot smuggle in a second option.

#include "fuzzcheck.h"

#include "connectionspec.h"

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::HostPort;

namespace {

bool hasControl(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

// The password as typed in "scheme://user:PASSWORD@host/...", or empty (the user info ends
// at the authority's last '@'; the authority at the first '/', '?' or '#').
QString typedPassword(const QString &url)
{
    const qsizetype start = url.indexOf(u"://"_s);
    if (start < 0)
        return {};
    QString authority = url.mid(start + 3);
    for (const QChar stop : {u'/', u'?', u'#'}) {
        const qsizetype at = authority.indexOf(stop);
        if (at >= 0)
            authority.truncate(at);
    }
    const qsizetype at = authority.lastIndexOf(u'@');
    if (at < 0)
        return {};
    const QString userInfo = authority.left(at);
    const qsizetype colon = userInfo.indexOf(u':');
    return colon < 0 ? QString() : userInfo.mid(colon + 1);
}

// What a MySQL URL's TLS options add to its connect options: ssl-mode is lockcore's own (never
// the driver's), and without a CA, certificate or cipher TLS is asked of the driver with an
// empty cipher list (not for ssl-mode=disabled).
qsizetype mysqlTlsParts(const QMap<QString, QString> &options)
{
    const QStringList tlsKeys = {u"SSL_CA"_s, u"SSL_CAPATH"_s, u"SSL_CERT"_s, u"SSL_KEY"_s,
                                 u"SSL_CIPHER"_s};
    const bool named = std::any_of(tlsKeys.cbegin(), tlsKeys.cend(),
                                   [&](const QString &key) { return options.contains(key); });
    const bool disabled = options.value(u"SSL_MODE"_s) == u"disabled";
    return (options.contains(u"SSL_MODE"_s) ? -1 : 0) + (named || disabled ? 0 : 1);
}

void checkAccepted(const ConnectionSpec &spec)
{
    for (const QString &part : {spec.path, spec.host, spec.user, spec.password, spec.database})
        fuzz::check(!hasControl(part), "accepted URL part has a control character", part);
    fuzz::check(spec.port >= 0 && spec.port <= 65535, "port out of range");
    fuzz::check(!spec.qtDriverName().isEmpty() && !spec.backendName().isEmpty(), "no driver");
    const QString redacted = spec.redacted();
    fuzz::check(!redacted.isEmpty(), "empty redacted URL");
    // Options are "key=value" joined by ';': a value can never start another option.
    qsizetype expected = spec.options.size();
    const QString options = spec.connectOptions(5);
    for (auto it = spec.options.cbegin(); it != spec.options.cend(); ++it) {
        fuzz::check(!it.value().contains(u';') && !it.value().contains(u'='),
                    "option value with ';' or '='", it.value());
        fuzz::check(!hasControl(it.value()), "option value with a control character", it.value());
    }
    if (spec.backend == ConnectionSpec::Backend::PostgreSQL) {
        expected += spec.options.contains(u"connect_timeout"_s) ? 0 : 1;
        // Several hosts: their ports in one entry, port='p1,p2' (an empty item: the default).
        const QList<HostPort> hosts = spec.hosts();
        expected += hosts.size() > 1
                            && std::any_of(hosts.cbegin(), hosts.cend(),
                                           [](const HostPort &host) { return host.port > 0; })
                        ? 1
                        : 0;
    }
    else if (spec.backend == ConnectionSpec::Backend::MySQL)
        expected += (spec.options.contains(u"MYSQL_OPT_CONNECT_TIMEOUT"_s) ? 0 : 1) + 3
                    + mysqlTlsParts(spec.options);
    else if (spec.backend == ConnectionSpec::Backend::SQLite)
        expected += 1;
    else if (spec.backend == ConnectionSpec::Backend::ODBC) // the driver's login timeout
        expected += spec.options.contains(u"SQL_ATTR_LOGIN_TIMEOUT"_s) ? 0 : 1;
    const qsizetype parts = options.isEmpty() ? 0 : options.split(u';').size();
    fuzz::check(parts == expected, "connect options split into the wrong number", options);
}

// The password with each ASCII letter and digit replaced by another of its kind (a hex digit
// by a hex digit, in the same case): a URL with it instead takes the same way through the
// parser, so its refusal has the same fixed text, and differs only where it echoes the
// password.
QString otherPassword(const QString &password)
{
    static constexpr std::pair<char16_t, char16_t> kinds[] = {
        {u'0', u'9'}, {u'a', u'f'}, {u'g', u'z'}, {u'A', u'F'}, {u'G', u'Z'}};
    QString other = password;
    for (QChar &c : other) {
        const char16_t u = c.unicode();
        for (const auto &[first, last] : kinds) {
            if (u >= first && u <= last) {
                c = QChar(char16_t(first + (u - first + 1) % (last - first + 1)));
                break;
            }
        }
    }
    return other;
}

// Whether the refusal `message` of `url` shows `password` (typed once in it): the message for
// the same URL with another password has the password's text fewer times, and that other
// password's text instead. Text the message has whatever the password (its fixed words, such
// as a hint "[2001:db8::1]:5432" that contains a password ":1]:54") is in both.
bool showsPassword(const QString &url, const QString &message, const QString &password)
{
    const QString other = otherPassword(password);
    if (other == password)
        return false; // (no letter or digit: nothing to tell an echo by)
    QString otherUrl = url;
    otherUrl.replace(password, other, Qt::CaseInsensitive);
    const auto otherSpec = ConnectionSpec::parse(otherUrl);
    const QString otherMessage = otherSpec ? QString() : otherSpec.error().message;
    return message.count(password) > otherMessage.count(password)
           && otherMessage.contains(other);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString url = fuzz::text(data, size);
    auto spec = ConnectionSpec::parse(url);
    if (spec) {
        checkAccepted(*spec);
        return 0;
    }
    fuzz::checkClearError(spec.error(), "URL refused without a clear error");
    // A password of some length, typed once, must not be shown.
    const QString password = typedPassword(url.trimmed());
    if (password.size() >= 6 && url.count(password, Qt::CaseInsensitive) == 1)
        fuzz::check(!showsPassword(url, spec.error().message, password),
                    "error message shows the password", spec.error().message);
    return 0;
}
