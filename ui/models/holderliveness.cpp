// SPDX-License-Identifier: GPL-3.0-or-later
#include "holderliveness.h"

#include <QRegularExpression>
#include <QSysInfo>

#include <limits>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <signal.h>
#include <sys/types.h>
#endif

using namespace Qt::StringLiterals;

namespace ui {

namespace {

// "user@host (tool, pid 1234, 3fa2c1)", as lockcore::toolHolderId spells it.
std::optional<HolderProcess> parseToolHolder(const QString &holder)
{
    static const QRegularExpression form(
        uR"(^(.+)@([^@ ]+) \([^()]*, pid (\d{1,10}), [0-9a-f]+\)$)"_s);
    const QRegularExpressionMatch match = form.match(holder);
    if (!match.hasMatch())
        return std::nullopt;
    const qint64 pid = match.captured(3).toLongLong();
    if (pid <= 0 || pid > std::numeric_limits<int>::max())
        return std::nullopt;
    return HolderProcess{match.captured(1), match.captured(2), pid};
}

} // namespace

std::optional<HolderProcess> parseHolderProcess(const QString &holder)
{
    if (holder.endsWith(u')'))
        return parseToolHolder(holder);
    // Parsed from the right: the user part may itself contain '@'; host names hold no ':'.
    const qsizetype lastColon = holder.lastIndexOf(u':');
    if (lastColon <= 0 || lastColon == holder.size() - 1)
        return std::nullopt;
    const qsizetype pidColon = holder.lastIndexOf(u':', lastColon - 1);
    if (pidColon <= 0 || pidColon + 1 == lastColon)
        return std::nullopt;
    const QStringView random = QStringView(holder).sliced(lastColon + 1);
    for (const QChar c : random) {
        const bool hex = (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')
                         || (c >= u'A' && c <= u'F');
        if (!hex)
            return std::nullopt;
    }
    const QStringView pidText = QStringView(holder).sliced(pidColon + 1, lastColon - pidColon - 1);
    for (const QChar c : pidText) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    bool ok = false;
    const qint64 pid = pidText.toLongLong(&ok);
    if (!ok || pid <= 0 || pid > std::numeric_limits<int>::max())
        return std::nullopt;
    const QStringView userHost = QStringView(holder).first(pidColon);
    const qsizetype at = userHost.lastIndexOf(u'@');
    if (at <= 0 || at == userHost.size() - 1)
        return std::nullopt;
    return HolderProcess{userHost.first(at).toString(), userHost.sliced(at + 1).toString(), pid};
}

QString localHostName()
{
    // As lockcore::defaultHolderId spells it.
    const QString host = QSysInfo::machineHostName().trimmed();
    return host.isEmpty() ? u"localhost"_s : host;
}

bool isProcessGone(qint64 pid)
{
#ifdef Q_OS_UNIX
    if (pid <= 0 || pid > std::numeric_limits<pid_t>::max())
        return false; // 0 and negative values address process groups, never one process
    return ::kill(pid_t(pid), 0) == -1 && errno == ESRCH;
#else
    Q_UNUSED(pid);
    return false;
#endif
}

bool isLocalHolderGone(const QString &holder)
{
    static const QString host = localHostName();
    if (holder.endsWith(u')')) { // a person's hold through a tool (lockcore::toolHolderId)
        const std::optional<HolderProcess> process = parseToolHolder(holder);
        return process && process->host == host && isProcessGone(process->pid);
    }
    // Cheap rejection first, without allocating: most holders in a busy table run elsewhere
    // (the host is what comes between the last '@' and the pid's ':').
    const qsizetype lastColon = holder.lastIndexOf(u':');
    if (lastColon <= 0)
        return false;
    const qsizetype pidColon = holder.lastIndexOf(u':', lastColon - 1);
    if (pidColon <= 0)
        return false;
    const QStringView userHost = QStringView(holder).first(pidColon);
    const qsizetype at = userHost.lastIndexOf(u'@');
    if (at < 0 || userHost.sliced(at + 1) != host)
        return false;
    const std::optional<HolderProcess> process = parseHolderProcess(holder);
    return process && process->host == host && isProcessGone(process->pid);
}

} // namespace ui
