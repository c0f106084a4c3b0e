<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>lockcore</name>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n more</numerusform>
            <numerusform>%n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::AuditPanel</name>
    <message numerus="yes">
        <source>%Ln admin action(s), read at %1.</source>
        <translation>
            <numerusform>%Ln admin action, read at %1.</numerusform>
            <numerusform>%Ln admin actions, read at %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln admin action(s) to %1.</source>
        <translation>
            <numerusform>Exported %Ln admin action to %1.</numerusform>
            <numerusform>Exported %Ln admin actions to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::BlockingTreeModel</name>
    <message numerus="yes">
        <source>%n session(s) wait for it directly</source>
        <translation>
            <numerusform>%n session waits for it directly</numerusform>
            <numerusform>%n sessions wait for it directly</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in all, through others too</source>
        <translation>
            <numerusform>%n in all, through others too</numerusform>
            <numerusform>%n in all, through others too</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::ClusterSummary</name>
    <message numerus="yes">
        <source>%n node(s), %1 component; this node %2, %3</source>
        <translation>
            <numerusform>%n node, %1 component; this node %2, %3</numerusform>
            <numerusform>%n nodes, %1 component; this node %2, %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n standby(s) connected</source>
        <translation>
            <numerusform>%n standby connected</numerusform>
            <numerusform>%n standbys connected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replication slot(s)</source>
        <translation>
            <numerusform>%n replication slot</numerusform>
            <numerusform>%n replication slots</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Galera: %1, %n node(s), %2</source>
        <translation>
            <numerusform>Galera: %1, %n node, %2</numerusform>
            <numerusform>Galera: %1, %n nodes, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Primary %1, %n standby(s)</source>
        <translation>
            <numerusform>Primary %1, %n standby</numerusform>
            <numerusform>Primary %1, %n standbys</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::ForceReleaseManyDialog</name>
    <message numerus="yes">
        <source>&amp;Force release %n lock(s)</source>
        <translation>
            <numerusform>&amp;Force release %n lock</numerusform>
            <numerusform>&amp;Force release %n locks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Force release %n lock(s)</source>
        <translation>
            <numerusform>Force release %n lock</numerusform>
            <numerusform>Force release %n locks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::LockActions</name>
    <message numerus="yes">
        <source>Force-released %1 of %n lock(s).</source>
        <translation>
            <numerusform>Force-released %1 of %n lock.</numerusform>
            <numerusform>Force-released %1 of %n locks.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::LockDetailsPane</name>
    <message numerus="yes">
        <source>and %n other session(s)</source>
        <translation>
            <numerusform>and %n other session</numerusform>
            <numerusform>and %n other sessions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::MainWindow</name>
    <message numerus="yes">
        <source>%n lock(s): %1 held, %2 expired, %3 free</source>
        <translation>
            <numerusform>%n lock: %1 held, %2 expired, %3 free</numerusform>
            <numerusform>%n locks: %1 held, %2 expired, %3 free</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln lock(s) to %1.</source>
        <translation>
            <numerusform>Exported %Ln lock to %1.</numerusform>
            <numerusform>Exported %Ln locks to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 shown of %n lock(s): %2 held, %3 expired, %4 free</source>
        <translation>
            <numerusform>%1 shown of %n lock: %2 held, %3 expired, %4 free</numerusform>
            <numerusform>%1 shown of %n locks: %2 held, %3 expired, %4 free</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::NativeLocksPanel</name>
    <message numerus="yes">
        <source>Advisory and user locks from %1, read at %2 (database clock); %n row(s).</source>
        <translation>
            <numerusform>Advisory and user locks from %1, read at %2 (database clock); %n row.</numerusform>
            <numerusform>Advisory and user locks from %1, read at %2 (database clock); %n rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>It has %n session(s) in all.</source>
        <translation>
            <numerusform>It has %n session in all.</numerusform>
            <numerusform>It has %n sessions in all.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::ProblemAlerts</name>
    <message numerus="yes">
        <source>%n lock problem(s)</source>
        <translation>
            <numerusform>%n lock problem</numerusform>
            <numerusform>%n lock problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::SimulatorPanel</name>
    <message numerus="yes">
        <source>%Ln grant(s) came before the previous holder&apos;s release: overlaps, not hand-offs.</source>
        <translation>
            <numerusform>%Ln grant came before the previous holder&apos;s release: an overlap, not a hand-off.</numerusform>
            <numerusform>%Ln grants came before the previous holder&apos;s release: overlaps, not hand-offs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln transaction(s) did not commit (their critical section had run).</source>
        <translation>
            <numerusform>%Ln transaction did not commit (its critical section had run).</numerusform>
            <numerusform>%Ln transactions did not commit (their critical section had run).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs against %1 (node 1) and %n other node(s), in its own tables %2*; your locks are not touched.</source>
        <translation>
            <numerusform>Runs against %1 (node 1) and %n other node, in its own tables %2*; your locks are not touched.</numerusform>
            <numerusform>Runs against %1 (node 1) and %n other nodes, in its own tables %2*; your locks are not touched.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::TrayNotifier</name>
    <message numerus="yes">
        <source>Lockscope: %n lock(s) need you</source>
        <translation>
            <numerusform>Lockscope: %n lock needs you</numerusform>
            <numerusform>Lockscope: %n locks need you</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more lock(s) need attention</source>
        <translation>
            <numerusform>%n more lock needs attention</numerusform>
            <numerusform>%n more locks need attention</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::VerdictBanner</name>
    <message numerus="yes">
        <source>… and %Ln more.</source>
        <translation>
            <numerusform>… and %Ln more.</numerusform>
            <numerusform>… and %Ln more.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Running (%1): %Ln violation(s) so far</source>
        <translation>
            <numerusform>Running (%1): %Ln violation so far</numerusform>
            <numerusform>Running (%1): %Ln violations so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Running (%1): no overlapping holds among %Ln completed hold(s) so far</source>
        <translation>
            <numerusform>Running (%1): no overlapping holds in the %Ln completed hold so far</numerusform>
            <numerusform>Running (%1): no overlapping holds among %Ln completed holds so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No overlapping holds, fences increasing, %Ln stale write(s) refused. A run shows what happened, not that a design is safe.</source>
        <translation>
            <numerusform>No overlapping holds, fences increasing, %Ln stale write refused. A run shows what happened, not that a design is safe.</numerusform>
            <numerusform>No overlapping holds, fences increasing, %Ln stale writes refused. A run shows what happened, not that a design is safe.</numerusform>
        </translation>
    </message>
</context>
</TS>
