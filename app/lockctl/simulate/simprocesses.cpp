// SPDX-License-Identifier: GPL-3.0-or-later
#include "simprocesses.h"

#include "lockctltr.h"
#include "lockservice.h"
#include "simoutput.h"
#include "simrecords.h"
#include "simulator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QTimer>
#include <QUrl>
#include <csignal>
#include <memory>
#include <sys/types.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

constexpr int tickMs = 100;          // kill decisions and progress
constexpr qint64 endGraceMs = 3000;  // after the deadline, before the children are told to stop
constexpr qint64 stopGraceMs = 3000; // after SIGTERM, before SIGKILL

struct Child
{
    int key = 0;
    int client = 0;
    int restart = 0;
    std::unique_ptr<QProcess> process;
    qint64 pid = 0;
    QByteArray pending; // an incomplete last line
    bool killed = false; // killed by the kill rate or at the end: its open holds crashed
    bool ended = false;
};

class ProcessRun
{
public:
    ProcessRun(const ProcessRunPlan &plan, const std::atomic_bool &stop, ProgressLine &progress)
        : m_plan(plan)
        , m_stop(stop)
        , m_progress(progress)
        , m_merger(&m_outcome.history)
        , m_random(plan.settings.seed)
    {}

    ProcessRunOutcome run()
    {
        m_elapsed.start();
        for (int client = 0; client < m_plan.settings.clients; ++client)
            startChild(client, 0);
        QTimer timer;
        timer.setInterval(tickMs);
        QObject::connect(&timer, &QTimer::timeout, &m_loop, [this] { tick(); });
        timer.start();
        m_loop.exec();
        for (const auto &child : m_children) {
            if (!child->ended) // cannot happen after the loop; never leave a child behind
                child->process->kill();
            child->process->waitForFinished(1000);
        }
        return std::move(m_outcome);
    }

private:
    void startChild(int client, int restart)
    {
        auto child = std::make_unique<Child>();
        child->key = int(m_children.size());
        child->client = client;
        child->restart = restart;
        child->process = std::make_unique<QProcess>();
        QProcess *process = child->process.get();
        const int node = locksim::nodeOfClient(client, int(m_plan.nodes.size()));
        process->setProgram(QCoreApplication::applicationFilePath());
        const QString connectTimeout = QString::number(m_plan.connectTimeoutS) + u's';
        process->setArguments({u"--db"_s, urlWithoutPassword(m_plan.nodes.at(node).url),
                               u"--connect-timeout"_s, connectTimeout, u"--no-prompt"_s,
                               u"sim-client"_s, u"--client"_s, QString::number(client),
                               u"--node"_s, QString::number(node), u"--restart"_s,
                               QString::number(restart)});
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(u"LOCKSCOPE_PASSWORD"_s);
        const lockcore::ConnectionSpec &spec = m_plan.nodes.at(node).spec;
        if (spec.isServer() && (spec.passwordFromUrl || !spec.password.isEmpty()))
            env.insert(u"LOCKSCOPE_PASSWORD"_s, spec.password);
        process->setProcessEnvironment(env);
        process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        Child *raw = child.get();
        QObject::connect(process, &QProcess::readyReadStandardOutput, &m_loop,
                         [this, raw] { readLines(*raw); });
        QObject::connect(process, &QProcess::finished, &m_loop,
                         [this, raw](int code, QProcess::ExitStatus status) {
                             finished(*raw, code, status);
                         });
        m_children.push_back(std::move(child));
        process->start();
        if (!process->waitForStarted(5000)) {
            raw->ended = true;
            fail(Tr::tr("Could not start a client process: %1").arg(process->errorString()));
            return;
        }
        raw->pid = process->processId();
        const QJsonObject input{{u"settings"_s, m_plan.settings.toJson()},
                                {u"deadline_db_us"_s, m_plan.deadlineDbUs}};
        process->write(QJsonDocument(input).toJson(QJsonDocument::Compact) + '\n');
        process->closeWriteChannel();
    }

    void readLines(Child &child)
    {
        child.pending += child.process->readAllStandardOutput();
        qsizetype newline;
        while ((newline = child.pending.indexOf('\n')) >= 0) {
            const QByteArray line = child.pending.left(newline);
            child.pending.remove(0, newline + 1);
            if (!line.trimmed().isEmpty())
                m_merger.addLine(child.key, child.pid, line);
        }
    }

    void finished(Child &child, int code, QProcess::ExitStatus status)
    {
        if (child.ended)
            return;
        readLines(child);
        child.ended = true;
        const bool crashed = status == QProcess::CrashExit;
        m_merger.childEnded(child.key, child.killed || crashed);
        if (child.killed && !m_stopping) {
            startChild(child.client, child.restart + 1);
        } else if (!child.killed && !m_stopping && (crashed || code != 0)) {
            fail(crashed ? Tr::tr("The process of client %1 crashed.").arg(child.client)
                         : Tr::tr("The process of client %1 failed (exit code %2).")
                               .arg(child.client)
                               .arg(code));
        }
        if (allEnded())
            m_loop.quit();
    }

    // Stops the child (SIGSTOP) and confirms in the database that it still holds the grants it
    // printed: a child that released a moment ago, its line not read yet, must not count as a
    // crashed holder. False (and the child goes on) when it holds nothing any more. The lease
    // as renewed by then becomes the grant's end.
    bool freezeIfHolding(Child &child)
    {
        boundOpenTransactions(child);
        if (m_plan.settings.protocol != locksim::Protocol::Lockcore || !m_plan.session)
            return true; // the baselines have no such row to read
        ::kill(pid_t(child.pid), SIGSTOP);
        bool holding = false;
        auto service = lockcore::LockService::create(*m_plan.session, m_plan.settings.table);
        for (const locksim::HoldRecord &hold : m_merger.openHolds(child.key)) {
            if (!service)
                break;
            const QString name = m_plan.settings.lockPrefix + QString::number(hold.lock);
            auto row = service->lock(name);
            if (!row || !*row || (*row)->holder != hold.holder || (*row)->fence != hold.fence)
                continue;
            holding = true;
            const QDateTime expires = (*row)->expiresAt;
            if (expires.isValid())
                m_merger.setOpenExpiry(child.key, hold, expires.toMSecsSinceEpoch() * 1000);
        }
        if (!holding)
            ::kill(pid_t(child.pid), SIGCONT);
        return holding;
    }

    // for-update: the server rolls a killed client's transaction back once its connection
    // drops, some time after now; its open holds end no earlier than the database clock read
    // now (a shrunk interval, as every hold's). Without this they would never end.
    void boundOpenTransactions(Child &child)
    {
        if (m_plan.settings.protocol != locksim::Protocol::ForUpdate || !m_plan.session)
            return;
        auto service = lockcore::LockService::create(*m_plan.session, m_plan.settings.table);
        if (!service)
            return;
        auto clock = service->clock();
        if (!clock)
            return;
        for (const locksim::HoldRecord &hold : m_merger.openHolds(child.key))
            m_merger.setOpenExpiry(child.key, hold, clock->dbNow.toMSecsSinceEpoch() * 1000);
    }

    void fail(const QString &message)
    {
        if (m_outcome.failure.isEmpty())
            m_outcome.failure = message;
        beginStop();
    }

    bool allEnded() const
    {
        for (const auto &child : m_children) {
            if (!child->ended)
                return false;
        }
        return true;
    }

    void beginStop()
    {
        if (m_stopping)
            return;
        m_stopping = true;
        m_stoppingSince.start();
        for (const auto &child : m_children) {
            if (!child->ended)
                child->process->terminate(); // SIGTERM: the client ends its hold and exits
        }
    }

    void tick()
    {
        const locksim::SimSettings &s = m_plan.settings;
        const qint64 acquisitions = m_merger.acquisitions();
        m_progress.update(m_elapsed.elapsed(), acquisitions, m_outcome.history.crashes,
                          m_outcome.history.pauses);
        if (m_stop.load() || (s.maxAcquisitions > 0 && acquisitions >= s.maxAcquisitions)
            || (s.durationMs > 0 && m_elapsed.elapsed() > s.durationMs + endGraceMs))
            beginStop();
        if (m_stopping) {
            if (m_stoppingSince.elapsed() > stopGraceMs) {
                for (const auto &child : m_children) {
                    if (!child->ended && !child->killed) {
                        boundOpenTransactions(*child);
                        child->killed = true;
                        child->process->kill();
                    }
                }
            }
            if (allEnded())
                m_loop.quit();
            return;
        }
        if (m_plan.killRate <= 0)
            return;
        const qsizetype count = qsizetype(m_children.size()); // replacements start later
        for (qsizetype i = 0; i < count; ++i) {
            Child &child = *m_children.at(size_t(i));
            if (child.ended || child.killed || m_merger.openHolds(child.key).isEmpty())
                continue;
            if (m_random.generateDouble() >= m_plan.killRate || !freezeIfHolding(child))
                continue;
            child.killed = true;
            child.process->kill(); // SIGKILL: no release, no last words
            ++m_outcome.kills;
            ++m_outcome.history.crashes;
        }
    }

    const ProcessRunPlan &m_plan;
    const std::atomic_bool &m_stop;
    ProgressLine &m_progress;
    ProcessRunOutcome m_outcome;
    HistoryMerger m_merger;
    QRandomGenerator m_random;
    QEventLoop m_loop;
    QElapsedTimer m_elapsed;
    QElapsedTimer m_stoppingSince;
    bool m_stopping = false;
    std::vector<std::unique_ptr<Child>> m_children;
};

} // namespace

QString urlWithoutPassword(const QString &url)
{
    const QString trimmed = url.trimmed();
    if (!trimmed.contains(u"://"_s))
        return trimmed; // sqlite:PATH has no password
    QUrl parsed(trimmed, QUrl::StrictMode);
    parsed.setPassword(QString());
    return parsed.toString(QUrl::FullyEncoded);
}

ProcessRunOutcome runClientProcesses(const ProcessRunPlan &plan, const std::atomic_bool &stop,
                                     ProgressLine &progress)
{
    ProcessRun run(plan, stop, progress);
    return run.run();
}

} // namespace lockctl
