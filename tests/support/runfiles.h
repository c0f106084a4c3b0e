// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace testsupport {

// What the commands of "lockctl run" leave for a suite to read: files they write, and lockctl's
// --json-file.
QByteArray readFile(const QString &path);
QJsonObject readJson(const QString &path);
// Waits until the file exists and is not empty.
bool waitForFile(const QString &path, int timeoutMs = 15000);
// A process that has ended: gone, or a zombie nobody reaped.
bool hasEnded(qint64 pid);

// One line of a heartbeat file: the fence the writer ran under and when it wrote, in ms since
// the epoch on this machine's clock (the database servers of the tests run on this machine).
struct Beat
{
    qint64 fence = 0;
    qint64 atMs = 0;
};

// A shell loop that appends "$LOCKSCOPE_FENCE <ms>" to `file` every 20 ms, ignoring SIGTERM,
// run in the background by the command (a grandchild of lockctl); `file` relative to the
// command's directory.
QString heartbeatLoop(const QString &file);
QList<Beat> readBeats(const QString &path);
// The beats of `fence` written at or after `atMs`.
QList<Beat> beatsSince(const QList<Beat> &beats, qint64 fence, qint64 atMs);
// A time as lockctl's JSON gives it (ISO 8601 UTC, ms), in ms since the epoch; -1 if not one.
qint64 epochMs(const QString &isoTime);

} // namespace testsupport
