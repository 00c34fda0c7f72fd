import type { FeeRow } from '@trackit/contract/receivable.schema';
import { RECEIVABLE_NOTICES } from '@trackit/contract/receivable.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, noticesOf, orderDay, signInAgain } from '../../test/factories';
import { type BilledOrder, createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';
import { remindOverdue } from './overdue-reminder.service';

/**
 * An order's money falls overdue by the server's clock, in China time (docs/product.md "费用"): due on its
 * last working day (no payment terms), it is not overdue on that day up to 23:59:59 in Beijing, one day
 * overdue from midnight there (still the same day in UTC), and the daily reminder tells of it then.
 */
describe('overdue dates on the clock', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let order: BilledOrder;

  const row = async () =>
    (await ok(team.api<FeeRow[]>('GET', '/finance/fees?per_page=100', undefined, team.reader.headers))).find(
      (candidate) => candidate.id === order.id,
    );
  const remindedOf = async () =>
    (await noticesOf(t.database.db, team.manager.membershipId)).filter(
      (notice) => notice.title === RECEIVABLE_NOTICES.overdue(order.number),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.set('2026-04-10T09:00:00+08:00');
    team = await createFinanceTeam(t);
    order = await team.billedOrder([modelFee(300_000)], {
      days: [orderDay('2026-04-10')],
      title: '到期日',
      billedAt: t.clock.now(),
    });
  });
  afterAll(() => t.close());

  it('is due all day in Beijing, one day overdue from its midnight, and reminded of then', async () => {
    t.clock.set('2026-04-10T23:59:59+08:00');
    await signInAgain(t, team.reader);
    t.clock.set('2026-04-10T23:59:59+08:00');
    expect(await row()).toMatchObject({ due_on: '2026-04-10', days_overdue: 0, aging_bucket: 'not_due' });
    expect(await remindOverdue({ db: t.database.db }, team.teamId, t.clock.now())).toEqual({
      orders: 0,
      notified: 0,
    });
    expect(await remindedOf()).toEqual([]);

    // Midnight in Beijing, 16:00 UTC of the same day: the 11th, one day overdue.
    t.clock.set('2026-04-11T00:00:00+08:00');
    expect(await row()).toMatchObject({ days_overdue: 1, aging_bucket: 'd1_30' });
    expect((await remindOverdue({ db: t.database.db }, team.teamId, t.clock.now())).orders).toBe(1);
    expect(await remindedOf()).toHaveLength(1);

    // A month later: 31 days overdue, the next bucket.
    t.clock.set('2026-05-11T10:00:00+08:00');
    await signInAgain(t, team.reader);
    expect(await row()).toMatchObject({ days_overdue: 31, aging_bucket: 'd31_60' });
  });
});
