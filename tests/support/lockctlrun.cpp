// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockctlrun.h"

#include <unistd.h>

#include "testbackend.h"

#include <QJsonDocument>
#include <QProcessEnvironment>

using namespace Qt::StringLiterals;

namespace testsupport {

QString lockctlProgram()
{
    const QString chosen = qEnvironmentVariable("LOCKSCOPE_TEST_LOCKCTL");
#ifdef LOCKCTL_PATH
    return chosen.isEmpty() ? QStringLiteral(LOCKCTL_PATH) : chosen;
#else
    return chosen;
#endif
}

QString lockbenchProgram()
{
    const QString chosen = qEnvironmentVariable("LOCKSCOPE_TEST_LOCKBENCH");
#ifdef LOCKBENCH_PATH
    return chosen.isEmpty() ? QStringLiteral(LOCKBENCH_PATH) : chosen;
#else
    return chosen;
#endif
}

QString LockctlRun::describe() const
{
    return u"exit code %1%2\nstdout: %3\nstderr: %4"_s.arg(exitCode).arg(
        finished ? QString() : u" (did not finish)"_s, outText(), errText());
}

LockctlProcess::LockctlProcess(const QStringList &args, const LockctlOptions &options)
    : m_process(std::make_unique<QProcess>())
    , m_timeoutMs(options.timeoutMs)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"LOCKSCOPE_DB"_s);
    env.remove(u"LOCKSCOPE_PASSWORD"_s);
    if (options.urlInEnvironment)
        env.insert(u"LOCKSCOPE_DB"_s, options.url.value_or(TestBackend::instance().url()));
    if (!options.password.isEmpty())
        env.insert(u"LOCKSCOPE_PASSWORD"_s, options.password);
    for (const auto &[name, value] : options.environment)
        env.insert(name, value);
    m_process->setProgram(options.program.isEmpty() ? lockctlProgram() : options.program);
    m_process->setArguments(args);
    m_process->setProcessEnvironment(env);
    if (!options.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(options.workingDirectory);
    if (options.mergeChannels)
        m_process->setProcessChannelMode(QProcess::MergedChannels);
    if (options.input.isEmpty())
        m_process->setStandardInputFile(QProcess::nullDevice()); // never a terminal: no prompt
    if (options.ownProcessGroup)
        m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    m_process->start();
    if (!options.input.isEmpty()) {
        m_process->write(options.input);
        m_process->closeWriteChannel();
    }
}

LockctlProcess::~LockctlProcess()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

LockctlProcess::LockctlProcess(LockctlProcess &&) noexcept = default;
LockctlProcess &LockctlProcess::operator=(LockctlProcess &&) noexcept = default;

LockctlRun LockctlProcess::finish(int timeoutMs)
{
    LockctlRun run;
    QProcess &process = *m_process;
    // waitForFinished() is false for a process that has already ended: ask its state first.
    run.finished = process.state() == QProcess::NotRunning
                       ? process.error() != QProcess::FailedToStart
                       : process.waitForFinished(timeoutMs < 0 ? m_timeoutMs : timeoutMs);
    if (!run.finished && process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(5000);
    }
    run.crashed = process.exitStatus() != QProcess::NormalExit
                  || process.error() == QProcess::FailedToStart;
    run.exitCode = run.crashed ? -1 : process.exitCode();
    run.out = process.readAllStandardOutput();
    if (process.processChannelMode() != QProcess::MergedChannels)
        run.err = process.readAllStandardError();
    const QByteArray line = run.out.trimmed();
    if (!line.isEmpty() && !line.contains('\n')) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error == QJsonParseError::NoError && document.isObject()) {
            run.json = document.object();
            run.isJson = true;
        }
    }
    return run;
}

LockctlRun runLockctl(const QStringList &args, const LockctlOptions &options)
{
    return LockctlProcess(args, options).finish();
}

} // namespace testsupport
