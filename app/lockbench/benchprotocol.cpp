// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchprotocol.h"

using namespace Qt::StringLiterals;

namespace lockbench {

const QStringList &protocolIds()
{
    static const QStringList ids = {u"lockcore"_s, u"raw-sql"_s,        u"seed-000"_s,
                                    u"seed-004"_s, u"shedlock-style"_s, u"native"_s};
    return ids;
}

QString Protocol::table(const QString &name) const
{
    return m_context.tablePrefix + u'_' + name;
}

std::unique_ptr<Protocol> makeProtocol(const QString &id, const ProtocolContext &context)
{
    if (id == u"lockcore")
        return makeLockcoreProtocol(context);
    if (id == u"raw-sql")
        return makeRawSqlProtocol(context);
    if (id == u"seed-000")
        return makeSeed000Protocol(context);
    if (id == u"seed-004")
        return makeSeed004Protocol(context);
    if (id == u"shedlock-style")
        return makeShedlockProtocol(context);
    if (id == u"native")
        return makeNativeProtocol(context);
    return nullptr;
}

} // namespace lockbench
