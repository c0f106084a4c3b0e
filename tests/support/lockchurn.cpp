// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockchurn.h"

#include "lockctlrun.h"
#include "testbackend.h"

using namespace Qt::StringLiterals;

namespace testsupport {

LockChurn::LockChurn(const QString &table, const QStringList &names, quint32 seed,
                     QObject *parent)
    : QObject(parent), m_table(table), m_names(names), m_random(seed)
{}

LockChurn::~LockChurn()
{
    stop();
}

void LockChurn::start()
{
    m_process = new QProcess(this);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LOCKSCOPE_DB"_s, TestBackend::instance().url());
    environment.remove(u"LOCKSCOPE_PASSWORD"_s);
    m_process->setProcessEnvironment(environment);
    m_process->setProgram(lockctlProgram());
    m_process->setStandardInputFile(QProcess::nullDevice());
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->setStandardOutputFile(QProcess::nullDevice());
    connect(m_process, &QProcess::finished, this, &LockChurn::next);
    m_running = true;
    next();
}

void LockChurn::stop()
{
    m_running = false;
    if (m_process && m_process->state() != QProcess::NotRunning && !m_process->waitForFinished(10000))
        m_process->kill();
}

void LockChurn::next()
{
    if (!m_running)
        return;
    ++m_commands;
    m_process->setArguments(QStringList{u"--table"_s, m_table, u"--no-prompt"_s}
                            + randomCommand());
    m_process->start();
}

// Weighted toward leases that end by themselves, the change a window sees most.
QStringList LockChurn::randomCommand()
{
    const QString name = m_names.at(int(m_random.bounded(quint32(m_names.size()))));
    const QString lease = QString::number(300 + m_random.bounded(2700)) + u"ms"_s;
    const QString holder = u"churn-"_s + QString::number(m_random.bounded(4));
    switch (m_random.bounded(8)) {
    case 0:
        return {u"delete"_s, name};
    case 1:
        return {u"init"_s, name, u"--ttl"_s, u"30s"_s};
    case 2:
    case 3:
        return {u"acquire"_s, name, u"--holder"_s, holder, u"--ttl"_s, u"5s"_s, u"--hold"_s,
                lease};
    default:
        return {u"acquire"_s, name, u"--holder"_s, holder, u"--ttl"_s, lease};
    }
}

} // namespace testsupport
