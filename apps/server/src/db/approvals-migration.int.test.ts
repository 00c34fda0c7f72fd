import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/** The migration that brought the approvals table (0021_approvals.sql); 0022 copies, 0023 drops order_approvals. */
const APPROVALS_MIGRATION = '0021_approvals';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 2, minute));

/**
 * The orders' approval steps stored before issue 22 (order_approvals: one row per submission and per
 * decision) become approvals (one row per request, decided in place), and order_approvals is gone.
 */
describe('migrations 0021–0023: order approvals become approvals', () => {
  let handle: DatabaseHandle;
  let folder: string;
  let teamId = 0;
  const member = { agent: 0, manager: 0 };
  const order = { twice: 0, waiting: 0, orphan: 0, never: 0 };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), APPROVALS_MIGRATION);
    const id = async (query: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ id: number }>(handle, query))[0]?.id);
    teamId = await id(sql`insert into teams (name) values ('旧数据') returning id`);
    const membership = async (mobile: string, nickname: string) => {
      const userId = await id(sql`insert into users (mobile) values (${mobile}) returning id`);
      return id(
        sql`insert into memberships (team_id, user_id, nickname, base_color, status)
          values (${teamId}, ${userId}, ${nickname}, '#1677ff', 'valid') returning id`,
      );
    };
    member.agent = await membership('13900000001', '小周');
    member.manager = await membership('13900000002', '王经理');
    const newOrder = (number: string, approval: string | null) =>
      id(sql`insert into orders (team_id, number, status, approval_status)
        values (${teamId}, ${number}, ${approval === 'rejected' || approval === null ? 'draft' : 'submitted'}, ${approval})
        returning id`);
    order.twice = await newOrder('OLD001', 'passed');
    order.waiting = await newOrder('OLD002', 'init');
    order.orphan = await newOrder('OLD003', 'passed');
    order.never = await newOrder('OLD004', null);
    const step = (orderId: number, status: string, who: number | null, minute: number, comment = '') =>
      handle.db.execute(
        sql`insert into order_approvals (team_id, order_id, status, comment, membership_id, at)
          values (${teamId}, ${orderId}, ${status}, ${comment}, ${who}, ${at(minute)})`,
      );
    // Submitted, refused, submitted again and approved.
    await step(order.twice, 'init', member.agent, 0);
    await step(order.twice, 'rejected', member.manager, 1, '费用需重新核对');
    await step(order.twice, 'init', member.agent, 2);
    await step(order.twice, 'passed', member.manager, 3, '报价已与客户确认');
    // Waiting for a decision.
    await step(order.waiting, 'init', member.agent, 4);
    // A decision with no submission before it (never written by the code): kept.
    await step(order.orphan, 'passed', member.manager, 5);

    await runMigrations(handle);
  }, 180_000); // a fresh database migrated twice over
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const approvalsOf = (orderId: number) =>
    rowsOf<Record<string, unknown>>(
      handle,
      sql`select kind, status, requested_by, requested_at, decided_by, decided_at, comment from approvals
        where team_id = ${teamId} and record_id = ${orderId} order by requested_at, id`,
    ).then((rows) =>
      rows.map((row) => ({
        ...row,
        requested_by: row.requested_by === null ? null : Number(row.requested_by),
        decided_by: row.decided_by === null ? null : Number(row.decided_by),
        requested_at: new Date(row.requested_at as string).toISOString(),
        decided_at: row.decided_at === null ? null : new Date(row.decided_at as string).toISOString(),
      })),
    );
  const request = (by: number | null, minute: number) => ({
    kind: 'order',
    requested_by: by,
    requested_at: at(minute).toISOString(),
  });
  const decided = (status: string, by: number, minute: number, comment = '') => ({
    status,
    decided_by: by,
    decided_at: at(minute).toISOString(),
    comment,
  });

  it('makes one approval of each submission and the decision after it', async () => {
    expect(await approvalsOf(order.twice)).toEqual([
      { ...request(member.agent, 0), ...decided('rejected', member.manager, 1, '费用需重新核对') },
      { ...request(member.agent, 2), ...decided('passed', member.manager, 3, '报价已与客户确认') },
    ]);
  });

  it('keeps an undecided submission open, and a lone decision as a request asked by nobody', async () => {
    expect(await approvalsOf(order.waiting)).toEqual([
      { ...request(member.agent, 4), status: 'init', decided_by: null, decided_at: null, comment: '' },
    ]);
    expect(await approvalsOf(order.orphan)).toEqual([
      { ...request(null, 5), ...decided('passed', member.manager, 5) },
    ]);
    expect(await approvalsOf(order.never)).toEqual([]);
  });

  it('drops order_approvals', async () => {
    const [table] = await rowsOf<{ name: string | null }>(
      handle,
      sql`select to_regclass('public.order_approvals')::text as name`,
    );
    expect(table?.name).toBeNull();
  });
});
