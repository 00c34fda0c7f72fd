// Fails when the drizzle schema and the committed migrations have drifted, i.e. when `drizzle-kit generate`
// would write a new migration: a `.tables.ts` change without its SQL would ship a server whose database
// does not match its code. Works on a copy of the migrations, never on the real folder.
// Usage: node tooling/check-migrations.mjs [--schema <schema.ts>] [--migrations <dir>]
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    schema: { type: 'string', default: path.join(root, 'apps/server/src/db/schema.ts') },
    migrations: { type: 'string', default: path.join(root, 'apps/server/src/db/migrations') },
  },
});
const TIMEOUT_MS = 60_000;

// A merge can leave the journal naming a migration whose file another branch renumbered: the server
// would refuse to start ("No file … found"), while drizzle-kit generate sees nothing wrong.
const journalPath = path.join(values.migrations, 'meta/_journal.json');
const journal = existsSync(journalPath) ? JSON.parse(readFileSync(journalPath, 'utf8')) : { entries: [] };
const tags = journal.entries.map((entry) => entry.tag);
const files = existsSync(values.migrations)
  ? readdirSync(values.migrations).filter((name) => name.endsWith('.sql'))
  : [];
const missing = tags.filter((tag) => !files.includes(`${tag}.sql`));
const unlisted = files.filter((name) => !tags.includes(name.replace(/\.sql$/, '')));
const misnumbered = journal.entries.filter((entry, index) => entry.idx !== index);
if (missing.length + unlisted.length + misnumbered.length > 0) {
  console.error('The migrations journal and the SQL files disagree:');
  for (const tag of missing) console.error(`- the journal names ${tag}, which has no .sql file`);
  for (const name of unlisted) console.error(`- ${name} is not in the journal`);
  for (const entry of misnumbered) console.error(`- ${entry.tag} has idx ${entry.idx}`);
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'check-migrations-'));
const out = path.join(work, 'migrations');
const sqlFiles = () => readdirSync(out).filter((name) => name.endsWith('.sql'));

try {
  if (existsSync(values.migrations)) cpSync(values.migrations, out, { recursive: true });
  else mkdirSync(out);
  // drizzle-kit 0.31 loads its config with require() (tsx registered), so JSON works and needs no imports.
  // `out` must be relative: it prefixes an absolute path with './'. Hence cwd = the temp dir.
  const config = { dialect: 'postgresql', schema: path.resolve(values.schema), out: './migrations' };
  writeFileSync(path.join(work, 'drizzle.config.json'), JSON.stringify(config));
  const before = new Set(sqlFiles());

  // stdin closed: a question (a rename?) makes drizzle-kit throw instead of waiting; the timeout is a backstop.
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    ['generate', '--config', 'drizzle.config.json'],
    { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: TIMEOUT_MS },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  const added = sqlFiles().filter((name) => !before.has(name));

  if (added.length > 0) {
    console.error(
      'Migrations are out of date with the schema: run `npm run db:generate` and commit the new migration.',
    );
    console.error('drizzle-kit generate would write:\n');
    for (const name of added) console.error(`-- ${name}\n${readFileSync(path.join(out, name), 'utf8')}\n`);
    process.exitCode = 1;
  } else if (/interactive prompt|requires? a TTY/i.test(output)) {
    console.error(
      'Migrations are out of date with the schema: drizzle-kit wants to ask a question (a table or column ' +
        'rename?). Run `npm run db:generate`, answer it and commit the new migration.\n',
    );
    console.error(output);
    process.exitCode = 1;
  } else if (run.error || run.status !== 0 || !/No schema changes/.test(output)) {
    // drizzle-kit exits 0 even when it throws, so anything but its "nothing to migrate" line is a failure.
    const why = run.error?.code === 'ETIMEDOUT' ? `did not finish in ${TIMEOUT_MS / 1000} s` : 'failed';
    console.error(`drizzle-kit generate ${why}${run.error ? ` (${run.error.message})` : ''}:\n`);
    console.error(output);
    process.exitCode = 1;
  } else {
    console.log('migrations: up to date');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
