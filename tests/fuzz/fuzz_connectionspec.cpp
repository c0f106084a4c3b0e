// libFuzzer target: ConnectionSpec::parse on arbitrary text (database URLs from --db,
// LOCKSCOPE_DB and the connection dialog). Properties: no crash or undefined behaviour; a
// refusal is a clear InvalidInput error that never shows the password; an accepted URL has no
// control characters in any part, a port in range, and connect options that cannot smuggle in
// a second option.

#include "fuzzcheck.h"

#include "connectionspec.h"

#include <QUrl>
#include <algorithm>

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
        expected += (spec.options.contains(u"MYSQL_OPT_CONNECT_TIMEOUT"_s) ? 0 : 1) + 3;
    else if (spec.backend == ConnectionSpec::Backend::SQLite)
        expected += 1;
    const qsizetype parts = options.isEmpty() ? 0 : options.split(u';').size();
    fuzz::check(parts == expected, "connect options split into the wrong number", options);
}

// The messages' own words (every kind of refusal once), which a password may happen to match.
const QString &fixedMessageText()
{
    static const QString text = [] {
        QString all;
        for (const QString &url :
             {u""_s, QString(5000, u'x'), u"a\nb"_s, u"x"_s, u"sqlite:"_s, u"sqlite:%"_s,
              u"sqlite:%ff"_s, u"sqlite:%01"_s, u"bogus:x"_s, u"mysql:x"_s, u"mysql://u:p@%zz/"_s,
              u"mysql:///db"_s, u"mysql://h:0/"_s, u"mysql://h/a/b"_s, u"mysql://u%01@h/"_s,
              u"mysql://h/d?bogus=1"_s, u"mysql://h/d?ssl_ca=a;b"_s, u"mysql://h/d?ssl_ca=%01"_s})
            all += ConnectionSpec::parse(url).error().message;
        return all;
    }();
    return text;
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
    // A password of some length that appears nowhere else (nor in the fixed text of the
    // messages) must not be shown.
    const QString password = typedPassword(url.trimmed());
    if (password.size() >= 6 && url.count(password, Qt::CaseInsensitive) == 1) {
        QString rest = url;
        rest.remove(password);
        const QString decodedRest = QUrl::fromPercentEncoding(rest.toUtf8());
        const auto cs = Qt::CaseInsensitive;
        if (!decodedRest.contains(password, cs) && !rest.contains(password, cs)
            && !fixedMessageText().contains(password, cs))
            fuzz::check(!spec.error().message.contains(password),
                        "error message shows the password", spec.error().message);
    }
    return 0;
}
