import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { OrderCreated } from '@trackit/contract/order.schema';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { orderDay, type SignedInMember, signInTeamByLevel } from '../../test/factories';
import { notifications } from '../notify/notify.tables';
import { releaseLapsedOptions, releaseOrderEntries } from './calendar.service';
import { calendarEntries } from './calendar.tables';

const STATEMENTS = new Set([
  'execute',
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
]);

/** The transaction with every statement it starts counted (by the query builder called). */
function counting(tx: Database) {
  const calls: string[] = [];
  const db = new Proxy(tx, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (typeof key === 'string' && STATEMENTS.has(key)) {
        return (...args: unknown[]) => {
          calls.push(key);
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  return { db, calls };
}

/**
 * The calendar's writes inside their locked transactions are set-based: releasing an order, or sweeping
 * lapsed options, runs as many statements for one model's day as for a hundred, and tells every promoted
 * option's owner in the one insert.
 */
describe('calendar writes: one statement for many entries, models and notices', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let company: Company;
  const few: Model[] = [];
  const many: Model[] = [];
  let days: string[];

  const draft = (modelIds: number[], dates: string[]) =>
    ok(
      t.request<OrderCreated>('POST', '/storm_api/v1/orders', {
        headers: owner.headers,
        body: {
          company_id: company.id,
          job_type: 'ad',
          title: '批量测试',
          days: dates.map((day) => orderDay(day)),
          models: modelIds.map((id) => ({ model_id: id })),
        },
      }),
    );
  const newModel = (name: string) =>
    ok(
      t.request<Model>('POST', '/storm_api/v1/models', {
        headers: owner.headers,
        body: { name, gender: 'female' },
      }),
    );
  const promotedNotices = async () =>
    (
      await t.database.db
        .select({ count: count() })
        .from(notifications)
        .where(
          and(eq(notifications.teamId, teamId), eq(notifications.recipientMembershipId, owner.membershipId)),
        )
    )[0]?.count ?? 0;
  /** Runs `change` in a transaction, counting its statements and the notices it sent. */
  const measured = async (change: (tx: Database) => Promise<unknown>) => {
    const noticesBefore = await promotedNotices();
    let calls: string[] = [];
    await t.database.db.transaction(async (tx) => {
      const counted = counting(tx);
      await change(counted.db);
      calls = counted.calls;
    });
    return { statements: calls.length, calls, notices: (await promotedNotices()) - noticesBefore };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'calendar');
    teamId = team.teamId;
    owner = team.owner;
    company = await ok(
      t.request<Company>('POST', '/storm_api/v1/companies', {
        headers: owner.headers,
        body: { name: '批量传媒' },
      }),
    );
    const today = businessDate(t.clock.now());
    days = [addDays(today, 10), addDays(today, 11), addDays(today, 12)];
    few.push(await newModel('单个'));
    for (let index = 0; index < 25; index += 1) many.push(await newModel(`模特${index + 1}`));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('releases an order and promotes the next option of each of its days in a fixed number of statements', async () => {
    const smallFirst = await draft([few[0]?.id ?? 0], [days[0] as string]);
    await draft([few[0]?.id ?? 0], [days[0] as string]);
    const largeFirst = await draft(
      many.map((model) => model.id),
      days,
    );
    await draft(
      many.map((model) => model.id),
      days,
    );
    const now = t.clock.now();
    const small = await measured((tx) =>
      releaseOrderEntries(tx, { teamId, orderId: smallFirst.id, holdUntil: null }, 'cancelled', now),
    );
    const large = await measured((tx) =>
      releaseOrderEntries(tx, { teamId, orderId: largeFirst.id, holdUntil: null }, 'cancelled', now),
    );
    expect(small.notices).toBe(1);
    expect(large.notices).toBe(many.length * days.length);
    expect(small.calls).toContain('insert');
    expect(large.calls).toEqual(small.calls);
    expect(large.statements).toBeLessThanOrEqual(8);
  });

  it('sweeps the lapsed options of many models in as many statements as of one', async () => {
    // A third option on each day, behind the second (now first) one, which then lapses.
    await draft([few[0]?.id ?? 0], [days[0] as string]);
    await draft(
      many.map((model) => model.id),
      days,
    );
    const now = t.clock.now();
    const lapse = async (modelIds: number[]) => {
      const firsts = await t.database.db
        .selectDistinctOn([calendarEntries.modelId, calendarEntries.date], { id: calendarEntries.id })
        .from(calendarEntries)
        .where(
          and(
            eq(calendarEntries.teamId, teamId),
            inArray(calendarEntries.modelId, modelIds),
            eq(calendarEntries.status, 'reserved'),
            isNull(calendarEntries.releasedAt),
          ),
        )
        .orderBy(calendarEntries.modelId, calendarEntries.date, calendarEntries.placedAt, calendarEntries.id);
      await t.database.db
        .update(calendarEntries)
        .set({ expiresAt: new Date(now.getTime() - 60_000) })
        .where(
          inArray(
            calendarEntries.id,
            firsts.map((first) => first.id),
          ),
        );
      return firsts.length;
    };
    expect(await lapse([few[0]?.id ?? 0])).toBe(1);
    expect(await lapse(many.map((model) => model.id))).toBe(many.length * days.length);
    let released = { small: 0, large: 0 };
    const small = await measured(async (tx) => {
      released = { ...released, small: await releaseLapsedOptions(tx, teamId, [few[0]?.id ?? 0], now) };
    });
    const large = await measured(async (tx) => {
      released = {
        ...released,
        large: await releaseLapsedOptions(
          tx,
          teamId,
          many.map((model) => model.id),
          now,
        ),
      };
    });
    expect(released).toEqual({ small: 1, large: many.length * days.length });
    expect(small.notices).toBe(1);
    expect(large.notices).toBe(many.length * days.length);
    expect(small.calls).toContain('insert');
    expect(large.calls).toEqual(small.calls);
    expect(large.statements).toBeLessThanOrEqual(8);
  });
});
