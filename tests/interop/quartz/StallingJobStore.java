// SPDX-License-Identifier: GPL-3.0-or-later
// Quartz's JDBCJobStore (JobStoreTX), which, when asked to, stops inside its first trigger
// acquisition: Quartz has then run its own SELECT ... FOR UPDATE on the TRIGGER_ACCESS row of
// QRTZ_LOCKS, in its own transaction, and holds that row lock until its connection ends, as a
// node that hangs (a long GC pause, a SIGSTOP) mid-acquisition does.

import java.sql.Connection;
import java.util.List;
import org.quartz.JobPersistenceException;
import org.quartz.impl.jdbcjobstore.JobStoreTX;
import org.quartz.spi.OperableTrigger;

public class StallingJobStore extends JobStoreTX {
    static volatile boolean stall;
    static volatile String instanceId;

    @Override
    protected List<OperableTrigger> acquireNextTrigger(Connection conn, long noLaterThan,
                                                       int maxCount, long timeWindow)
        throws JobPersistenceException {
        if (stall) {
            stall = false;
            QuartzNode.say("stalled " + instanceId);
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return super.acquireNextTrigger(conn, noLaterThan, maxCount, timeWindow);
    }
}
