// SPDX-License-Identifier: GPL-3.0-or-later
// Runs knex's own migrate.latest() with one migration, for tests/tst_interop_knex.cpp.
// Environment: KNEX_CLIENT (pg | mysql2 | better-sqlite3), KNEX_URL (the server's URL, or the
// SQLite file), KNEX_TABLE (the migrations table; knex's lock table is KNEX_TABLE + "_lock"),
// KNEX_WAIT=1: the migration prints "migrating" and then waits for a line on stdin (the test
// kills it there, as a deploy killed mid-migration; it exits when stdin closes: the test is gone).
// Like a migration that must run outside a transaction (CREATE INDEX CONCURRENTLY, or any DDL
// on MySQL, which commits at once), it has `transaction: false`: knex's lock is then committed
// on its own, and a process killed mid-migration leaves it set. KNEX_TRANSACTION=1: a second
// migration, run as knex runs by default: in a transaction that also sets knex's lock, which
// nobody else sees committed until the migration ends; killed, it all rolls back.
// Prints "migrated N" and exits 0; on an error prints knex's message on stderr and exits 2.
'use strict';

const knexFactory = require('knex');

const client = process.env.KNEX_CLIENT;
const url = process.env.KNEX_URL;
const tableName = process.env.KNEX_TABLE;
const wait = process.env.KNEX_WAIT === '1';
const transactional = process.env.KNEX_TRANSACTION === '1';

const connection = client === 'better-sqlite3' ? { filename: url } : url;

function waitForLine() {
  return new Promise((resolve) => {
    process.stdin.setEncoding('utf8');
    process.stdin.once('data', () => resolve());
    process.stdin.once('end', () => process.exit(3));
    process.stdin.resume();
  });
}

// The second migration (KNEX_TRANSACTION=1): knex's default, in a transaction with knex's
// lock; no DDL (MySQL would commit the transaction at once).
const inTransaction = {
  async up(knex) {
    await knex.raw('SELECT 1');
    if (wait) {
      process.stdout.write('migrating\n');
      await waitForLine();
      process.stdin.pause();
    }
  },
  async down() {},
};

const migration = {
  config: { transaction: false },
  async up(knex) {
    if (!(await knex.schema.hasTable(`${tableName}_made`))) {
      // Written to be run again after a kill, as such migrations must be (no rollback).
      await knex.schema.createTable(`${tableName}_made`, (t) => {
        t.increments('id');
      });
    }
    if (wait && !transactional) {
      process.stdout.write('migrating\n');
      await waitForLine();
      process.stdin.pause();
    }
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(`${tableName}_made`);
  },
};

const migrationSource = {
  getMigrations: async () =>
    transactional ? ['001_lockscope_interop', '002_lockscope_in_transaction'] : ['001_lockscope_interop'],
  getMigrationName: (name) => name,
  getMigration: async (name) => (name === '002_lockscope_in_transaction' ? inTransaction : migration),
};

async function main() {
  const knex = knexFactory({ client, connection, useNullAsDefault: true, pool: { min: 0, max: 2 } });
  try {
    const [batch, done] = await knex.migrate.latest({ tableName, migrationSource });
    process.stdout.write(`migrated ${done.length} batch ${batch}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return 2;
  } finally {
    await knex.destroy();
  }
}

main().then((code) => process.exit(code));
