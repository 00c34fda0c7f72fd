import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { fromPglite, type Db as JobDatabase } from 'pg-boss';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as every repository sees it: the same API on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

/** The session-level advisory lock under which one process at a time changes a PostgreSQL schema. */
export const SCHEMA_LOCK_KEY = 7_250_525_001;

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Runs a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Connections running a query or transaction, and queries waiting for one (metrics): the PostgreSQL
   * pool's counts; PGlite has one connection, in use or not, and the calls queued behind it.
   */
  poolUsage(): { inUse: number; waiting: number };
  /**
   * Runs `work` while no other process changes the database's schema: PostgreSQL waits for a
   * session-level advisory lock on a connection of its own (the pool may have a single one, which `work`
   * needs); the embedded database has one process by nature and just runs it. Migrations and pg-boss's
   * install or upgrade of its own schema go through here: several processes start at once (a deploy,
   * systemd restarting them all), and pg-boss's install, though it locks, fails in the process that
   * waited (it looked for the schema before the lock; PostgreSQL answers from its catalog cache).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Keeps the planner's statistics current. PostgreSQL's autovacuum does it by itself; PGlite has no
   * autovacuum, so without this its plans go stale as a team's lists grow (docs/benchmarks.md, models).
   */
  maintain(): Promise<void>;
  /**
   * The same database as the job queue (pg-boss) reaches it: the pool's connections on PostgreSQL, the one
   * PGlite connection through pg-boss's PGlite adapter (several statements in one text go through exec).
   */
  jobDatabase: JobDatabase;
  /** PGlite only: the data directory as a tarball, to start other databases from (tests, backups). */
  dumpSnapshot?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** PostgreSQL only: the connection URL, for pg_dump (backups). */
  url?: string;
}

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize: number }
  /** dataDir undefined: in memory. loadDataDir: start from a dumped snapshot (tests). */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
    // A connection the server ends (restart, failover) must not crash the process. An idle one: the pool
    // tells here, discards it, and the next query opens a new one. One checked out (a transaction, or
    // between the queries of a request) has no pool listener, and an 'error' event nobody listens to
    // throws: every process died at a PostgreSQL restart under load (docs/benchmarks.md, "Load and
    // faults"). Each connection keeps a listener of its own; its query fails, the request answers 503
    // (db/errors.ts isDatabaseUnavailable), and the pool discards the connection when it is released.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      url: options.url,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      jobDatabase: { executeSql: (text, values) => pool.query(text, values) },
      poolUsage: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      exclusively: async (work) => {
        const lock = new pg.Client(pool.options);
        lock.on('error', () => undefined); // a lost lock connection fails `work`'s own queries too
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
          return await work();
        } finally {
          await lock.end(); // ends the session, and the lock with it
        }
      },
      maintain: async () => undefined,
    };
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const calls = countCalls(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    jobDatabase: fromPglite(client),
    poolUsage: () => ({ inUse: Math.min(calls.running, 1), waiting: Math.max(calls.running - 1, 0) }),
    exclusively: (work) => work(),
    maintain: async () => {
      await db.execute(sql`analyze`);
    },
    dumpSnapshot: (compression = 'none') => client.dumpDataDir(compression),
  };
}

/**
 * Counts the calls under way on a PGlite client (drizzle goes through query and transaction; a
 * transaction's own statements run on its handle and are not counted again). PGlite runs them one at a
 * time: the first is running, the others wait.
 */
function countCalls(client: PGlite): { readonly running: number } {
  const state = { running: 0 };
  const track =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      state.running += 1;
      try {
        return await call(...args);
      } finally {
        state.running -= 1;
      }
    };
  client.query = track(client.query.bind(client)) as PGlite['query'];
  client.transaction = track(client.transaction.bind(client)) as PGlite['transaction'];
  return state;
}

/** Where the embedded database keeps its files under DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR. */
export async function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  }
  const dataDir = pgliteDataDir(config.dataDir);
  await mkdir(dataDir, { recursive: true });
  return openDatabase({ driver: 'pglite', dataDir });
}
