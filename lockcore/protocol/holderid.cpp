// SPDX-License-Identifier: Apache-2.0
#include "holderid.h"

#include "validation.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSysInfo>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {


QString hostName()
{
    const QString host = QSysInfo::machineHostName().trimmed();
    return host.isEmpty() ? u"localhost"_s : host;
}

QString randomPart()
{
    const quint32 random = QRandomGenerator::global()->generate() & 0xffffffu;
    return QString::number(random, 16).rightJustified(6, u'0');
}

// The user followed by `rest` ("@host (tool)", "@host:pid:random"), at most
// limits::maxNameChars characters: the columns' width (holder, actor). A user name too long
// for it (a $USER of 245 characters) is cut on a character boundary and marked with "…"; the
// host, tool and pid part that makes the text unique stays whole.
QString withUser(const QString &rest)
{
    // Composed, as validateHolder() wants it (an account name typed in decomposed form).
    const QString user = osUserName().normalized(QString::NormalizationForm_C);
    qsizetype restChars = 0;
    for (const QChar c : rest)
        restChars += c.isLowSurrogate() ? 0 : 1;
    const int room = int(limits::maxNameChars - restChars);
    const QString fitted = truncatedToCodePoints(user, room);
    if (fitted.size() == user.size())
        return user + rest;
    if (room < 2) // (no host name is that long: the whole, cut at the end)
        return truncatedToCodePoints(user + rest, limits::maxNameChars);
    return truncatedToCodePoints(user, room - 1) + u'\u2026' + rest;
}

} // namespace

QString defaultHolderId()
{
    return withUser(u'@' + hostName() + u':' + QString::number(QCoreApplication::applicationPid())
                    + u':' + randomPart());
}

QString toolHolderId(const QString &tool)
{
    return withUser(u'@' + hostName() + u" ("_s + tool + u", pid "_s
                    + QString::number(QCoreApplication::applicationPid()) + u", "_s
                    + randomPart() + u')');
}

QString actorId(const QString &tool)
{
    return withUser(u'@' + hostName() + u" ("_s + tool + u')');
}

QString sessionTag()
{
    constexpr int maxBytes = 63; // PostgreSQL's NAMEDATALEN - 1
    QString program = QCoreApplication::applicationName().left(20).simplified();
    if (program.isEmpty())
        program = u"lockcore"_s;
    const QString head = program + u' ' + QString::number(QCoreApplication::applicationPid())
                         + u'@';
    QString host = hostName();
    while (!host.isEmpty() && (head + host).toUtf8().size() > maxBytes)
        host.chop(1);
    return head + host;
}

QString osUserName()
{
    for (const char *var : {"USER", "LOGNAME", "USERNAME"}) {
        const QString user = qEnvironmentVariable(var).trimmed();
        if (!user.isEmpty())
            return user;
    }
#ifdef Q_OS_UNIX
    // Services and containers often run without USER; the account database still knows.
    // getpwuid_r: holder ids are made on several threads at once (one LockGuard each), and
    // getpwuid's answer is one buffer for the whole process.
    passwd record{};
    passwd *entry = nullptr;
    char buffer[4096];
    if (::getpwuid_r(::geteuid(), &record, buffer, sizeof buffer, &entry) == 0 && entry
        && entry->pw_name && *entry->pw_name)
        return QString::fromLocal8Bit(entry->pw_name);
#endif
    return u"unknown"_s;
}

} // namespace lockcore
