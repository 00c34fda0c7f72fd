import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addMonths, businessInstant, businessMonth } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import { formatYuan } from '@trackit/contract/money';
import { SETTLEMENT_NOTICES, type SettlementDetail } from '@trackit/contract/settlement.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_JOBS, type DailyJobDeps, runDailyJobs } from '../../jobs/daily-jobs';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, noticesOf, uniqueIdNumber } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';
import { remindWithholding } from './withholding-reminder.service';

/**
 * The reminder of the 10th (docs/product.md "Model settlements"): last month's withholding is due by the
 * 15th; the `accounting` managers are told once, on the 10th only, and only when someone was paid.
 */
describe('withholding reminder (扣缴申报提醒)', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let deps: DailyJobDeps;
  /** The month the settlement was paid in (the test clock's), and the business date of the next month's day. */
  let month: string;
  const dayOfNextMonth = (day: number, months = 1) =>
    businessInstant(
      `${addMonths(`${month}-01`, months).slice(0, 8)}${String(day).padStart(2, '0')}`,
      '09:00',
    );
  const job = DAILY_JOBS.filter((one) => one.name === 'withholding_reminder');
  let paid: SettlementDetail;

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
    deps = { db: t.database.db, clock: t.clock.now, log: t.app.log };
    month = businessMonth(t.clock.now());
    const { manager, editor } = team;
    const model = await ok(
      team.api<Model>('POST', '/models', {
        name: '林晓',
        gender: 'female',
        commission_rate: 2_000,
        id_number: uniqueIdNumber(),
      }),
    );
    // 12,500 yuan before VAT, paid by the client, settled and paid today: 10,000 yuan of income.
    const order = await team.billedOrder([modelFee(1_250_000)], { modelId: model.id });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    const draft = await ok(
      team.api<SettlementDetail>('POST', '/settlements', { model_id: model.id }, editor.headers),
    );
    const step = (what: string, body?: unknown, headers = manager.headers) =>
      ok(team.api<SettlementDetail>('POST', `/settlements/${draft.id}/${what}`, body, headers));
    await step('submit', undefined, editor.headers);
    await step('approval', { result: 'passed' });
    paid = await step('pay', { paid_on: team.today, reference: 'CMB1', team_recipient_id: team.general.id });
  });
  afterAll(() => t.close());

  const notices = (membershipId: number) =>
    noticesOf(t.database.db, membershipId).then((rows) =>
      rows.filter((row) => row.title === SETTLEMENT_NOTICES.withholdingDue),
    );

  it('does nothing on the 9th', async () => {
    const round = await runDailyJobs(deps, dayOfNextMonth(9), job);
    expect(round.failed).toEqual([]);
    expect(round.ran.some((key) => key.teamId === team.teamId)).toBe(true);
    expect(await notices(team.manager.membershipId)).toEqual([]);
    expect(await notices(team.owner.membershipId)).toEqual([]);
  });

  it('tells the accounting managers on the 10th, once even when run twice', async () => {
    expect(paid).toMatchObject({ status: 'paid', payout_type: 'individual', tax: 160_000 });
    const tenth = dayOfNextMonth(10);
    await runDailyJobs(deps, tenth, job);
    const again = await runDailyJobs(deps, new Date(tenth.getTime() + 3_600_000), job);
    expect(again.ran).toEqual([]);
    // Even a rerun of the job itself sends nothing more.
    expect(await remindWithholding(deps, team.teamId, tenth)).toEqual({ month, notified: 0 });

    const expected = {
      title: '上月代扣个税待申报',
      body: SETTLEMENT_NOTICES.withholdingDueBody(month, 1, formatYuan(160_000)),
      link: ADMIN_PATHS.withholding(month),
    };
    expect(expected.body).toContain('向 1 位模特代扣个税 ¥1,600.00，请于');
    expect(await notices(team.manager.membershipId)).toEqual([expected]);
    expect(await notices(team.owner.membershipId)).toEqual([expected]);
    expect(await notices(team.editor.membershipId)).toEqual([]);
    expect(await notices(team.reader.membershipId)).toEqual([]);
    expect(await notices(team.stranger.membershipId)).toEqual([]);
  });

  it('tells no one when no individual was paid last month', async () => {
    const before = await notices(team.manager.membershipId);
    const round = await runDailyJobs(deps, dayOfNextMonth(10, 2), job);
    expect(round.ran.some((key) => key.teamId === team.teamId)).toBe(true);
    expect(await remindWithholding(deps, team.teamId, dayOfNextMonth(10, 2))).toBeNull();
    expect(await notices(team.manager.membershipId)).toEqual(before);
  });
});
