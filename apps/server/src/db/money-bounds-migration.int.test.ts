import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lineTotals, MAX_LINE_FEN } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/** The migration that brought the money bounds (0013_money_bounds.sql). */
const BOUNDS_MIGRATION = '0013_money_bounds';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  (await handle.db.execute(query)) as unknown as { rows: T[] };

/**
 * Rows stored before the money bounds that break them are brought within them by the migration (cleared to
 * ¥0, their original figures in their note: docs/decisions.md "Money within bounds"), so its constraints
 * hold for every row and no read meets a figure beyond the exact integers.
 */
describe('migration 0013: money within bounds', () => {
  let handle: DatabaseHandle;
  let folder: string;
  const ids = { hostile: 0, full: 0, plain: 0 };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), BOUNDS_MIGRATION);
    const db = handle.db;
    const [team] = (
      await rowsOf<{ id: number }>(handle, sql`insert into teams (name) values ('旧数据') returning id`)
    ).rows;
    const teamId = Number(team?.id);
    const [model] = (
      await rowsOf<{ id: number }>(
        handle,
        sql`insert into models (team_id, name, pinyin_full, pinyin_initials, gender)
          values (${teamId}, '旧模特', 'jiumote', 'jmt', 'female') returning id`,
      )
    ).rows;
    const modelId = Number(model?.id);
    const order = async (number: string) => {
      const [row] = (
        await rowsOf<{ id: number }>(
          handle,
          sql`insert into orders (team_id, number) values (${teamId}, ${number}) returning id`,
        )
      ).rows;
      return Number(row?.id);
    };
    /** A line as the server stored it before the bounds: its figures as lineTotals gave them. */
    const line = async (orderId: number, amount: number, hundredths: number, taxRate: number, note = '') => {
      const figures =
        hundredths > 0
          ? lineTotals({ kind: 'ModelFee', amount, quantity: hundredths / 100, tax_rate: taxRate })
          : { subtotal: 0, tax: 0, total: 0 };
      await db.execute(
        sql`insert into fee_lines (team_id, order_id, model_id, position, kind, amount, unit, quantity_hundredths, tax_rate, note, subtotal, tax, total)
          values (${teamId}, ${orderId}, ${modelId}, 0, 'ModelFee', ${amount}, 'day', ${hundredths}, ${taxRate}, ${note},
            ${figures.subtotal}, ${figures.tax}, ${figures.total})`,
      );
    };
    ids.hostile = await order('OLD001');
    await line(ids.hostile, 10_000_000_000, 1_000_000, 6, '含妆发');
    await line(ids.hostile, 10_000, 0, 6); // 5e-9 was stored as 0
    await line(ids.hostile, 150_000, 200, 6);
    ids.full = await order('OLD002');
    for (let index = 0; index < 101; index += 1) await line(ids.full, MAX_LINE_FEN, 100, 0);
    ids.plain = await order('OLD003');
    await line(ids.plain, 1_000, 100, 6);

    await runMigrations(handle);
  }, 180_000); // a fresh database migrated twice over
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const linesOf = async (orderId: number) =>
    (
      await rowsOf<{ amount: string; quantity: number; total: string; note: string }>(
        handle,
        sql`select amount, quantity_hundredths as quantity, total, note from fee_lines where order_id = ${orderId} order by id`,
      )
    ).rows.map((row) => ({ ...row, amount: Number(row.amount), total: Number(row.total) }));
  const feesTotal = async (orderId: number) => {
    const [row] = (
      await rowsOf<{ total: string }>(
        handle,
        sql`select fees_total as total from orders where id = ${orderId}`,
      )
    ).rows;
    return Number(row?.total);
  };

  it('clears the lines beyond the bounds to ¥0, their original figures at the head of their note', async () => {
    expect(await linesOf(ids.hostile)).toEqual([
      {
        amount: 0,
        quantity: 1_000_000,
        total: 0,
        note: '已清零：原单价 ¥100,000,000.00 × 10000 超出范围；含妆发',
      },
      { amount: 0, quantity: 1, total: 0, note: '已清零：原单价 ¥100.00 × 0 超出范围；' },
      { amount: 150_000, quantity: 200, total: 318_000, note: '' },
    ]);
    expect(await feesTotal(ids.hostile)).toBe(318_000);
  });

  it('clears every line of an order beyond its bound, and keeps the others as they were', async () => {
    const full = await linesOf(ids.full);
    expect(full).toHaveLength(101);
    expect(full.every((fee) => fee.amount === 0 && fee.total === 0)).toBe(true);
    expect(full[0]?.note).toBe('已清零：订单合计超出上限，原单价 ¥100,000,000.00 × 1；');
    expect(await feesTotal(ids.full)).toBe(0);
    expect(await linesOf(ids.plain)).toEqual([{ amount: 1_000, quantity: 100, total: 1_060, note: '' }]);
    expect(await feesTotal(ids.plain)).toBe(1_060);
  });

  it('leaves its constraints validated for every row', async () => {
    const { rows } = await rowsOf<{ name: string; validated: boolean }>(
      handle,
      sql`select conname as name, convalidated as validated from pg_constraint
        where conname in ('fee_lines_amount_check', 'fee_lines_quantity_check', 'fee_lines_total_check', 'orders_fees_total_check')
        order by conname`,
    );
    expect(rows).toEqual([
      { name: 'fee_lines_amount_check', validated: true },
      { name: 'fee_lines_quantity_check', validated: true },
      { name: 'fee_lines_total_check', validated: true },
      { name: 'orders_fees_total_check', validated: true },
    ]);
  });
});
