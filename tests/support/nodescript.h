// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace testsupport {

// The npm libraries of tests/interop/node (knex, graphile-worker and their drivers, pinned in its
// package-lock.json), run by Node.js as the applications that write the built-in profiles'
// tables. scripts/test installs them with interop_npm_install (scripts/lib/interop.sh) into
// NODE_MODULES_DIR, the build directory's interop/node/node_modules.
class NodeScript
{
public:
    // Why Node.js or one of `packages` cannot run here (empty: they can).
    static QString missingRuntime(const QStringList &packages);

    // Starts `script` (a file of tests/interop/node) with `args` and the variables `environment`
    // (set last; the servers' URLs go here, never on a command line). Its stdin stays open: the
    // scripts that wait read a line from it, and end when it closes (the test is gone).
    NodeScript(const QString &script, const QStringList &args,
               const QList<QPair<QString, QString>> &environment);
    ~NodeScript();
    NodeScript(const NodeScript &) = delete;
    NodeScript &operator=(const NodeScript &) = delete;

    // Waits for the next line the script prints on stdout; empty when none came in time.
    QString nextLine(int timeoutMs);
    void writeLine() { m_process.write("\n"); }
    // SIGKILL, as a deploy or the OOM killer does: nothing of the library runs after it.
    bool killHard();
    // Waits for it to end by itself (killed after timeoutMs): its exit code, -1 if it crashed or
    // did not end.
    int finish(int timeoutMs);
    QString output() const { return m_out; }   // stdout not read by nextLine, once finished
    QString errors() const { return m_err; }   // stderr, once finished
    QString describe() const;

private:
    QProcess m_process;
    QString m_out;
    QString m_err;
};

} // namespace testsupport
