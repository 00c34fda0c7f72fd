import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPaymentDrift } from '../domains/payment/payment-drift.service';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * 0040 (docs/decisions.md "One owner for what is paid"): every cache is set from its truth once, and the
 * invariants hold every row written from then on, while data written under the old rule (a line paid past
 * its total) does not stop the migration: the daily check names it.
 */
describe('migration 0040: payment caches from their truth, and the invariants', () => {
  let handle: DatabaseHandle;
  let folder: string;
  const ids = { team: 0, order: 0, fair: 0, overpaid: 0, receipt: 0 };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), '0040_payment_owner');
    const id = async (query: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ id: number }>(handle, query))[0]?.id);
    ids.team = await id(sql`insert into teams (name) values ('旧数据') returning id`);
    const modelId = await id(
      sql`insert into models (team_id, name, pinyin_full, pinyin_initials, gender)
        values (${ids.team}, '旧模特', 'jiumote', 'jmt', 'female') returning id`,
    );
    ids.order = await id(
      sql`insert into orders (team_id, number, status, billed_at) values (${ids.team}, 'OLD001', 'billed', now()) returning id`,
    );
    const line = (paid: number) =>
      id(sql`insert into fee_lines (team_id, order_id, model_id, position, kind, amount, unit, quantity_hundredths, tax_rate, subtotal, tax, total, paid)
        values (${ids.team}, ${ids.order}, ${modelId}, 0, 'ModelFee', 100000, 'day', 100, 6, 100000, 6000, 106000, ${paid}) returning id`);
    // Kept wrong: paid 1 while the ledger says 50,000; paid 120,000 of 106,000 (the old rule's bug).
    ids.fair = await line(1);
    ids.overpaid = await line(120_000);
    const recipientId = await id(
      sql`insert into team_recipients (team_id, name, short_name, credit_code, taxpayer_type, bank, branch, account_number)
        values (${ids.team}, '旧数据有限公司', '旧数据', '91310000MA1K8XXX0A', 'general', 'icbc', '上海分行', '6222000011112222') returning id`,
    );
    ids.receipt = await id(
      sql`insert into receipts (team_id, team_recipient_id, received_on, amount, allocated, payer_name)
        values (${ids.team}, ${recipientId}, '2026-11-02', 200000, 7, '旧客户') returning id`,
    );
    for (const [lineId, amount] of [
      [ids.fair, 50_000],
      [ids.overpaid, 120_000],
    ] as const) {
      await handle.db.execute(
        sql`insert into allocations (team_id, receipt_id, fee_line_id, amount, allocated_on)
          values (${ids.team}, ${ids.receipt}, ${lineId}, ${amount}, '2026-11-02')`,
      );
      await handle.db.execute(
        sql`insert into fee_line_payments (team_id, fee_line_id, order_id, paid_on, amount)
          values (${ids.team}, ${lineId}, ${ids.order}, '2026-11-02', ${amount})`,
      );
    }
    await runMigrations(handle);
  }, 180_000); // a fresh database migrated twice over
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sets every cache from its truth, and the daily check names the line paid past its total', async () => {
    const [receipt] = await rowsOf<{ allocated: string }>(
      handle,
      sql`select allocated from receipts where id = ${ids.receipt}`,
    );
    expect(Number(receipt?.allocated)).toBe(170_000);
    const lines = await rowsOf<{ id: string; paid: string }>(
      handle,
      sql`select id, paid from fee_lines where order_id = ${ids.order} order by id`,
    );
    expect(lines.map((row) => Number(row.paid))).toEqual([50_000, 120_000]);
    const [order] = await rowsOf<{ received: string }>(
      handle,
      sql`select received from orders where id = ${ids.order}`,
    );
    expect(Number(order?.received)).toBe(50_000 + 106_000);
    const drift = await checkPaymentDrift({ db: handle.db }, ids.team, new Date());
    expect(drift).toMatchObject({ overpaid: 1, receipts: 0, orders: 0 });
  });

  it('holds the invariants for every row written from now on', async () => {
    await expect(
      handle.db.execute(sql`update fee_lines set paid = 106001 where id = ${ids.fair}`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update receipts set allocated = 200001 where id = ${ids.receipt}`),
    ).rejects.toThrow();
    // The old overpaid line may only move towards the rule.
    await handle.db.execute(sql`update fee_lines set paid = 106000 where id = ${ids.overpaid}`);
  });
});
