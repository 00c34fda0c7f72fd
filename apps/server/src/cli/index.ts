import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mobileSchema, text1To50Schema } from '@trackit/contract/patterns';
import { BackupError, createBackup, pgliteInUse, restoreBackup } from '../backup/backup';
import { type Config, loadConfig } from '../config';
import { openConfiguredDatabase, openDatabase, pgliteDataDir } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createTeamWithOwner } from '../domains/team/team.service';
import { createStorage } from '../domains/upload/storage/create-storage';
import { createJobQueue } from '../jobs/job-queue';
import { DEMO_MOBILES, demoStorage, seedDemo } from '../seed/demo-seed';

const USAGE = `Usage:
  npm run cli -- team:create --name <团队名称> --owner-mobile <手机号> --owner-nickname <昵称>
  npm run cli -- demo:seed        (the same as npm run db:seed)
  npm run cli -- db:migrate
  npm run cli -- backup <dir>     (database + stored files + manifest.json, into a new folder)
  npm run cli -- restore <dir>    (into an empty database and an empty store)
  npm run cli -- jobs                 (each job queue: waiting, active, failed)
  npm run cli -- jobs retry <queue>   (its failed jobs run again)`;

const COMMANDS = ['team:create', 'demo:seed', 'db:migrate', 'backup', 'restore', 'jobs'];

/** The configured store, for listing, reading and writing objects (no address is signed here). */
const operatorStorage = (config: Config) => createStorage(config, randomBytes(32), () => new Date()).storage;

/** The embedded database must not be open in a running server: PGlite is one process's. */
async function refuseRunningPglite(dataDir: string) {
  if (await pgliteInUse(dataDir)) {
    throw new BackupError(
      `内置数据库（${dataDir}）正被使用：请先停止服务器再执行。若服务器确已停止（上次异常退出），删除 ${path.join(dataDir, 'postmaster.pid')} 后重试`,
    );
  }
}

async function backup(config: Config, dir: string) {
  const pglite = pgliteDataDir(config.dataDir);
  if (!config.databaseUrl) {
    await refuseRunningPglite(pglite);
    if ((await readdir(pglite).catch(() => [])).length === 0) {
      throw new BackupError(
        `没有可备份的内置数据库：${pglite} 不存在或是空的（请检查 DATA_DIR 或 DATABASE_URL）`,
      );
    }
  }
  const database = config.databaseUrl
    ? await openConfiguredDatabase(config)
    : await openDatabase({ driver: 'pglite', dataDir: pglite });
  try {
    const manifest = await createBackup(dir, {
      database,
      storage: operatorStorage(config),
      buildVersion: config.version,
      log: (line) => console.log(line),
    });
    console.log(`backup written / 备份完成: ${dir}`);
    console.log(
      `version ${manifest.version}, migration ${manifest.migration.tag}, ${manifest.files.length} files`,
    );
    console.log(JSON.stringify(manifest.counts));
  } finally {
    await database.close();
  }
}

async function restore(config: Config, dir: string) {
  const target = config.databaseUrl
    ? ({ driver: 'postgres', url: config.databaseUrl } as const)
    : ({ driver: 'pglite', dataDir: pgliteDataDir(config.dataDir) } as const);
  if (target.driver === 'pglite') await refuseRunningPglite(target.dataDir);
  const { manifest, counts } = await restoreBackup(dir, {
    target,
    storage: operatorStorage(config),
    log: (line) => console.log(line),
  });
  console.log(`restored / 恢复完成: ${manifest.created_at} backup of version ${manifest.version}`);
  for (const [table, count] of Object.entries(counts)) console.log(`  ${table}: ${count}`);
  console.log('start the server: it applies any newer migrations / 启动服务器即可');
}

/** Operator commands against the configured database (DATABASE_URL, else the embedded one under DATA_DIR). */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !COMMANDS.includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const [dir] = rest;
    if (!dir || rest.length !== 1) {
      console.error(USAGE);
      process.exit(2);
    }
    // npm run starts in the repository's root; a relative folder is the operator's, from where they were.
    const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
    await (command === 'backup' ? backup(config, folder) : restore(config, folder));
    return;
  }
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
