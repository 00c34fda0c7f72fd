import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-migrations.mjs', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const realMigrations = join(repoRoot, 'apps/server/src/db/migrations');

function checkMigrations(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const listing = async (folder: string) => (await readdir(folder, { recursive: true })).sort();

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'check-migrations-test-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// drizzle-kit starts in a few seconds; leave room for a loaded CI machine.
describe('check-migrations', { timeout: 60_000 }, () => {
  it('passes the real schema against the committed migrations, leaving them untouched', async () => {
    const before = await listing(realMigrations);
    const { code, stdout, stderr } = await checkMigrations([]);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('migrations: up to date');
    expect(code).toBe(0);
    expect(await listing(realMigrations)).toEqual(before);
  });

  it('fails with the SQL to generate when the schema has a table the migrations lack', async () => {
    // The schema imports drizzle-orm: give the fixture the repository's node_modules.
    await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(
      join(dir, 'schema.ts'),
      "import { pgTable, text } from 'drizzle-orm/pg-core';\n\n" +
        "export const widgets = pgTable('widgets', { name: text('name') });\n",
    );
    await mkdir(join(dir, 'migrations'));

    const { code, stdout, stderr } = await checkMigrations([
      '--schema',
      join(dir, 'schema.ts'),
      '--migrations',
      join(dir, 'migrations'),
    ]);

    expect(stderr).toContain(
      'Migrations are out of date with the schema: run `npm run db:generate` and commit the new migration',
    );
    expect(stderr).toMatch(/CREATE TABLE "widgets" \(\s*"name" text\s*\);/);
    expect(stdout).not.toContain('up to date');
    expect(code).toBe(1);
    expect(await readdir(join(dir, 'migrations'))).toEqual([]);
  });

  it('fails when the journal names a migration whose file a merge renumbered, before running drizzle-kit', async () => {
    await mkdir(join(dir, 'migrations/meta'), { recursive: true });
    await writeFile(join(dir, 'migrations/0000_first.sql'), 'select 1;');
    await writeFile(join(dir, 'migrations/0001_invoices.sql'), 'select 1;');
    const entry = (idx: number, tag: string) => ({ idx, version: '7', when: 0, tag, breakpoints: true });
    await writeFile(
      join(dir, 'migrations/meta/_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [entry(0, '0000_first'), entry(1, '0001_team_recipients'), entry(1, '0001_invoices')],
      }),
    );
    const { code, stderr } = await checkMigrations(['--migrations', join(dir, 'migrations')]);
    expect(stderr).toContain('the journal names 0001_team_recipients, which has no .sql file');
    expect(stderr).toContain('0001_invoices has idx 1');
    expect(code).toBe(1);
  });
});
