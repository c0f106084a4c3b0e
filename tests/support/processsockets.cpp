// SPDX-License-Identifier: GPL-3.0-or-later
#include "processsockets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

// The socket inodes among the process's open files ("socket:[12345]").
QSet<QString> socketInodes(qint64 pid)
{
    QSet<QString> inodes;
    const QDir fds(u"/proc/%1/fd"_s.arg(pid));
    for (const QFileInfo &fd : fds.entryInfoList(QDir::Files | QDir::System)) {
        const QString target = fd.symLinkTarget().isEmpty()
                                   ? QFile::symLinkTarget(fd.absoluteFilePath())
                                   : fd.symLinkTarget();
        const QString name = QFileInfo(target).fileName();
        if (name.startsWith(u"socket:["_s))
            inodes.insert(name.mid(8).chopped(1));
    }
    return inodes;
}

} // namespace

QList<quint16> localTcpPorts(qint64 pid)
{
    const QSet<QString> inodes = socketInodes(pid);
    QList<quint16> ports;
    for (const QString &table : {u"/proc/%1/net/tcp"_s, u"/proc/%1/net/tcp6"_s}) {
        QFile file(table.arg(pid));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        file.readLine(); // the column titles
        while (!file.atEnd()) {
            // "sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ..."
            const QStringList fields =
                QString::fromLatin1(file.readLine()).split(u' ', Qt::SkipEmptyParts);
            if (fields.size() < 10 || !inodes.contains(fields.at(9)))
                continue;
            bool ok = false;
            const quint16 port = quint16(fields.at(1).section(u':', -1).toUInt(&ok, 16));
            if (ok)
                ports.append(port);
        }
    }
    return ports;
}

} // namespace testsupport
