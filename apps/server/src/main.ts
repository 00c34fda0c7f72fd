import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_MOBILES, isDatabaseEmpty, seedDemo } from './seed/demo-seed';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await runMigrations(database);
  const app = await buildApp({ config, database });
  // The embedded database starts with a demo agency so a newcomer can sign in at once; a PostgreSQL
  // database is never seeded by itself (npm run db:seed does it on demand).
  if (!config.databaseUrl && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db);
    app.log.info(`demo agency created: sign in with ${DEMO_MOBILES.owner} or ${DEMO_MOBILES.agent}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database: database.driver,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      version: config.version,
    },
    `TrackIt is serving http://localhost:${config.port}/admin`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('TrackIt failed to start:', error);
  }
  process.exit(1);
});
