#include "holderid.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSysInfo>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString osUser()
{
    for (const char *var : {"USER", "LOGNAME", "USERNAME"}) {
        const QString user = qEnvironmentVariable(var).trimmed();
        if (!user.isEmpty())
            return user;
    }
    return u"unknown"_s;
}

QString hostName()
{
    const QString host = QSysInfo::machineHostName().trimmed();
    return host.isEmpty() ? u"localhost"_s : host;
}

} // namespace

QString defaultHolderId()
{
    const quint32 random = QRandomGenerator::global()->generate() & 0xffffffu;
    return osUser() + u'@' + hostName() + u':' + QString::number(QCoreApplication::applicationPid())
           + u':' + QString::number(random, 16).rightJustified(6, u'0');
}

QString actorId(const QString &tool)
{
    return osUser() + u'@' + hostName() + u" ("_s + tool + u')';
}

} // namespace lockcore
