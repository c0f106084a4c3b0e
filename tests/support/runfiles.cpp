// SPDX-License-Identifier: GPL-3.0-or-later
#include "runfiles.h"

#include "processtree.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QThread>

using namespace Qt::StringLiterals;

namespace testsupport {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject readJson(const QString &path)
{
    return QJsonDocument::fromJson(readFile(path)).object();
}

bool waitForFile(const QString &path, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (!readFile(path).trimmed().isEmpty())
            return true;
        QThread::msleep(10);
    }
    return false;
}

bool hasEnded(qint64 pid)
{
    return commandLine(pid).isEmpty();
}

QString heartbeatLoop(const QString &file)
{
    return u"( trap '' TERM; while :; do echo \"$LOCKSCOPE_FENCE $(date +%s%3N)\" >> %1; "
           u"sleep 0.02; done ) &"_s.arg(file);
}

QList<Beat> readBeats(const QString &path)
{
    QList<Beat> beats;
    for (const QByteArray &line : readFile(path).split('\n')) {
        const QList<QByteArray> words = line.trimmed().split(' ');
        if (words.size() == 2) // a line cut by a kill is left out
            beats.append({words[0].toLongLong(), words[1].toLongLong()});
    }
    return beats;
}

QList<Beat> beatsSince(const QList<Beat> &beats, qint64 fence, qint64 atMs)
{
    QList<Beat> found;
    for (const Beat &beat : beats) {
        if (beat.fence == fence && beat.atMs >= atMs)
            found.append(beat);
    }
    return found;
}

qint64 epochMs(const QString &isoTime)
{
    const QDateTime time = QDateTime::fromString(isoTime, Qt::ISODateWithMs);
    return time.isValid() ? time.toMSecsSinceEpoch() : -1;
}

} // namespace testsupport
