import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_MOBILES, demoStorage, isDatabaseEmpty, seedDemo } from './seed/demo-seed';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** After the cut, how long closing may still take before the process exits without it. */
const SHUTDOWN_LAST_RESORT_MS = 5_000;

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await runMigrations(database);
  const app = await buildApp({ config, database });
  // The embedded database starts with a demo agency so a newcomer can sign in at once; a PostgreSQL
  // database is never seeded by itself (npm run db:seed does it on demand).
  if (!config.databaseUrl && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, demoStorage(config));
    app.log.info(`demo agency created: sign in with ${DEMO_MOBILES.owner} or ${DEMO_MOBILES.agent}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A request still running after the grace period loses its connection, so the database still gets
    // closed cleanly; only if even that hangs does the process exit without it.
    const cut = setTimeout(() => {
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const lastResort = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + SHUTDOWN_LAST_RESORT_MS);
    cut.unref();
    lastResort.unref();
    try {
      // Stops accepting; requests in flight finish and every answer now closes its connection.
      await app.close();
      await database.close();
      app.log.info('database closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo; // PORT=0 picks a free one
  app.log.info(
    {
      database: database.driver,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      version: config.version,
    },
    `TrackIt is serving http://localhost:${port}/admin`,
  );
  const metrics = app.metricsAddress();
  if (metrics) app.log.info(`Prometheus metrics at http://${metrics.address}:${metrics.port}/metrics`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('TrackIt failed to start:', error);
  }
  process.exit(1);
});
