// SPDX-License-Identifier: GPL-3.0-or-later
// One node of a clustered Quartz scheduler (Debian's libquartz2-java, JDBCJobStore) for
// tst_quartz, or its schema. The database comes from the environment, never the command line:
// QUARTZ_JDBC_URL, QUARTZ_USER, QUARTZ_PASSWORD; QUARTZ_KIND is "postgresql" or "mariadb";
// QUARTZ_PREFIX replaces Quartz's table prefix QRTZ_ (a test's own tables on a shared server).
//
//   java QuartzNode schema            Quartz's own DDL (tables_postgres.sql or
//                                     tables_mysql_innodb.sql from quartz2.jar), prefix replaced
//   java QuartzNode drop              drops those tables
//   java QuartzNode run ID [stall]    runs node ID until killed; "stall" schedules a job due now
//                                     and stops inside the first trigger acquisition, holding
//                                     the TRIGGER_ACCESS row lock (StallingJobStore)
//
// It prints one line per event the test waits for: "started ID", "stalled ID" and
// "fired JOB on ID".

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.Scheduler;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;

public final class QuartzNode {
    static final String SCHEDULER = "lockscope-test";

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
        case "schema":
            execute(ddl(), false);
            break;
        case "drop":
            execute(dropStatements(), true);
            break;
        case "run":
            run(args[1], args.length > 2 && args[2].equals("stall"));
            break;
        default:
            throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    static String env(String name) {
        String value = System.getenv(name);
        if (value == null)
            throw new IllegalStateException(name + " is not set");
        return value;
    }

    static boolean postgres() {
        return env("QUARTZ_KIND").equals("postgresql");
    }

    static Connection connect() throws Exception {
        return DriverManager.getConnection(env("QUARTZ_JDBC_URL"), env("QUARTZ_USER"),
                                           env("QUARTZ_PASSWORD"));
    }

    // Quartz's DDL as shipped in its jar, split into statements, comments dropped.
    static List<String> ddl() throws Exception {
        String resource = "org/quartz/impl/jdbcjobstore/"
                          + (postgres() ? "tables_postgres.sql" : "tables_mysql_innodb.sql");
        InputStream in = QuartzNode.class.getClassLoader().getResourceAsStream(resource);
        if (in == null)
            throw new IllegalStateException(resource + " is not in quartz2.jar");
        StringBuilder text = new StringBuilder();
        try (BufferedReader reader
             = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null;) {
                String trimmed = line.trim();
                if (trimmed.startsWith("--") || trimmed.startsWith("#"))
                    continue;
                text.append(line).append('\n');
            }
        }
        List<String> statements = new ArrayList<>();
        for (String statement : text.toString().split(";")) {
            String sql = statement.trim();
            if (!sql.isEmpty() && !sql.equalsIgnoreCase("commit"))
                statements.add(sql.replace("QRTZ_", env("QUARTZ_PREFIX")));
        }
        return statements;
    }

    static List<String> dropStatements() throws Exception {
        List<String> drops = new ArrayList<>();
        for (String sql : ddl()) {
            if (sql.startsWith("DROP TABLE"))
                drops.add(sql);
        }
        return drops;
    }

    static void execute(List<String> statements, boolean ignoreErrors) throws Exception {
        try (Connection connection = connect(); Statement st = connection.createStatement()) {
            for (String sql : statements) {
                try {
                    st.execute(sql);
                } catch (Exception e) {
                    if (!ignoreErrors)
                        throw e;
                }
            }
        }
    }

    static Properties properties(String instanceId) {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", SCHEDULER);
        p.setProperty("org.quartz.scheduler.instanceId", instanceId);
        p.setProperty("org.quartz.scheduler.idleWaitTime", "1000");
        p.setProperty("org.quartz.threadPool.threadCount", "2");
        p.setProperty("org.quartz.jobStore.class", StallingJobStore.class.getName());
        p.setProperty("org.quartz.jobStore.driverDelegateClass",
                      postgres() ? "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate"
                                 : "org.quartz.impl.jdbcjobstore.StdJDBCDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", "db");
        p.setProperty("org.quartz.jobStore.tablePrefix", env("QUARTZ_PREFIX"));
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        // Short so that a stopped node is seen within seconds (Quartz's own grace is 7.5 s).
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", "1000");
        p.setProperty("org.quartz.jobStore.dbRetryInterval", "500");
        // Every acquisition under TRIGGER_ACCESS, as busy clusters configure it.
        p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        p.setProperty("org.quartz.dataSource.db.connectionProvider.class",
                      DriverManagerProvider.class.getName());
        return p;
    }

    static void run(String instanceId, boolean stall) throws Exception {
        StallingJobStore.stall = stall;
        StallingJobStore.instanceId = instanceId;
        Scheduler scheduler = new StdSchedulerFactory(properties(instanceId)).getScheduler();
        if (stall) {
            JobDetail job = JobBuilder.newJob(FiredJob.class).withIdentity("after-stall").build();
            Trigger now = TriggerBuilder.newTrigger().withIdentity("after-stall").startNow()
                              .build();
            scheduler.scheduleJob(job, now);
        }
        scheduler.start();
        say("started " + instanceId);
        Thread.sleep(Long.MAX_VALUE); // until the test kills it
    }

    static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
