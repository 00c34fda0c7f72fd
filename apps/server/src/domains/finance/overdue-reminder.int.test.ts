import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addDays } from '@trackit/contract/business-time';
import { formatYuan } from '@trackit/contract/money';
import { OVERDUE_REMINDER_WITHIN_DAYS, RECEIVABLE_NOTICES } from '@trackit/contract/receivable.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, noticesOf, orderDay } from '../../test/factories';
import { type BilledOrder, createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';
import { remindOverdue } from './overdue-reminder.service';

/**
 * The overdue reminder (docs/product.md "费用"): an order whose due date has passed with money outstanding
 * is told to its owner and the `accounting` managers once, within a week of falling due.
 */
describe('overdue reminder (应收款逾期提醒)', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let overdue: BilledOrder;
  let longOverdue: BilledOrder;
  let paid: BilledOrder;
  let notDue: BilledOrder;
  const day = (offset: number) => [orderDay(addDays(team.today, offset))];

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
    // No payment terms: each is due on its last working day.
    overdue = await team.billedOrder([modelFee(500_000)], { days: day(-3), title: '三天前到期' });
    longOverdue = await team.billedOrder([modelFee(200_000)], {
      days: day(-(OVERDUE_REMINDER_WITHIN_DAYS + 3)),
      title: '早已逾期',
    });
    paid = await team.billedOrder([modelFee(300_000)], { days: day(-2), title: '已收款' });
    const [paidLine] = paid.lines;
    if (!paidLine) throw new Error('no fee line');
    await team.receipt({
      amount: paidLine.total,
      allocations: [{ fee_line_id: paidLine.id, amount: paidLine.total }],
    });
    notDue = await team.billedOrder([modelFee(100_000)], { days: day(0), title: '今天到期' });
  });
  afterAll(() => t.close());

  const overdueNotices = async (membershipId: number) =>
    (await noticesOf(t.database.db, membershipId)).filter((row) => row.title.startsWith('应收款已逾期'));

  it("tells the order's owner and the accounting managers of what fell due in the last week, once", async () => {
    const result = await remindOverdue({ db: t.database.db }, team.teamId, t.clock.now());
    expect(result.orders).toBe(1);
    const [line] = overdue.lines;
    const expected = {
      title: RECEIVABLE_NOTICES.overdue(overdue.number),
      body: RECEIVABLE_NOTICES.overdueBody(
        team.client.name,
        formatYuan(line?.total ?? 0),
        addDays(team.today, -3),
        3,
      ),
      link: ADMIN_PATHS.financeOrder(overdue.id),
    };
    expect(await overdueNotices(team.manager.membershipId)).toEqual([expected]);
    expect(await overdueNotices(team.owner.membershipId)).toEqual([expected]);
    // Reading finance is not being told: the reader and the editor are not managers nor the owner.
    expect(await overdueNotices(team.reader.membershipId)).toEqual([]);
    expect(await overdueNotices(team.editor.membershipId)).toEqual([]);
    for (const order of [longOverdue, paid, notDue]) {
      const titles = (await overdueNotices(team.manager.membershipId)).map((row) => row.title);
      expect(titles).not.toContain(RECEIVABLE_NOTICES.overdue(order.number));
    }

    const again = await remindOverdue({ db: t.database.db }, team.teamId, t.clock.now());
    expect(again.notified).toBe(0);
    expect(await overdueNotices(team.manager.membershipId)).toHaveLength(1);
  });

  it('another team never hears of these orders', async () => {
    const other = await createFinanceTeam(t);
    expect(await remindOverdue({ db: t.database.db }, other.teamId, t.clock.now())).toEqual({
      orders: 0,
      notified: 0,
    });
    expect(await overdueNotices(other.manager.membershipId)).toEqual([]);
  });
});
