// SPDX-License-Identifier: GPL-3.0-or-later
// The job tst_quartz waits for: it says which node ran it.

import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.SchedulerException;

public class FiredJob implements Job {
    @Override
    public void execute(JobExecutionContext context) {
        String node = "?";
        try {
            node = context.getScheduler().getSchedulerInstanceId();
        } catch (SchedulerException e) {
            // the job still ran
        }
        QuartzNode.say("fired " + context.getJobDetail().getKey().getName() + " on " + node);
    }
}
