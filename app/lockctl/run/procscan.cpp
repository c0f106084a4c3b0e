// SPDX-License-Identifier: GPL-3.0-or-later
#include "procscan.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

QByteArray readProc(qint64 pid, const QString &name)
{
    QFile file(u"/proc/%1/"_s.arg(pid) + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime
// stime cutime cstime priority nice threads itrealvalue starttime ...": comm may hold blanks
// and parentheses, so the fields are read after the last ')'.
bool parseStat(qint64 pid, const QByteArray &stat, ProcessEntry *entry)
{
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0 || close + 2 >= stat.size())
        return false;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 20)
        return false;
    entry->pid = pid;
    entry->state = fields.at(0).isEmpty() ? '?' : fields.at(0).at(0);
    entry->ppid = fields.at(1).toLongLong();
    entry->pgid = fields.at(2).toLongLong();
    entry->startTime = fields.at(19).toULongLong();
    return true;
}

} // namespace

QList<ProcessEntry> scanProcesses()
{
    QList<ProcessEntry> all;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : entries) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        ProcessEntry entry;
        if (ok && parseStat(pid, readProc(pid, u"stat"_s), &entry))
            all << entry;
    }
    return all;
}

QList<ProcessEntry> descendantsOf(qint64 root, const QList<ProcessEntry> &all)
{
    QMultiHash<qint64, const ProcessEntry *> children;
    for (const ProcessEntry &entry : all)
        children.insert(entry.ppid, &entry);
    QList<ProcessEntry> found;
    QList<qint64> parents{root};
    QSet<qint64> seen{root};
    while (!parents.isEmpty()) {
        const qint64 parent = parents.takeLast();
        for (auto it = children.constFind(parent); it != children.cend() && it.key() == parent;
             ++it) {
            const ProcessEntry *child = it.value();
            if (seen.contains(child->pid))
                continue;
            seen.insert(child->pid);
            found << *child;
            parents << child->pid;
        }
    }
    return found;
}

} // namespace lockctl
