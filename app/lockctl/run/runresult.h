// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/hold.h"
#include "supervisor.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace lockctl {

// What one "lockctl run" did, for its exit code, its words and its --json line.
struct RunResult
{
    enum class Outcome {
        Completed,   // the command ran and ended by itself
        Interrupted, // lockctl got SIGINT, SIGTERM or SIGHUP; passed on, waited for, released
        Lost,        // a renewal (or the release) found the lock force-released or taken over
        Expired,     // no renewal got through before the lease ended: treated as lost
        Unwatched,   // the run's watcher was killed: the command was killed at once
        NotStarted,  // the command could not be started (the lock was released)
        Refused,     // not acquired (within --wait): the command was not run
        Cancelled,   // a signal ended the wait, or came before the command started
        Error,       // a database error before the command ran
    };

    QString lock;
    QString holder;
    QStringList command;
    Outcome outcome = Outcome::Error;
    std::optional<lockcore::Grant> grant; // the acquire's answer (also a refusal)
    QDateTime expiresAt;                  // the lease's end as last renewed (database time)
    int renewals = 0;
    CommandEnd end;
    HoldOutcome held;
    bool lostBeforeStart = false;         // the first renewal found it gone
    bool sameHolder = false;  // refused because this holder held it already (no re-entry)
    int conflictExitCode = 1; // the exit code when refused (--conflict-exit-code)
    qint64 holdAtLeastMs = 0; // --hold-at-least
    qint64 graceMs = 0;       // from SIGTERM to SIGKILL: --kill-after cut to a third of the lease
    qint64 answeredMs = 0;    // when the acquire's answer came (QDeadlineTimer::current())
    QString runId;            // LOCKSCOPE_RUN_ID: names this run (for the command's logs)
    QString scopeUnit;        // --scope: the systemd scope the command ran in
    std::optional<lockcore::Error> error; // before the command (Error), or the release's
    int exitCode = 0;
};

// lockctl's exit status for the result (the command's own, or lockctl's codes).
int runExitCode(const RunResult &result);
QJsonObject runResultJson(const RunResult &result);
// What lockctl says on stderr when the run did not simply complete (empty when it did).
QString runResultText(const RunResult &result);

} // namespace lockctl
