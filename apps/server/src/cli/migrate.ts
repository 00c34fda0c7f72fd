import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

/** npm run db:migrate: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  console.log(`migrations applied (${database.driver})`);
} finally {
  await database.close();
}
