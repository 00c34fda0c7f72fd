import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * 0025: requests asked before it get their order's name as subject, and the open request of an order
 * cancelled while it waited (left open before) is withdrawn at the order's cancellation.
 */
describe('migration 0025: approvals get a subject, and cancelled orders’ requests are withdrawn', () => {
  let handle: DatabaseHandle;
  let folder: string;
  const cancelledAt = new Date(Date.UTC(2026, 10, 20, 3, 0));
  const order = { waiting: 0, cancelled: 0, untitled: 0 };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), '0025_approvals_open_and_subject');
    const id = async (query: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ id: number }>(handle, query))[0]?.id);
    const teamId = await id(sql`insert into teams (name) values ('旧数据') returning id`);
    const newOrder = (number: string, title: string, status: string, cancelled: Date | null) =>
      id(sql`insert into orders (team_id, number, title, status, approval_status, cancelled_at)
        values (${teamId}, ${number}, ${title}, ${status}, 'init', ${cancelled}) returning id`);
    order.waiting = await newOrder('OLD001', '春季新品', 'submitted', null);
    order.cancelled = await newOrder('OLD002', '夏季新品', 'cancelled', cancelledAt);
    order.untitled = await newOrder('OLD003', '', 'submitted', null);
    for (const recordId of Object.values(order)) {
      await handle.db.execute(
        sql`insert into approvals (team_id, kind, record_id, status, requested_at)
          values (${teamId}, 'order', ${recordId}, 'init', now())`,
      );
    }
    await runMigrations(handle);
  }, 180_000); // a fresh database migrated twice over
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('names each request after its order and withdraws the cancelled order’s at its cancellation', async () => {
    const rows = await rowsOf<{ record_id: string; subject: string; withdrawn_at: string | null }>(
      handle,
      sql`select record_id, subject, withdrawn_at from approvals order by record_id`,
    );
    expect(
      rows.map((row) => [
        Number(row.record_id),
        row.subject,
        row.withdrawn_at === null ? null : new Date(row.withdrawn_at).toISOString(),
      ]),
    ).toEqual([
      [order.waiting, 'OLD001「春季新品」', null],
      [order.cancelled, 'OLD002「夏季新品」', cancelledAt.toISOString()],
      [order.untitled, 'OLD003', null],
    ]);
  });
});
