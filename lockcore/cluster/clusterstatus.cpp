// SPDX-License-Identifier: Apache-2.0
#include "clusterstatus.h"

#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString ClusterMember::roleId(Role role)
{
    switch (role) {
    case Role::Member: return u"member"_s;
    case Role::Primary: return u"primary"_s;
    case Role::Standby: return u"standby"_s;
    }
    return u"member"_s;
}

QString ClusterStatus::kindId(Kind kind)
{
    switch (kind) {
    case Kind::Standalone: return u"standalone"_s;
    case Kind::Galera: return u"galera"_s;
    case Kind::PostgresPrimary: return u"postgresql_primary"_s;
    case Kind::PostgresStandby: return u"postgresql_standby"_s;
    }
    return u"standalone"_s;
}

QString ClusterStatus::kindText(Kind kind)
{
    switch (kind) {
    case Kind::Standalone: return Tr::tr("standalone");
    case Kind::Galera: return Tr::tr("Galera cluster node");
    case Kind::PostgresPrimary: return Tr::tr("PostgreSQL primary");
    case Kind::PostgresStandby: return Tr::tr("PostgreSQL standby");
    }
    return Tr::tr("standalone");
}

QString ClusterStatus::nodeText() const
{
    const QString name = galera ? galera->nodeName : QString();
    if (name.isEmpty() || name == node)
        return node;
    if (node.isEmpty())
        return name;
    return Tr::tr("%1 (%2)").arg(name, node);
}

} // namespace lockcore
