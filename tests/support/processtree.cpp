// SPDX-License-Identifier: GPL-3.0-or-later
#include "processtree.h"

#include <QDir>
#include <QFile>
#include <QStringList>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

QByteArray readProcFile(qint64 pid, const char *name)
{
    QFile file(u"/proc/%1/"_s.arg(pid) + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QList<qint64> allProcesses()
{
    QList<qint64> all;
    for (const QString &entry : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (ok)
            all << pid;
    }
    return all;
}

} // namespace

QList<qint64> childProcesses(const QSet<qint64> &parents)
{
    QList<qint64> children;
    for (const qint64 pid : allProcesses()) {
        const QByteArray stat = readProcFile(pid, "stat");
        // "pid (comm) state ppid ...": comm may hold blanks, so read after the last ')'.
        const qsizetype close = stat.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() > 1 && parents.contains(fields.at(1).toLongLong()))
            children << pid;
    }
    return children;
}

char processState(qint64 pid)
{
    const QByteArray stat = readProcFile(pid, "stat");
    const qsizetype close = stat.lastIndexOf(')'); // "pid (comm) state ...", as above
    return close >= 0 && stat.size() > close + 2 ? stat.at(close + 2) : '?';
}

QByteArray commandLine(qint64 pid)
{
    return readProcFile(pid, "cmdline");
}

QList<qint64> processesMarked(const QByteArray &marker)
{
    QList<qint64> marked;
    for (const qint64 pid : allProcesses()) {
        if (pid != qint64(::getpid()) && commandLine(pid).contains(marker))
            marked << pid;
    }
    return marked;
}

void killProcessesMarked(const QByteArray &marker)
{
    for (const qint64 pid : processesMarked(marker))
        ::kill(pid_t(pid), SIGKILL);
}

} // namespace testsupport
