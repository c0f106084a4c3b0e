// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include <QtGlobal>

using namespace Qt::StringLiterals;

namespace lockctl {

QList<QCommandLineOption> noOptions()
{
    return {};
}

const QList<Command> &commands()
{
    static const QList<Command> all = {
        {"schema",
         QT_TRANSLATE_NOOP("lockctl", "Print or create the lock table and its event table."),
         QT_TRANSLATE_NOOP("lockctl",
                           "--print (the default) prints the DDL statements for this database, "
                           "each ending in \";\", for a DBA to run by hand. --create runs them; "
                           "running it again changes nothing."),
         "", schemaOptions, runSchema},
        {"init", QT_TRANSLATE_NOOP("lockctl", "Define a lock: its default lease and description."),
         QT_TRANSLATE_NOOP("lockctl", "A lock that already exists is reported and left as it is."),
         "NAME", initOptions, runInit},
        {"list", QT_TRANSLATE_NOOP("lockctl", "List the locks and their state."), "", "",
         listOptions, runList},
        {"show", QT_TRANSLATE_NOOP("lockctl", "Show one lock in detail."), "", "NAME",
         listOptions, runShow},
        {"detect",
         QT_TRANSLATE_NOOP("lockctl", "Find the tables of other applications' lock protocols."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Lists the tables of the connection's schema whose columns match a "
                           "built-in profile (see docs/profiles.md), with the profile; use it "
                           "with --profile NAME "
                           "--table TABLE on list, show, acquire, release and force-release."),
         "", noOptions, runDetect},
        {"history", QT_TRANSLATE_NOOP("lockctl", "Show a lock's recent events, newest first."), "",
         "NAME", historyOptions, runHistory},
        {"audit",
         QT_TRANSLATE_NOOP("lockctl", "Show the admin actions across every lock, newest first."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Force releases, deletes, initializations, terminations and "
                           "cancellations of database sessions, and the window's test holds, by "
                           "anyone, from the event table, with who did it (ACTOR) and why "
                           "(DETAIL). Filters combine: --actor, --lock, --since, --until, --kind. "
                           "Times are the database clock's, UTC. --format csv or json writes "
                           "only the file to stdout (for a spreadsheet or jq); when more match "
                           "than --limit, a warning says so on stderr (\"more\" in --json). "
                           "Actions on an application's table (--profile) are there as "
                           "PROFILE:TABLE/NAME when they went to this event table; those in the "
                           "local audit log (no event table in their database) are not: read "
                           "that file itself (docs/user-guide.md). Not with --profile."),
         "", auditOptions, runAudit},
        {"acquire", QT_TRANSLATE_NOOP("lockctl", "Acquire a lock."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Without --hold the lock stays held when lockctl exits; release it "
                           "later with \"lockctl release NAME --holder ID --fence N\" using the "
                           "holder and fence printed. With --hold lockctl keeps the lock for the "
                           "given time (renewing it with --renew), then releases it; Ctrl-C or "
                           "SIGTERM releases it early."),
         "NAME", acquireOptions, runAcquire},
        {"run", QT_TRANSLATE_NOOP("lockctl", "Run a command while holding a lock, renewing it."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Acquires the lock (waiting up to --wait), runs COMMAND with lockctl's "
                           "stdin, stdout and stderr and with LOCKSCOPE_LOCK, LOCKSCOPE_HOLDER, "
                           "LOCKSCOPE_FENCE, LOCKSCOPE_TABLE and LOCKSCOPE_ACQUIRED_AT in its "
                           "environment (without LOCKSCOPE_DB and LOCKSCOPE_PASSWORD: the "
                           "password stays lockctl's), renews the lease at a third of its length while it runs, "
                           "and releases the lock when the command, and every process it "
                           "started, has ended. The command runs in a process group of its own and lockctl is its "
                           "subreaper: signals go to all its processes, and what the command "
                           "leaves running gets SIGTERM, then SIGKILL --kill-after later, before "
                           "the release. If the lease is lost "
                           "(force-released, or no renewal got through before it ended), the "
                           "command gets SIGTERM, then SIGKILL --kill-after later. SIGINT, "
                           "SIGTERM and SIGHUP sent to lockctl are passed on to the command, "
                           "which lockctl waits for before releasing the lock. If lockctl is "
                           "killed (SIGKILL), its watcher process kills the command's processes; "
                           "the lock then stays held until its lease ends. Every database call "
                           "has a deadline (a renewal's is the lease's end; any other statement "
                           "10s; connecting --connect-timeout): on a server that stops answering "
                           "lockctl still exits, within the lease + --kill-after + 15s. On "
                           "PostgreSQL a force release reaches lockctl at once (it listens for "
                           "it); elsewhere at the next renewal. A run whose --holder "
                           "already holds the lock is refused (never re-entered). Put -- before "
                           "the command. "
                           "Exit code: the command's, or 128 + the signal that ended it; 1 not "
                           "acquired (--conflict-exit-code), the command was not run; 2 usage "
                           "error; 3 database error before the command ran, 75 the lease was lost while it ran, 126 the "
                           "command could not be executed, 127 the command was not found. "
                           "--json prints the result as the last line on stderr; --json-file "
                           "writes it to a file. Not with --profile."),
         "NAME -- COMMAND [ARGS...]", runOptions, runRun},
        {"renew", QT_TRANSLATE_NOOP("lockctl", "Extend the lease of a held lock."), "", "NAME",
         renewOptions, runRenew},
        {"release", QT_TRANSLATE_NOOP("lockctl", "Release a held lock."),
         QT_TRANSLATE_NOOP("lockctl", "Refused (exit code 1, nothing changed) when the lock was "
                                      "taken over or force-released since."),
         "NAME", releaseOptions, runRelease},
        {"force-release",
         QT_TRANSLATE_NOOP("lockctl", "Free a lock whatever its holder (an admin action)."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Give the fence you saw (lockctl show NAME): if the lock changed since, "
                           "nothing is done. The holder's fence becomes invalid; the action and "
                           "its reason are recorded with your name. With --profile: --reason is "
                           "required and recorded (as acquire's, release's and init's) in the "
                           "event table of --audit-table, else in the local audit log; stderr "
                           "and --json (\"recorded\") say where. The release is done even when "
                           "no record can be written (exit code 0; stderr and --json say so)."),
         "NAME", forceReleaseOptions, runForceRelease},
        {"delete", QT_TRANSLATE_NOOP("lockctl", "Delete a lock that is not held."),
         QT_TRANSLATE_NOOP("lockctl", "A held lock is refused: force-release it first. Its history "
                                      "is kept."),
         "NAME", noOptions, runDelete},
        {"now",
         QT_TRANSLATE_NOOP("lockctl", "Show the database clock and its offset from this "
                                      "machine's clock."),
         QT_TRANSLATE_NOOP("lockctl", "On PostgreSQL it also names the server that answered "
                                      "(\"server\" in --json): with several hosts in the URL, "
                                      "the one this connection reached."),
         "", noOptions, runNow},
        {"native-locks",
         QT_TRANSLATE_NOOP("lockctl", "List the database's own locks (PostgreSQL advisory "
                                      "locks, MySQL/MariaDB GET_LOCK) and who blocks whom."),
         QT_TRANSLATE_NOOP("lockctl",
                           "One row per session holding or waiting for an advisory or user "
                           "lock: pid (connection id), user, client, application, the lock's "
                           "key, held or waiting, since when, and the sessions waiting for it. "
                           "Then \"Who blocks whom\": every session that waits for a lock of "
                           "the database (a row, a table, a metadata, an advisory or a user "
                           "lock) under the session it waits for, as a tree with the root "
                           "blockers first (the session to look at comes first): each with its "
                           "state and for how long, its transaction's age, what it waits for, "
                           "its statement (an idle session's last one), how many sessions it "
                           "blocks directly and in all, whether it is Lockscope's own "
                           "connection, and its session id for cancel and terminate "
                           "--expect-session. --json: \"locks\", \"blocking\" (the tree's "
                           "nodes in order, each with depth and parent), \"deadlock\", "
                           "\"lockscope_sessions\" and \"note\" (what this user could not see; "
                           "a warning on stderr in text). See docs/native-locks.md for where "
                           "each database keeps them and the grants needed."),
         "", nativeLocksOptions, runNativeLocks},
        {"cancel",
         QT_TRANSLATE_NOOP("lockctl", "Cancel the running statement of a database session (an "
                                      "admin action)."),
         QT_TRANSLATE_NOOP("lockctl",
                           "PostgreSQL pg_cancel_backend, MySQL/MariaDB KILL QUERY: the "
                           "statement ends with an error, the session and its transaction live "
                           "on (refused for a session running none). --reason is required. "
                           "Only if PID is still the session --expect-session ID names (the "
                           "\"session id\" native-locks prints: \"<session start us>.<transaction "
                           "start us>.<transaction id or 0>[.<statement id>]\", the same backend and "
                           "transaction; MariaDB adds the statement id); without it, the session as read now. Checked again "
                           "when acting; if it changed, refused with what changed. Refused for "
                           "Lockscope's own connections unless --allow-lockscope-session. Asks "
                           "for confirmation unless --yes. Every attempt is recorded (the log; "
                           "the event table when the lock table exists). Exit code 0 "
                           "cancelled, 1 refused, 2 usage error, 3 failed."),
         "PID", cancelOptions, runCancel},
        {"terminate",
         QT_TRANSLATE_NOOP("lockctl", "End a database session: one that holds a lock, or blocks "
                                      "others (an admin action)."),
         QT_TRANSLATE_NOOP("lockctl",
                           "With --expect-lock KEY: only if session PID still holds that lock "
                           "(and is the same session: PostgreSQL backend start, MySQL "
                           "connection id and user); --reason is optional then. Without it: "
                           "PID is ended whatever it holds (its transaction is rolled back, "
                           "its row, table and metadata locks freed); --reason is required, "
                           "and only if PID is still the session --expect-session ID names "
                           "(the \"session id\" native-locks prints: \"<session start us>."
                           "<transaction start us>.<transaction id or 0>[.<statement id>]\", "
                           "the same backend and transaction; MariaDB adds the statement id); without it, the session as read now. Checked "
                           "again when acting; if it changed, refused with what changed. "
                           "Refused for Lockscope's own connections unless "
                           "--allow-lockscope-session; never this connection. Asks for "
                           "confirmation unless --yes. Every attempt is recorded (the log; the "
                           "event table when the lock table exists). Exit code 0 terminated, "
                           "1 refused, 2 usage error, 3 failed."),
         "PID", terminateOptions, runTerminate},
        {"cluster",
         QT_TRANSLATE_NOOP("lockctl", "Show the database's cluster as the connected server sees "
                                      "it: Galera, or a PostgreSQL primary and its standbys."),
         QT_TRANSLATE_NOOP("lockctl",
                           "The node this connection reads from and its kind (standalone, "
                           "Galera cluster node, PostgreSQL primary or standby); Galera: the "
                           "cluster's size and component, this node's state, wsrep_sync_wait of "
                           "this session and the members; PostgreSQL: synchronous_commit, "
                           "synchronous_standby_names and each standby's state, sync state and "
                           "lag (which need pg_monitor; what cannot be read is said), or on a "
                           "standby the primary it follows and its replay lag. Then a warning "
                           "for each thing that puts locks at risk: a grant that a failover could "
                           "lose, a read-only standby, a Galera node not Synced or outside the "
                           "primary component, reads that may be stale, fewer than 3 nodes. "
                           "Exit code 0 whatever the warnings (--json lists them), 3 when the "
                           "server cannot be read."),
         "", noOptions, runCluster},
        {"exporter",
         QT_TRANSLATE_NOOP("lockctl", "Serve the lock tables as Prometheus metrics over HTTP."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Serves /metrics in the Prometheus text format (and / with a link to "
                           "it) until SIGINT or SIGTERM. Give one --db for each database, each "
                           "followed by its own --table (or --profile and its --table) and "
                           "optionally --name, the value of its \"db\" label; a --table, "
                           "--profile, --name or --app-time-zone belongs to the --db before it. "
                           "Every connection is read-only. Each table is read on a thread and "
                           "connection of its own; one that has not answered within "
                           "--scrape-timeout is reported down (lockscope_up 0) while the others "
                           "are reported as usual, and a read still waiting for a hung "
                           "database is not queued behind again. A database that is down at "
                           "start or later is connected again at a later scrape; why a table is "
                           "down is said once on stderr. The first line on stdout is the "
                           "address served. Example: lockctl exporter --listen 127.0.0.1:9817 "
                           "--db postgresql://monitor@db1/app --name app --db "
                           "mysql://monitor@db2/jobs --profile shedlock --table shedlock. See "
                           "docs/monitoring.md for the metrics and the alert rules."),
         "", exporterCommandOptions, runExporter},
        {"simulate",
         QT_TRANSLATE_NOOP("lockctl", "Run the contention simulator against this database."),
         QT_TRANSLATE_NOOP("lockctl",
                           "Simulated clients compete for a few locks in their own table "
                           "(--sim-table), with crashes and pauses injected; every grant, release "
                           "and write is recorded in database time and checked: no violation "
                           "observed in so many holds (exit code 0; a run shows what happened, "
                           "not that a design is safe) or the overlapping holds and stale "
                           "writes it observed (exit code 1); locks left stuck and clients that "
                           "never got a lock are named. The metrics follow. With --processes "
                           "the clients are lockctl child processes, and --kill-rate kills "
                           "holders for real. --protocol unsafe-client-clock or "
                           "unsafe-no-expiry start from settings under which they fail."),
         "", simulateOptions, runSimulate},
        {"bench",
         QT_TRANSLATE_NOOP("lockctl", "Moved to lockbench (build/app/lockbench, not installed)."),
         QT_TRANSLATE_NOOP("lockctl",
                           "The benchmark of lockcore beside other lock protocols is no longer "
                           "part of lockctl: it is lockbench, built beside lockctl "
                           "(build/app/lockbench) and not installed, with the same options "
                           "(\"lockbench --help\"). \"lockctl bench\" exits with 2."),
         "", noOptions, runBenchMoved, true},
    };
    return all;
}

const QList<Command> &internalCommands()
{
    static const QList<Command> all = {
        {"sim-client", QT_TRANSLATE_NOOP("lockctl", "One client of simulate --processes."), "", "",
         simClientOptions, runSimClient},
    };
    return all;
}

const Command *findCommand(const QString &name)
{
    for (const QList<Command> *list : {&commands(), &internalCommands()}) {
        for (const Command &command : *list) {
            if (name == QLatin1String(command.name))
                return &command;
        }
    }
    return nullptr;
}

} // namespace lockctl
