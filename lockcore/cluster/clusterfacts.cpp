// SPDX-License-Identifier: Apache-2.0
// statusFromFacts: which kind of server answered, from the names its answers carry (Galera's
// wsrep_on, PostgreSQL's pg_is_in_recovery), then each kind's own reading of them.

#include "clusterfacts.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString hostPort(const QString &host, const QString &port)
{
    if (port.isEmpty())
        return host;
    const bool ipv6 = host.contains(u':') && !host.startsWith(u'[');
    return (ipv6 ? u'[' + host + u']' : host) + u':' + port;
}

ClusterStatus statusFromFacts(const ClusterFacts &facts)
{
    if (facts.values.value(u"wsrep_on"_s).compare(u"ON"_s, Qt::CaseInsensitive) == 0)
        return galeraStatus(facts);
    if (facts.values.contains(u"pg_is_in_recovery"_s))
        return postgresStatus(facts);
    // MySQL, or MariaDB without Galera: the host and port it reports.
    ClusterStatus status;
    status.node = hostPort(facts.values.value(u"hostname"_s), facts.values.value(u"port"_s));
    status.unreadable = facts.unreadable;
    return status;
}

} // namespace lockcore
