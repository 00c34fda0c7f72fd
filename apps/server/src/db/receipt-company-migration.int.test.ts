import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Issue 35's migration (docs/decisions.md "Receipts of a client, and the bank statement import"): receipts
 * recorded before they named a client get the company whose name or 开票抬头 is exactly the payer's, where
 * exactly one company of the team has it; the others stay without one. Found by its name, not its number.
 */
describe('migration: receipts given their client by exact name', () => {
  let handle: DatabaseHandle;
  let folder: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const tag = journal.entries.find((entry) => entry.tag.endsWith('_receipt_company_bank_import'))?.tag;
    if (!tag) throw new Error('the migration is in the journal');
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), tag);
    const id = async (query: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ id: number }>(handle, query))[0]?.id);
    const team = await id(sql`insert into teams (name) values ('旧数据') returning id`);
    const other = await id(sql`insert into teams (name) values ('别的团队') returning id`);
    ids.a = await id(sql`insert into companies (team_id, name) values (${team}, '甲公司') returning id`);
    ids.b = await id(
      sql`insert into companies (team_id, name, invoice_title) values (${team}, '乙', '上海乙有限公司') returning id`,
    );
    // 丙's 开票抬头 is 甲公司 too: a payer named 甲公司 is two companies', left without one.
    ids.c = await id(
      sql`insert into companies (team_id, name, invoice_title) values (${team}, '丙', '丁有限公司') returning id`,
    );
    ids.d = await id(
      sql`insert into companies (team_id, name, invoice_title) values (${team}, '戊', '丁有限公司') returning id`,
    );
    await id(sql`insert into companies (team_id, name) values (${other}, '己公司') returning id`);
    const recipient = await id(
      sql`insert into team_recipients (team_id, name, short_name, credit_code, taxpayer_type, bank, branch, account_number)
        values (${team}, '旧数据有限公司', '旧数据', '91310000MA1K8XXX0A', 'general', 'icbc', '上海分行', '6222000011112222') returning id`,
    );
    const receipt = (payer: string) =>
      id(sql`insert into receipts (team_id, team_recipient_id, received_on, amount, payer_name)
        values (${team}, ${recipient}, '2026-11-02', 1000, ${payer}) returning id`);
    ids.byName = await receipt('甲公司');
    ids.byTitle = await receipt(' 上海乙有限公司 ');
    ids.twoTitles = await receipt('丁有限公司');
    ids.otherTeam = await receipt('己公司');
    ids.unknown = await receipt('某个人');
    await runMigrations(handle);
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('names the one company of that exact name or 开票抬头, and no other', async () => {
    const rows = await rowsOf<{ id: string; company_id: string | null }>(
      handle,
      sql`select id, company_id from receipts order by id`,
    );
    const companyOf = (receiptId: number | undefined) => {
      const value = rows.find((row) => Number(row.id) === receiptId)?.company_id;
      return value === null || value === undefined ? null : Number(value);
    };
    expect(companyOf(ids.byName)).toBe(ids.a);
    expect(companyOf(ids.byTitle)).toBe(ids.b);
    expect(companyOf(ids.twoTitles)).toBeNull();
    expect(companyOf(ids.otherTeam)).toBeNull();
    expect(companyOf(ids.unknown)).toBeNull();
  });
});
