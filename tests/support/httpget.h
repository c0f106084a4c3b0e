// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

namespace testsupport {

// One HTTP/1.1 GET answered, as the suites and benchmarks read an exporter.
struct HttpReply
{
    bool answered = false; // a whole response arrived within the timeout
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    qint64 elapsedMs = 0;   // from the connect to the last byte
    double elapsedUs = 0;   // the same in microseconds
    QString error;          // when not answered
};

// GET http://127.0.0.1:PORT/PATH on a connection of its own (Connection: close), read until the
// server closes it or Content-Length bytes arrived; a raw QTcpSocket, blocking.
HttpReply httpGet(quint16 port, const QString &path, int timeoutMs = 30000);

// The same with another method (POST, DELETE...), no body.
HttpReply httpRequest(quint16 port, const QByteArray &method, const QString &path,
                      int timeoutMs = 30000);

} // namespace testsupport
