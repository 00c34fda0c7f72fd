import type { TestProject } from 'vitest/node';
import { loadConfig } from '../apps/server/src/config';
import { openConfiguredDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { demoStorage, seedDemo } from '../apps/server/src/seed/demo-seed';
import { createE2eFixtures } from './fixtures';
import { startProductServer } from './product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built product listens, e.g. http://127.0.0.1:41234 */
    e2eBaseUrl: string;
    /** File receiving the server's standard output (SMS codes of the console driver, logs). */
    e2eServerLog: string;
  }
}

/** The embedded database the server will open: migrated, with the demo agency and the journeys' people. */
async function prepareDatabase(dataDir: string) {
  const database = await openConfiguredDatabase({ databaseUrl: undefined, databasePoolSize: 1, dataDir });
  try {
    await runMigrations(database);
    // The pictures go where the product server (started with this DATA_DIR) keeps its files.
    await seedDemo(
      database.db,
      demoStorage(loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' })),
    );
    await createE2eFixtures(database.db);
  } finally {
    await database.close();
  }
}

/** Starts the built product on a fresh embedded database for the browser journeys. */
export default async function setup(project: TestProject) {
  const server = await startProductServer(prepareDatabase);
  project.provide('e2eBaseUrl', server.baseUrl);
  project.provide('e2eServerLog', server.logFile);
  return () => server.stop();
}
