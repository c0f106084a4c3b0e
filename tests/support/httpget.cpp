// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpget.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

// Splits the head at the blank line; false until it has arrived.
bool parseHead(const QByteArray &data, HttpReply &reply, qsizetype &bodyStart)
{
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = data.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    reply.status = statusLine.value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            reply.headers.insert(lines.at(i).left(colon).trimmed().toLower(),
                                 lines.at(i).mid(colon + 1).trimmed());
    }
    bodyStart = end + 4;
    return true;
}

} // namespace

HttpReply httpGet(quint16 port, const QString &path, int timeoutMs)
{
    return httpRequest(port, "GET", path, timeoutMs);
}

HttpReply httpRequest(quint16 port, const QByteArray &method, const QString &path, int timeoutMs)
{
    HttpReply reply;
    QElapsedTimer clock;
    clock.start();
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs)) {
        reply.error = u"connect: "_s + socket.errorString();
        return reply;
    }
    socket.write(method + ' ' + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1:"
                 + QByteArray::number(port)
                 + (method == "GET" ? "" : "\r\nContent-Length: 0")
                 + "\r\nConnection: close\r\n\r\n");
    QByteArray data;
    qsizetype bodyStart = -1;
    while (true) {
        if (bodyStart < 0)
            parseHead(data, reply, bodyStart);
        if (bodyStart >= 0 && reply.headers.contains("content-length")
            && data.size() - bodyStart >= reply.headers.value("content-length").toLongLong())
            break;
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0) {
            reply.error = u"no complete answer within %1 ms"_s.arg(timeoutMs);
            return reply;
        }
        if (!socket.waitForReadyRead(int(left))) {
            data += socket.readAll();
            if (bodyStart < 0)
                parseHead(data, reply, bodyStart);
            if (socket.state() != QAbstractSocket::ConnectedState && bodyStart >= 0)
                break; // closed by the server: the body is what came
            reply.error = u"read: "_s + socket.errorString();
            return reply;
        }
        data += socket.readAll();
    }
    reply.elapsedUs = double(clock.nsecsElapsed()) / 1000.0;
    reply.elapsedMs = clock.elapsed();
    reply.body = data.mid(bodyStart);
    reply.answered = true;
    return reply;
}

} // namespace testsupport
