#include "processtree.h"

#include <QDir>
#include <QFile>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

QByteArray readProcFile(qint64 pid, const char *name)
{
    QFile file(u"/proc/%1/"_s.arg(pid) + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

QList<qint64> childProcesses(const QSet<qint64> &parents)
{
    QList<qint64> children;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
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

QByteArray commandLine(qint64 pid)
{
    return readProcFile(pid, "cmdline");
}

} // namespace testsupport
