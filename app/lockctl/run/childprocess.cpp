#include "childprocess.h"

#include "exitcode.h"
#include "lockctltr.h"
#include "terminal.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <csignal>
#include <unistd.h>
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

// The program's path, as execvp() would find it, or why there is none.
std::optional<StartFailure> locate(const QString &program, QString *path)
{
    if (program.isEmpty())
        return StartFailure{cli::ExitNotFound, Tr::tr("the command is empty")};
    if (program.contains(u'/')) {
        const QFileInfo file(program);
        if (!file.exists())
            return StartFailure{cli::ExitNotFound, Tr::tr("no such file")};
        if (file.isDir())
            return StartFailure{cli::ExitCannotExecute, Tr::tr("it is a directory")};
        if (!file.isExecutable())
            return StartFailure{cli::ExitCannotExecute, Tr::tr("permission denied (not executable)")};
        *path = program;
        return std::nullopt;
    }
    *path = QStandardPaths::findExecutable(program);
    if (path->isEmpty())
        return StartFailure{cli::ExitNotFound, Tr::tr("not found on PATH")};
    return std::nullopt;
}

// Runs in the child between fork and exec: async-signal-safe calls only.
void prepareChild(pid_t parent, int terminal)
{
    ::setpgid(0, 0); // a process group of its own, which lockctl signals as a whole
    takeForeground(terminal);
#ifdef Q_OS_LINUX
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    // lockctl may have died before the prctl: then the child already has another parent.
    if (::getppid() != parent)
        ::raise(SIGKILL);
#else
    Q_UNUSED(parent);
#endif
    // The command starts with no signal blocked and SIGPIPE as a shell would have it.
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGPIPE, SIG_DFL);
}

} // namespace

ChildProcess::ChildProcess()
    : m_process(std::make_unique<QProcess>())
{}

ChildProcess::~ChildProcess()
{
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(-1);
    }
}

std::optional<StartFailure> ChildProcess::start(const RunCommand &command, int terminal)
{
    QString path;
    if (auto failure = locate(command.argv.value(0), &path))
        return failure;
    m_process->setProgram(path);
    m_process->setArguments(command.argv.mid(1));
    m_process->setProcessEnvironment(command.environment);
    m_process->setProcessChannelMode(QProcess::ForwardedChannels);
    m_process->setInputChannelMode(QProcess::ForwardedInputChannel);
    const pid_t parent = ::getpid();
    m_process->setChildProcessModifier([parent, terminal] { prepareChild(parent, terminal); });
    m_process->start();
    if (!m_process->waitForStarted(-1))
        return StartFailure{cli::ExitCannotExecute, m_process->errorString()};
    return std::nullopt;
}

qint64 ChildProcess::pid() const
{
    return m_process->processId();
}

bool ChildProcess::waitForExit(int ms)
{
    if (m_process->state() == QProcess::NotRunning)
        return true;
    return m_process->waitForFinished(ms) || m_process->state() == QProcess::NotRunning;
}

void ChildProcess::signal(int signalNumber)
{
    const qint64 id = pid();
    if (id > 0) // not reaped yet: the pid is still the command's
        ::kill(pid_t(id), signalNumber);
}

ChildExit ChildProcess::exit() const
{
    ChildExit result;
    // On Unix Qt reports the signal that ended a process as its exit code (CrashExit).
    if (m_process->exitStatus() == QProcess::CrashExit)
        result.signal = m_process->exitCode();
    else
        result.exitCode = m_process->exitCode();
    return result;
}

QString signalName(int signalNumber)
{
    switch (signalNumber) {
    case SIGINT:
        return u"SIGINT"_s;
    case SIGTERM:
        return u"SIGTERM"_s;
    case SIGHUP:
        return u"SIGHUP"_s;
    case SIGKILL:
        return u"SIGKILL"_s;
    default:
        return u"signal %1"_s.arg(signalNumber);
    }
}

} // namespace lockctl
