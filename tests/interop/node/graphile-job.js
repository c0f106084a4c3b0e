// SPDX-License-Identifier: GPL-3.0-or-later
// graphile-worker's own programs, for tests/tst_interop_graphile.cpp.
// Environment: GW_URL (the PostgreSQL server's URL), GW_SCHEMA (graphile-worker's schema, one
// per test run), GW_QUEUE (the job's named queue), GW_WAIT=1: the task prints "working" and then
// never ends (the test kills the worker there, as a worker host that died mid-job; it exits when
// stdin closes: the test is gone).
//   node graphile-job.js add   its migrations, then one job of the task "lockscope_interop" in
//                              GW_QUEUE; prints "job ID"
//   node graphile-job.js work  runOnce: works the jobs that are ready, then exits; prints
//                              "working ID BY" when the task starts (BY: the worker's locked_by)
//                              and "done ID" when it ends
//   node graphile-job.js sweep a worker (run) until its first sweep of stale locks (graphile's
//                              resetLockedAt: locks older than 4 hours freed; only run, not
//                              runOnce, sweeps: at a random time in its first minute, made
//                              100 ms here), then runOnce as above
// Errors: the message on stderr, exit code 2.
'use strict';

const { EventEmitter } = require('events');
const { Logger, makeWorkerUtils, run, runOnce } = require('graphile-worker');

const connectionString = process.env.GW_URL;
const schema = process.env.GW_SCHEMA;
const queueName = process.env.GW_QUEUE;
const wait = process.env.GW_WAIT === '1';
// graphile-worker's own log says nothing the test reads; errors are printed below.
const logger = new Logger(() => () => {});

async function add() {
  const utils = await makeWorkerUtils({ connectionString, schema, logger });
  try {
    await utils.migrate();
    const job = await utils.addJob('lockscope_interop', {}, { queueName });
    process.stdout.write(`job ${job.id}\n`);
  } finally {
    await utils.release();
  }
}

async function task(payload, helpers) {
  process.stdout.write(`working ${helpers.job.id} ${helpers.job.locked_by}\n`);
  if (wait) {
    process.stdin.once('end', () => process.exit(3));
    process.stdin.resume();
    await new Promise(() => {});
  }
  process.stdout.write(`done ${helpers.job.id}\n`);
}

async function work() {
  await runOnce({
    connectionString,
    schema,
    logger,
    concurrency: 1,
    noHandleSignals: true,
    taskList: { lockscope_interop: task },
  });
}

async function sweep() {
  const events = new EventEmitter();
  const swept = new Promise((resolve, reject) => {
    events.once('resetLocked:success', resolve);
    events.once('resetLocked:failure', ({ error }) => reject(error));
  });
  const runner = await run({
    connectionString,
    schema,
    logger,
    events,
    concurrency: 1,
    noHandleSignals: true,
    minResetLockedInterval: 50,
    maxResetLockedInterval: 100,
    taskList: { lockscope_interop: task },
  });
  try {
    await swept;
  } finally {
    await runner.stop();
  }
  await work();
}

const modes = { add, work, sweep };
const mode = modes[process.argv[2]];
if (!mode) {
  process.stderr.write('usage: graphile-job.js add | work | sweep\n');
  process.exit(2);
}
mode().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  },
);
