import { parseArgs } from 'node:util';
import { mobileSchema, text1To50Schema } from '@trackit/contract/patterns';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createTeamWithOwner } from '../domains/team/team.service';
import { createJobQueue } from '../jobs/job-queue';
import { DEMO_MOBILES, demoStorage, seedDemo } from '../seed/demo-seed';

const USAGE = `Usage:
  npm run cli -- team:create --name <团队名称> --owner-mobile <手机号> --owner-nickname <昵称>
  npm run cli -- demo:seed        (the same as npm run db:seed)
  npm run cli -- db:migrate
  npm run cli -- jobs                 (each job queue: waiting, active, failed)
  npm run cli -- jobs retry <queue>   (its failed jobs run again)`;

/** Operator commands against the configured database (DATABASE_URL, else the embedded one under DATA_DIR). */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !['team:create', 'demo:seed', 'db:migrate', 'jobs'].includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await runMigrations(database);
    if (command === 'db:migrate') {
      console.log(`migrations applied (${database.driver})`);
    } else if (command === 'jobs') {
      await jobsCommand(database, rest);
    } else if (command === 'demo:seed') {
      const seeded = await seedDemo(database.db, demoStorage(config));
      console.log(
        seeded
          ? `demo agency created: sign in with ${DEMO_MOBILES.owner} (two teams) or ${DEMO_MOBILES.agent}`
          : 'demo data is already there; nothing changed',
      );
    } else {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          'owner-mobile': { type: 'string' },
          'owner-nickname': { type: 'string' },
        },
      });
      const name = text1To50Schema.safeParse(values.name);
      const mobile = mobileSchema.safeParse(values['owner-mobile']);
      const nickname = text1To50Schema.safeParse(values['owner-nickname']);
      if (!name.success || !mobile.success || !nickname.success) {
        console.error(`team:create needs --name, a mainland --owner-mobile and --owner-nickname\n${USAGE}`);
        process.exitCode = 2;
        return;
      }
      const { team, membership } = await createTeamWithOwner(database.db, {
        name: name.data,
        ownerMobile: mobile.data,
        ownerNickname: nickname.data,
      });
      console.log(
        `team ${team.id} "${team.name}" created; owner ${mobile.data} (membership ${membership.id})`,
      );
    }
  } finally {
    await database.close();
  }
}

/** Lists the job queues with their counts, or retries one queue's failed jobs. */
async function jobsCommand(database: Parameters<typeof createJobQueue>[0]['database'], args: string[]) {
  const [action, queue] = args;
  if (action !== undefined && (action !== 'retry' || !queue)) {
    console.error(`jobs takes nothing, or retry and a queue's name\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const jobs = createJobQueue({
    database,
    log: {
      error: (details, message) => console.error(message, details),
      warn: (details, message) => console.error(message, details),
    },
  });
  // No worker, cron or maintenance: the server's processes do the work.
  await jobs.start({ work: false });
  try {
    const counts = await jobs.counts();
    if (action === 'retry' && queue) {
      if (!counts.some((row) => row.queue === queue)) {
        console.error(`no queue named ${queue}; the queues: ${counts.map((row) => row.queue).join(', ')}`);
        process.exitCode = 2;
        return;
      }
      console.log(`${await jobs.retryFailed(queue)} failed job(s) of ${queue} will run again`);
      return;
    }
    const width = Math.max(5, ...counts.map((row) => row.queue.length));
    console.log(`${'queue'.padEnd(width)}  waiting  active  failed`);
    for (const row of counts) {
      console.log(
        `${row.queue.padEnd(width)}  ${String(row.waiting).padStart(7)}  ${String(row.active).padStart(6)}  ${String(row.failed).padStart(6)}`,
      );
    }
  } finally {
    await jobs.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
