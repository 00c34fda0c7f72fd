import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/** The migration that bounds receipts, allocations and corrections (0041_amount_bounds.sql). */
const AMOUNT_BOUNDS_MIGRATION = '0041_amount_bounds';
const LEGACY_AMOUNT = 9_007_199_254_740_991;

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  (await handle.db.execute(query)) as unknown as { rows: T[] };

/**
 * The amount bounds (docs/decisions.md "Bounds on money, dates and races") check every row written after
 * the migration, and are validated on the tables whose stored rows all hold: a receipt stored before them
 * beyond the bound (2^53 − 1 fen, what the API let through) is kept as it was, its table's bound checking
 * new rows only, and the migration still runs through.
 */
describe('migration 0040: amounts within bounds', () => {
  let handle: DatabaseHandle;
  let folder: string;
  let teamId = 0;
  let recipientId = 0;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), AMOUNT_BOUNDS_MIGRATION);
    const [team] = (
      await rowsOf<{ id: number }>(handle, sql`insert into teams (name) values ('旧数据') returning id`)
    ).rows;
    teamId = Number(team?.id);
    const [recipient] = (
      await rowsOf<{ id: number }>(
        handle,
        sql`insert into team_recipients (team_id, name, short_name, credit_code, taxpayer_type, bank, branch, account_number)
          values (${teamId}, '上海星辰模特经纪有限公司', '星辰经纪', '91310106MA1FY4XK3E', 'general', 'cmb', '上海静安支行', '121909876510201')
          returning id`,
      )
    ).rows;
    recipientId = Number(recipient?.id);
    await handle.db.execute(
      sql`insert into receipts (team_id, team_recipient_id, received_on, amount, payer_name)
        values (${teamId}, ${recipientId}, '2026-11-02', ${LEGACY_AMOUNT}, '旧付款方')`,
    );
    await runMigrations(handle);
  }, 180_000); // a fresh database migrated twice over
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps a receipt stored beyond the bound, and validates the bounds of the tables that hold', async () => {
    const { rows } = await rowsOf<{ amount: string }>(handle, sql`select amount::text from receipts`);
    expect(rows).toEqual([{ amount: String(LEGACY_AMOUNT) }]);
    const checks = await rowsOf<{ name: string; validated: boolean }>(
      handle,
      sql`select conname as name, convalidated as validated from pg_constraint
        where conname in ('receipts_amount_check', 'allocations_amount_check', 'invoice_corrections_total_check')
        order by conname`,
    );
    expect(checks.rows).toEqual([
      { name: 'allocations_amount_check', validated: true },
      { name: 'invoice_corrections_total_check', validated: true },
      { name: 'receipts_amount_check', validated: false },
    ]);
  });

  it('refuses a new receipt beyond the bound and takes one at it', async () => {
    const insert = (amount: number) =>
      handle.db.execute(
        sql`insert into receipts (team_id, team_recipient_id, received_on, amount, payer_name)
          values (${teamId}, ${recipientId}, '2026-11-03', ${amount}, '新付款方')`,
      );
    await expect(insert(MAX_AMOUNT_FEN + 1)).rejects.toThrow();
    await expect(insert(0)).rejects.toThrow();
    await insert(MAX_AMOUNT_FEN);
  });
});
