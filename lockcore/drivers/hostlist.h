// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QList>
#include <QString>

namespace lockcore {

// One server of a connection: a host name or address (an IPv6 address without brackets) and
// its port.
struct HostPort
{
    QString host;
    int port = 0; // 0: the driver's default

    friend bool operator==(const HostPort &a, const HostPort &b)
    {
        return a.host == b.host && a.port == b.port;
    }
    friend bool operator!=(const HostPort &a, const HostPort &b) { return !(a == b); }
};

// Several hosts as a URL's authority writes them, "h1[:p1],h2[:p2],..." (libpq's multi-host
// form), IPv6 addresses in brackets ("[::1]:5432"). Host names are folded to lower case, as
// QUrl does with the host of a URL. The error's message is the end of a sentence, "the port of
// \"h1:x\" is not a number from 1 to 65535.", for the caller to put after its own beginning.
Result<QList<HostPort>> parseHostList(const QString &text);

// The same form: what parseHostList() reads back to `hosts` (one host: "host[:port]").
QString hostListText(const QList<HostPort> &hosts);

} // namespace lockcore
