// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverprocess.h"

#include "dialect.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSqlQuery>
#include <QThread>
#include <csignal>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace testsupport {

QList<pid_t> serverProcesses(Session &session)
{
    QList<pid_t> pids;
    QSqlQuery query(session.database());
    pid_t main = 0;
    if (session.dialect().kind() == Dialect::Kind::PostgreSQL) {
        if (!query.exec(u"SELECT pg_backend_pid()"_s) || !query.next())
            return {};
        QFile status(u"/proc/%1/status"_s.arg(query.value(0).toLongLong()));
        if (!status.open(QIODevice::ReadOnly))
            return {};
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("PPid:"))
                main = pid_t(line.mid(5).trimmed().toLongLong());
    } else if (session.dialect().kind() == Dialect::Kind::MySQL) {
        if (!query.exec(u"SELECT @@pid_file"_s) || !query.next())
            return {};
        QFile file(query.value(0).toString());
        if (!file.open(QIODevice::ReadOnly))
            return {};
        main = pid_t(file.readAll().trimmed().toLongLong());
    }
    if (main <= 1)
        return {};
    pids << main;
    // Its children (PostgreSQL serves each connection from a child process).
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        const pid_t pid = pid_t(entry.toLongLong(&isPid));
        if (!isPid)
            continue;
        QFile status(u"/proc/%1/status"_s.arg(pid));
        if (!status.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("PPid:") && pid_t(line.mid(5).trimmed().toLongLong()) == main)
                pids << pid;
    }
    return pids;
}

void signalAll(const QList<pid_t> &pids, int signal)
{
    for (pid_t pid : pids)
        ::kill(pid, signal);
}

StoppedServer::StoppedServer(const QList<pid_t> &pids, int atMostS) : m_pids(pids)
{
    QStringList numbers;
    for (pid_t pid : pids)
        numbers << QString::number(pid);
    QProcess process;
    process.setProgram(u"/bin/sh"_s);
    process.setArguments(
        {u"-c"_s, u"sleep %1; kill -CONT %2"_s.arg(atMostS).arg(numbers.join(u' '))});
    // Not the test's output: ctest would wait for its sleep to close it.
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QProcess::nullDevice());
    qint64 resumer = 0;
    process.startDetached(&resumer);
    m_resumer = pid_t(resumer);
    signalAll(m_pids, SIGSTOP);
    // Stopped once the kernel says so, not when the signal was sent: a suite that went on
    // earlier once saw the server answer (silentserver_mariadb, 0 ms).
    for (pid_t pid : pids)
        if (!waitUntilStopped(pid, 2000))
            qWarning("testsupport: server process %d is not stopped 2 s after SIGSTOP", int(pid));
}

// /proc/<pid>/stat's state field (after the command name in parentheses) is T when stopped.
bool StoppedServer::waitUntilStopped(pid_t pid, int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    do {
        QFile stat(u"/proc/%1/stat"_s.arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            return true; // gone: it answers nothing either
        const QByteArray line = stat.readAll();
        const qsizetype end = line.lastIndexOf(')');
        if (end >= 0 && end + 2 < line.size() && (line[end + 2] == 'T' || line[end + 2] == 't'))
            return true;
        QThread::msleep(5);
    } while (waited.elapsed() < timeoutMs);
    return false;
}

StoppedServer::~StoppedServer()
{
    resume();
}

void StoppedServer::resume()
{
    if (m_resumer > 0)
        ::kill(m_resumer, SIGKILL); // its SIGCONT must not reach a later suite's stopped server
    m_resumer = 0;
    signalAll(m_pids, SIGCONT);
}

LatencyProbe::LatencyProbe()
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(10);
    QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_clock.isValid())
            m_worst = qMax(m_worst, m_clock.restart());
        else
            m_clock.start();
    });
    m_timer.start();
}

} // namespace testsupport
