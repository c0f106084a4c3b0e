// SPDX-License-Identifier: GPL-3.0-or-later
#include "childprocess.h"

#include "exitcode.h"
#include "lockctltr.h"

#include <QFileInfo>
#include <QStandardPaths>

#include <csignal>

using namespace Qt::StringLiterals;

namespace lockctl {

std::optional<StartFailure> locateProgram(const QString &program, QString *path)
{
    if (program.isEmpty())
        return StartFailure{cli::ExitNotFound, Tr::tr("the command is empty")};
    if (program.contains(u'/')) {
        const QFileInfo file(program);
        if (!file.exists())
            return StartFailure{cli::ExitNotFound, Tr::tr("no such file")};
        if (file.isDir())
            return StartFailure{cli::ExitCannotExecute, Tr::tr("it is a directory")};
        if (!file.isExecutable())
            return StartFailure{cli::ExitCannotExecute, Tr::tr("permission denied (not executable)")};
        *path = program;
        return std::nullopt;
    }
    *path = QStandardPaths::findExecutable(program);
    if (path->isEmpty())
        return StartFailure{cli::ExitNotFound, Tr::tr("not found on PATH")};
    return std::nullopt;
}

QString signalName(int signalNumber)
{
    switch (signalNumber) {
    case SIGINT:
        return u"SIGINT"_s;
    case SIGTERM:
        return u"SIGTERM"_s;
    case SIGHUP:
        return u"SIGHUP"_s;
    case SIGKILL:
        return u"SIGKILL"_s;
    case SIGSTOP:
        return u"SIGSTOP"_s;
    case SIGTSTP:
        return u"SIGTSTP"_s;
    case SIGTTIN:
        return u"SIGTTIN"_s;
    case SIGTTOU:
        return u"SIGTTOU"_s;
    default:
        return u"signal %1"_s.arg(signalNumber);
    }
}

} // namespace lockctl
