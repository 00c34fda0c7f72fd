import { incomeTax, RESIDENT_LABOUR } from '@trackit/contract/income-tax';
import type { Model } from '@trackit/contract/model.schema';
import { formatYuan } from '@trackit/contract/money';
import {
  SETTLEMENT_MESSAGES,
  type SettlementDetail,
  type SettlementPaymentPreview,
  type Withholding,
} from '@trackit/contract/settlement.schema';
import type { SettlementSummary } from '@trackit/contract/settlement-summary.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, signInAgain, uniqueIdNumber } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers, STUDIO_ENTITY } from '../../test/finance-factory';

/**
 * The tax month (docs/product.md "Model settlements", 税款所属期) on the test clock: the law withholds when
 * the income is paid, so a settlement's tax is worked out again when it is paid, for the month of
 * `paid_on` with that month's payouts already recorded; the withholding list and a model's yearly totals
 * read the same month. Each test moves the clock (and signs the members in again past the two hours of an
 * access token).
 */
describe('the tax month of a settlement is the month it is paid', () => {
  let t: TestApp;
  let team: FinanceTeam;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);
  /** The clock moved to a China-time instant, every member signed in again (signing in moves it a little). */
  const at = async (instant: string) => {
    t.clock.set(instant);
    await signInAgain(t, team.owner, team.reader, team.editor, team.manager);
    t.clock.set(instant);
  };
  const newModel = (name: string) =>
    ok(
      api<Model>('POST', '/models', {
        name,
        gender: 'female',
        commission_rate: 2_000,
        id_number: uniqueIdNumber(),
      }),
    );
  const clientPays = (feeLineId: number, amount: number, receivedOn: string) =>
    team.receipt({ amount, receivedOn, allocations: [{ fee_line_id: feeLineId, amount }] });
  const draft = (modelId: number) =>
    ok(api<SettlementDetail>('POST', '/settlements', { model_id: modelId }, team.editor.headers));
  const approve = async (id: number) => {
    await ok(api('POST', `/settlements/${id}/submit`, undefined, team.editor.headers));
    await ok(api('POST', `/settlements/${id}/approval`, { result: 'passed' }, team.manager.headers));
  };
  const payBody = (paid_on: string, extra: Record<string, unknown> = {}) => ({
    paid_on,
    reference: `CMB${paid_on.replaceAll('-', '')}`,
    team_recipient_id: team.general.id,
    ...extra,
  });
  const pay = (id: number, paidOn: string, extra: Record<string, unknown> = {}) =>
    api<SettlementDetail>('POST', `/settlements/${id}/pay`, payBody(paidOn, extra), team.manager.headers);
  const preview = (id: number, paidOn: string) =>
    ok(
      api<SettlementPaymentPreview>(
        'GET',
        `/settlements/${id}/payment_preview?paid_on=${paidOn}`,
        undefined,
        team.manager.headers,
      ),
    );
  const withholding = (month: string) =>
    ok(api<Withholding>('GET', `/finance/withholding?month=${month}`, undefined, team.reader.headers));

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.set('2025-11-27T10:00:00+08:00');
    team = await createFinanceTeam(t);
  });
  afterAll(() => t.close());

  it('takes a November draft paid in December into December, with December’s earlier payout of the job', async () => {
    const model = await newModel('冬至');
    // 7,500 yuan before VAT at 20 %: 6,000 yuan of income, half released in November, half in December.
    const order = await team.billedOrder([modelFee(750_000)], {
      modelId: model.id,
      days: [orderDay('2025-11-27')],
    });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    const half = line.total / 2;
    await clientPays(line.id, half, '2025-11-27');

    // Drafted on 28 November: 3,000 yuan, taxed as November's only payout of the job (an estimate).
    await at('2025-11-28T11:00:00+08:00');
    const november = await draft(model.id);
    expect(november).toMatchObject({ tax_month: '2025-11', income: 300_000, taxable: 220_000, tax: 44_000 });
    await approve(november.id);

    // December: the client pays the rest, a December draft of the same job is allowed, paid on the 3rd.
    await at('2025-12-02T09:30:00+08:00');
    await clientPays(line.id, line.total - half, '2025-12-02');
    const december = await draft(model.id);
    expect(december).toMatchObject({ tax_month: '2025-12', income: 300_000, tax: 44_000 });
    await approve(december.id);
    await at('2025-12-03T10:00:00+08:00');
    const paidDecember = await ok(pay(december.id, '2025-12-03'));
    expect(paidDecember).toMatchObject({ tax_month: '2025-12', tax: 44_000, net: 256_000 });

    // Paid on 10 December, the November draft is December's second payout of the job: one 800-yuan
    // deduction for the month, 6,000 yuan → 960 withheld in all, 520 of it now.
    await at('2025-12-10T15:00:00+08:00');
    const shown = await preview(november.id, '2025-12-10');
    expect(shown).toMatchObject({
      tax_month: '2025-12',
      tax_residency: 'resident',
      taxable: 480_000 - 220_000,
      tax: 96_000 - 44_000,
      deductions: 0,
      net: 300_000 - 52_000,
      deductions_returned: [],
      tax_identity_missing: [],
    });
    expect(shown.jobs).toEqual([
      expect.objectContaining({
        order_id: order.id,
        income_category: 'labour',
        earlier_income: 300_000,
        earlier_tax: 44_000,
        tax: 52_000,
      }),
    ]);
    // A payer who transferred the draft's figure is told the net changed; nothing is written.
    await refused(
      pay(november.id, '2025-12-10', { expected_net: november.net }),
      409,
      SETTLEMENT_MESSAGES.netChanged(formatYuan(shown.net)),
    );
    const paidNovember = await ok(pay(november.id, '2025-12-10', { expected_net: shown.net }));
    expect(paidNovember).toMatchObject({
      status: 'paid',
      tax_month: '2025-12',
      taxable: 260_000,
      tax: 52_000,
      net: 248_000,
    });
    expect(paidNovember.jobs).toEqual([
      expect.objectContaining({
        earlier_income: 300_000,
        earlier_tax: 44_000,
        taxable: 260_000,
        tax: 52_000,
      }),
    ]);
    expect(paidDecember.tax + paidNovember.tax).toBe(incomeTax(600_000, RESIDENT_LABOUR).tax);

    // The list follows the payments' month: nothing in November, the job's 6,000 yuan in December.
    expect((await withholding('2025-11')).rows.filter((row) => row.model.id === model.id)).toEqual([]);
    expect((await withholding('2025-12')).rows.filter((row) => row.model.id === model.id)).toEqual([
      expect.objectContaining({
        income_category: 'labour',
        income: 600_000,
        taxable: 480_000,
        tax: 96_000,
        payments: 1,
        settlements: [november.number, december.number].sort(),
      }),
    ]);
  });

  it('drafts in the business month of China time at the month’s last second and first', async () => {
    const model = await newModel('跨月');
    const order = await team.billedOrder([modelFee(200_000), modelFee(200_000)], {
      modelId: model.id,
      days: [orderDay('2025-12-10')],
    });
    const [first, second] = order.lines;
    if (!first || !second) throw new Error('no fee lines');
    await clientPays(first.id, first.total, '2025-12-10');
    await clientPays(second.id, second.total, '2025-12-10');
    // 23:59:59 in Beijing is 15:59:59 UTC: still December's; a second later it is January's.
    await at('2025-12-31T23:59:59+08:00');
    const december = await ok(
      api<SettlementDetail>(
        'POST',
        '/settlements',
        { model_id: model.id, fee_line_ids: [first.id] },
        team.editor.headers,
      ),
    );
    expect(december.tax_month).toBe('2025-12');
    t.clock.set('2026-01-01T00:00:00+08:00');
    const january = await ok(
      api<SettlementDetail>(
        'POST',
        '/settlements',
        { model_id: model.id, fee_line_ids: [second.id] },
        team.editor.headers,
      ),
    );
    expect(january.tax_month).toBe('2026-01');
    expect(january.number.slice(2, 10)).toBe('20260101');

    // Both paid in January: one payment of the job in January, on January's list and in 2026's totals.
    await approve(december.id);
    await approve(january.id);
    await ok(pay(january.id, '2026-01-01'));
    const paid = await ok(pay(december.id, '2026-01-01'));
    expect(paid.tax_month).toBe('2026-01');
    const income = december.income + january.income;
    expect(paid.tax + january.tax).toBe(incomeTax(income, RESIDENT_LABOUR).tax);
    expect((await withholding('2025-12')).rows.filter((row) => row.model.id === model.id)).toEqual([]);
    expect((await withholding('2026-01')).rows.find((row) => row.model.id === model.id)).toMatchObject({
      income,
      tax: incomeTax(income, RESIDENT_LABOUR).tax,
    });
    const summary = await ok(
      api<SettlementSummary>(
        'GET',
        `/settlements/summary?model_id=${model.id}`,
        undefined,
        team.reader.headers,
      ),
    );
    expect(summary.withheld_this_year).toBe(incomeTax(income, RESIDENT_LABOUR).tax);
  });

  it('refuses a payment dated after today by the clock, and accepts today’s', async () => {
    const model = await newModel('付款日');
    const order = await team.billedOrder([modelFee(100_000)], {
      modelId: model.id,
      days: [orderDay('2026-01-01')],
    });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await clientPays(line.id, line.total, '2026-01-01');
    await at('2026-01-05T23:00:00+08:00');
    const settlement = await draft(model.id);
    await approve(settlement.id);
    await refused(pay(settlement.id, '2026-01-06'), 400, SETTLEMENT_MESSAGES.paidInFuture);
    await refused(
      api(
        'GET',
        `/settlements/${settlement.id}/payment_preview?paid_on=2026-01-06`,
        undefined,
        team.manager.headers,
      ),
      400,
      SETTLEMENT_MESSAGES.paidInFuture,
    );
    // An hour later it is the 6th in Beijing (still the 5th in UTC): that day may be paid.
    t.clock.advance(3_600_000);
    expect((await ok(pay(settlement.id, '2026-01-06'))).paid_on).toBe('2026-01-06');
  });

  it('登记付款: proposes the entity the client paid and the model’s account, and pays exactly the net', async () => {
    const studio = await team.entity(STUDIO_ENTITY);
    const model = await ok(
      api<Model>('POST', '/models', {
        name: '付款额',
        gender: 'female',
        commission_rate: 2_000,
        id_number: uniqueIdNumber(),
        payout_account_name: '刘晓阳',
        payout_bank: 'cmb',
        payout_account_number: '6222 0212 3456 7890',
      }),
    );
    await at('2026-02-02T10:00:00+08:00');
    const order = await team.billedOrder([modelFee(100_000)], {
      modelId: model.id,
      days: [orderDay('2026-02-01')],
      teamRecipientId: studio.id,
    });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await clientPays(line.id, line.total, '2026-02-02');
    const settlement = await draft(model.id);
    await approve(settlement.id);
    const seen = await preview(settlement.id, '2026-02-02');
    // The client paid the studio entity (the order's 收款主体), not the team's default.
    expect(seen.payer_id).toBe(studio.id);
    expect(seen.payout_account).toEqual({
      account_name: '刘晓阳',
      bank: '招商银行',
      branch: null,
      account_number: '6222021234567890',
    });
    await refused(
      pay(settlement.id, '2026-02-02', { amount: seen.net + 1 }),
      400,
      SETTLEMENT_MESSAGES.payMoreThanNet(formatYuan(seen.net)),
    );
    await refused(
      pay(settlement.id, '2026-02-02', { amount: seen.net - 1 }),
      400,
      SETTLEMENT_MESSAGES.payLessThanNet(formatYuan(seen.net)),
    );
    const paid = await ok(pay(settlement.id, '2026-02-02', { amount: seen.net, expected_net: seen.net }));
    expect(paid).toMatchObject({ status: 'paid', net: seen.net });
  });
});
