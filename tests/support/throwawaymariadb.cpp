// SPDX-License-Identifier: GPL-3.0-or-later
#include "throwawaymariadb.h"

#include <QProcess>

#include <optional>

using namespace Qt::StringLiterals;

namespace testsupport {

namespace {

QString script()
{
    return QStringLiteral(LOCKSCOPE_SCRIPTS_DIR) + u"/throwaway-mariadb"_s;
}

// Runs the script with `arguments`; its standard output, or null with what it printed.
std::optional<QString> runScript(const QStringList &arguments, QString *error)
{
    QProcess process;
    process.start(script(), arguments);
    const bool finished = process.waitForFinished(180000);
    const QString output = QString::fromUtf8(process.readAllStandardOutput());
    if (finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return output;
    if (error)
        *error = u"%1 %2 failed: %3"_s.arg(script(), arguments.value(0),
                                          QString::fromUtf8(process.readAllStandardError())
                                              .right(2000));
    if (!finished)
        process.kill();
    return std::nullopt;
}

} // namespace

std::unique_ptr<ThrowawayMariaDb> ThrowawayMariaDb::start(const QStringList &options,
                                                          QString *error)
{
    std::unique_ptr<ThrowawayMariaDb> server(new ThrowawayMariaDb);
    if (!server->m_dir.isValid()) {
        if (error)
            *error = u"no temporary directory: "_s + server->m_dir.errorString();
        return nullptr;
    }
    const auto output = runScript(QStringList{u"start"_s, server->m_dir.path()} + options, error);
    if (!output) {
        runScript({u"stop"_s, server->m_dir.path()}, nullptr); // if it got that far
        return nullptr;
    }
    server->m_url = output->trimmed().section(u'\n', -1);
    return server;
}

ThrowawayMariaDb::~ThrowawayMariaDb()
{
    runScript({u"stop"_s, m_dir.path()}, nullptr);
}

} // namespace testsupport
