import { parseArgs } from 'node:util';
import { mobileSchema, text1To50Schema } from '@trackit/contract/patterns';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createTeamWithOwner } from '../domains/team/team.service';
import { DEMO_MOBILES, demoStorage, seedDemo } from '../seed/demo-seed';

const USAGE = `Usage:
  npm run cli -- team:create --name <团队名称> --owner-mobile <手机号> --owner-nickname <昵称>
  npm run cli -- demo:seed        (the same as npm run db:seed)
  npm run cli -- db:migrate`;

/** Operator commands against the configured database (DATABASE_URL, else the embedded one under DATA_DIR). */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !['team:create', 'demo:seed', 'db:migrate'].includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await runMigrations(database);
    if (command === 'db:migrate') {
      console.log(`migrations applied (${database.driver})`);
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
