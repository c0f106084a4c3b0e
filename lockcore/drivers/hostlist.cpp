// SPDX-License-Identifier: Apache-2.0
#include "hostlist.h"

#include "tr.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

Error badEntry(const QString &why, const QString &entry)
{
    return Error::invalidInput(why.arg(entry.left(80)));
}

// "5432" -> 5432; 0 when it is not a port number.
int portNumber(const QString &text)
{
    for (const QChar c : text) {
        if (c < u'0' || c > u'9')
            return 0;
    }
    bool ok = false;
    const int port = text.toInt(&ok);
    return ok && port >= 1 && port <= 65535 ? port : 0;
}

// The host of one entry checked as QUrl checks a URL's host, so that every host of a list
// passes the rules the first one (read by QUrl with the whole URL) does.
Result<QString> checkedHost(const QString &host, const QString &entry)
{
    if (host.isEmpty())
        return badEntry(Tr::tr("the entry \"%1\" of the host list names no host."), entry);
    QUrl probe;
    probe.setHost(host, QUrl::StrictMode);
    const QString checked = probe.host(QUrl::FullyDecoded);
    if (!probe.isValid() || checked.isEmpty())
        return badEntry(Tr::tr("\"%1\" is not a valid host name or address."), entry);
    return checked;
}

// "host", "host:port", "[v6]" or "[v6]:port".
Result<HostPort> parseEntry(const QString &entry)
{
    if (entry.isEmpty())
        return Error::invalidInput(Tr::tr("the host list has an empty entry (two commas in a "
                                          "row, or one at its start or end)."));
    QString host = entry;
    QString portText;
    bool hasPort = false;
    if (entry.startsWith(u'[')) {
        const qsizetype close = entry.indexOf(u']');
        if (close < 0)
            return badEntry(Tr::tr("the IPv6 address \"%1\" has no closing ']'."), entry);
        host = entry.mid(1, close - 1);
        const QString rest = entry.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(u':'))
            return badEntry(Tr::tr("\"%1\" has something other than \":port\" after its ']'."),
                            entry);
        hasPort = !rest.isEmpty();
        portText = rest.mid(1);
    } else if (entry.count(u':') > 1) {
        return badEntry(Tr::tr("write the IPv6 address \"%1\" in brackets in a host list "
                               "([2001:db8::1]:5432)."),
                        entry);
    } else if (entry.contains(u':')) {
        host = entry.section(u':', 0, 0);
        portText = entry.section(u':', 1);
        hasPort = true;
    }
    if (hasPort && portText.isEmpty())
        return badEntry(Tr::tr("\"%1\" ends in ':' without a port (write the port after it, or "
                               "leave out the ':' for the default port)."),
                        entry);
    const int port = hasPort ? portNumber(portText) : 0;
    if (hasPort && port == 0)
        return badEntry(Tr::tr("the port of \"%1\" is not a number from 1 to 65535."), entry);
    auto checked = checkedHost(host, entry);
    if (!checked)
        return checked.error();
    return HostPort{*checked, port};
}

} // namespace

Result<QList<HostPort>> parseHostList(const QString &text)
{
    QList<HostPort> hosts;
    for (const QString &entry : text.split(u',')) {
        auto host = parseEntry(entry);
        if (!host)
            return host.error();
        hosts << *host;
    }
    return hosts;
}

QString hostListText(const QList<HostPort> &hosts)
{
    QStringList entries;
    for (const HostPort &entry : hosts) {
        QString text = entry.host.contains(u':') ? u'[' + entry.host + u']' : entry.host;
        if (entry.port > 0)
            text += u':' + QString::number(entry.port);
        entries << text;
    }
    return entries.join(u',');
}

} // namespace lockcore
