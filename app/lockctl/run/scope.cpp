// SPDX-License-Identifier: GPL-3.0-or-later
#include "scope.h"

#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

QStringList managerOption()
{
    return ::geteuid() == 0 ? QStringList() : QStringList{u"--user"_s};
}

} // namespace

bool systemdRunning()
{
    return QFileInfo(u"/run/systemd/system"_s).isDir();
}

QString scopeUnit()
{
    return u"lockscope-run-%1-%2.scope"_s.arg(::getpid()).arg(
        uint(QRandomGenerator::global()->generate()), 8, 16, QChar(u'0'));
}

QStringList inScope(const QString &unit, qint64 killAfterMs, const QStringList &command)
{
    return QStringList{u"systemd-run"_s} + managerOption()
           + QStringList{u"--scope"_s, u"--quiet"_s, u"--collect"_s, u"--unit="_s + unit,
                         u"--property=TimeoutStopSec=%1ms"_s.arg(qMax<qint64>(killAfterMs, 1)),
                         u"--"_s}
           + command;
}

void stopScope(const QString &unit, int timeoutMs)
{
    QProcess systemctl;
    systemctl.setProgram(u"systemctl"_s);
    systemctl.setArguments(managerOption() + QStringList{u"stop"_s, u"--quiet"_s, unit});
    systemctl.setStandardInputFile(QProcess::nullDevice());
    systemctl.setStandardOutputFile(QProcess::nullDevice());
    systemctl.setStandardErrorFile(QProcess::nullDevice());
    systemctl.start();
    if (!systemctl.waitForFinished(timeoutMs))
        systemctl.kill();
    systemctl.waitForFinished(1000);
}

} // namespace lockctl
