// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodescript.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

const QString scriptsDir = QStringLiteral(LOCKSCOPE_NODE_SCRIPTS);
const QString modulesDir = QStringLiteral(LOCKSCOPE_NODE_MODULES);

QString nodeProgram()
{
    return QStandardPaths::findExecutable(u"node"_s);
}

} // namespace

QString NodeScript::missingRuntime(const QStringList &packages)
{
    if (nodeProgram().isEmpty())
        return u"node is not installed (Debian: nodejs)"_s;
    for (const QString &package : packages) {
        if (!QFileInfo::exists(modulesDir + u'/' + package + u"/package.json"_s))
            return u"the npm package %1 is not installed in %2 (scripts/test installs them: "
                   u"interop_npm_install in scripts/lib/interop.sh)"_s.arg(package, modulesDir);
    }
    return {};
}

NodeScript::NodeScript(const QString &script, const QStringList &args,
                       const QList<QPair<QString, QString>> &environment)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The scripts live in the source tree, the packages in the build directory.
    env.insert(u"NODE_PATH"_s, modulesDir);
    for (const auto &[name, value] : environment)
        env.insert(name, value);
    m_process.setProcessEnvironment(env);
    m_process.start(nodeProgram(), QStringList{QDir(scriptsDir).filePath(script)} + args);
}

NodeScript::~NodeScript()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

QString NodeScript::nextLine(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!m_process.canReadLine()) {
        if (deadline.hasExpired() || !m_process.waitForReadyRead(int(deadline.remainingTime())))
            return {};
    }
    return QString::fromUtf8(m_process.readLine()).trimmed();
}

bool NodeScript::killHard()
{
    m_process.kill();
    return m_process.waitForFinished(5000);
}

int NodeScript::finish(int timeoutMs)
{
    if (m_process.state() != QProcess::NotRunning && !m_process.waitForFinished(timeoutMs)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    m_out += QString::fromUtf8(m_process.readAllStandardOutput());
    m_err += QString::fromUtf8(m_process.readAllStandardError());
    if (m_process.exitStatus() != QProcess::NormalExit)
        return -1;
    return m_process.exitCode();
}

QString NodeScript::describe() const
{
    return u"node exit %1\nstdout: %2\nstderr: %3"_s.arg(m_process.exitCode()).arg(m_out, m_err);
}

} // namespace testsupport
