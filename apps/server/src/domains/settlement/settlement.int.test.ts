import { APPROVAL_MESSAGES, type WaitingApproval } from '@trackit/contract/approval.schema';
import { addDays, businessMonth } from '@trackit/contract/business-time';
import { incomeTax, RESIDENT_LABOUR } from '@trackit/contract/income-tax';
import type { Model } from '@trackit/contract/model.schema';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import {
  type ReadyToSettle,
  SETTLEMENT_MESSAGES,
  type Settlement,
  type SettlementDetail,
  type Withholding,
} from '@trackit/contract/settlement.schema';
import { fullShare, releasedShare } from '@trackit/contract/settlement-math';
import { maskIdNumber } from '@trackit/contract/tax-identity';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, noticesOf, type SignedInMember } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers } from '../../test/finance-factory';
import { download, readWorkbook, sheetRows } from '../../test/spreadsheets';
import { approvals } from '../approval/approval.tables';
import { operationLogs } from '../operation-log/operation-log.tables';
import { settlementLines } from './settlement.tables';

/** A valid national ID whose sequence is `n` (a model paid as an individual needs one). */
const idNumberOf = (n: number) => {
  const first17 = `11010519900101${String(n).padStart(3, '0')}`;
  return `${first17}${nationalIdCheckChar(first17)}`;
};
const ID_NUMBER = (() => {
  const first17 = '11010519900307123';
  return `${first17}${nationalIdCheckChar(first17)}`;
})();
let ids = 0;

/**
 * Model settlements end to end over HTTP (docs/product.md "Model settlements"): the release rule as clients
 * pay, the tax withheld per job and month, the lifecycle through approval and payment, corrections,
 * advances, races, the withholding list, levels and tenancy.
 */
describe('model settlements (模特结算)', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let month: string;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);

  /** A model with the commission rate (basis points) and a national ID (its tax identity complete). */
  const newModel = (name: string, commission_rate: number | null = 2_000) =>
    ok(
      api<Model>('POST', '/models', {
        name,
        gender: 'female',
        commission_rate,
        id_number: idNumberOf(++ids),
      }),
    );
  /** A billed order of the model with one fee line (title 结算测试); the line, with its order's number. */
  const billedLine = async (modelId: number, fee: unknown) => {
    const order = await team.billedOrder([fee], { modelId, title: '结算测试' });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    return { ...line, orderNumber: order.number };
  };
  /** The client pays `amount` of the fee line (a receipt allocated to it); the receipt. */
  const clientPays = (feeLineId: number, amount: number) =>
    team.receipt({ amount, allocations: [{ fee_line_id: feeLineId, amount }] });
  const ready = async (modelId: number, headers = reader.headers) => {
    const res = await api<ReadyToSettle[]>(
      'GET',
      `/settlements/ready?model_id=${modelId}`,
      undefined,
      headers,
    );
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.headers.get('x-total')).toBe(String(res.body.data.length));
    return res.body.data[0];
  };
  const create = (body: Record<string, unknown>, headers = editor.headers) =>
    api<SettlementDetail>('POST', '/settlements', body, headers);
  const step = (id: number, what: string, body?: unknown, headers = manager.headers) =>
    api<SettlementDetail>('POST', `/settlements/${id}/${what}`, body, headers);
  /** Submitted by the editor, passed and paid today by the manager. */
  const approveAndPay = async (id: number) => {
    await ok(step(id, 'submit', undefined, editor.headers));
    await ok(step(id, 'approval', { result: 'passed' }));
    return ok(step(id, 'pay', { paid_on: today, reference: `CMB${id}`, team_recipient_id: team.general.id }));
  };
  const figuresOf = (s: Settlement) => ({
    gross: s.gross,
    commission: s.commission,
    mother_agency: s.mother_agency,
    income: s.income,
    taxable: s.taxable,
    tax: s.tax,
    deductions: s.deductions,
    net: s.net,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
    ({ owner, reader, editor, manager, stranger, today } = team);
    month = businessMonth(t.clock.now());
  });
  afterAll(() => t.close());

  it('releases what the client paid, taxes a job’s payouts of a month as one, and walks the lifecycle', async () => {
    const model = await newModel('林晓');
    await ok(api('PATCH', `/models/${model.id}`, { id_number: ID_NUMBER }));
    // 12,500 yuan before VAT (6 %: 13,250 with it); 20 % commission leaves 10,000 yuan of income.
    const line = await billedLine(model.id, modelFee(1_250_000));
    expect(line).toMatchObject({ subtotal: 1_250_000, total: 1_325_000 });
    expect(await ready(model.id)).toMatchObject({
      releasable: { gross: 0, income: 0, tax: 0, net: 0 },
      waiting: { gross: 1_250_000, commission: 250_000, income: 1_000_000, tax: 160_000, net: 840_000 },
    });
    await refused(create({ model_id: model.id }), 409, SETTLEMENT_MESSAGES.nothingToSettle);

    // The client pays 60 %: 60 % of the line's share is releasable, the rest waits.
    await clientPays(line.id, 795_000);
    const at60 = await ready(model.id);
    expect(at60).toMatchObject({
      model: { id: model.id, name: '林晓' },
      payout_type: 'individual',
      commission_rate: 2_000,
      // 6,000 yuan: 80 % taxable (4,800), 20 % of it withheld (960).
      releasable: {
        gross: 750_000,
        commission: 150_000,
        mother_agency: 0,
        income: 600_000,
        tax: 96_000,
        deductions: 0,
        net: 504_000,
      },
      // As if paid this month too: 10,000 yuan in all withholds 1,600, 640 more.
      waiting: { gross: 500_000, commission: 100_000, income: 400_000, tax: 64_000, net: 336_000 },
    });
    expect(at60?.lines).toEqual([
      expect.objectContaining({
        fee_line_id: line.id,
        order_number: line.orderNumber,
        company_name: '某某服饰',
        total: 1_325_000,
        paid: 795_000,
        line_gross: 1_250_000,
        settled_gross: 0,
        releasable: {
          gross: 750_000,
          commission: 150_000,
          mother_agency: 0,
          mother_agency_from_model: 0,
          income: 600_000,
        },
        waiting_gross: 500_000,
        advanced: false,
      }),
    ]);

    // Levels: read cannot draft; edit drafts everything releasable.
    await refused(create({ model_id: model.id }, reader.headers), 403);
    const first = await ok(create({ model_id: model.id }));
    expect(first.number).toMatch(/^JS\d{11}$/);
    expect(first).toMatchObject({
      status: 'draft',
      payout_type: 'individual',
      tax_month: month,
      gross: 750_000,
      commission: 150_000,
      mother_agency: 0,
      income: 600_000,
      taxable: 480_000,
      tax: 96_000,
      deductions: 0,
      net: 504_000,
      has_advance: false,
      corrects: null,
      created_by: { id: editor.membershipId, nickname: 'edit' },
      can: { submit: true, decide: false, pay: false, delete: true, correct: false },
    });
    expect(first.lines).toEqual([
      expect.objectContaining({
        fee_line_id: line.id,
        order: { id: line.orderId, number: line.orderNumber, title: '结算测试' },
        company_name: '某某服饰',
        date: today,
        kind: 'ModelFee',
        gross: 750_000,
        commission: 150_000,
        income: 600_000,
        advance: false,
        corrects_line_id: null,
      }),
    ]);
    expect(first.jobs).toEqual([
      expect.objectContaining({
        order_id: line.orderId,
        earlier_income: 0,
        earlier_tax: 0,
        taxable: 480_000,
        tax: 96_000,
      }),
    ]);
    // A draft takes its money: a second draft finds nothing, 待结算 shows nothing releasable.
    await refused(create({ model_id: model.id }), 409, SETTLEMENT_MESSAGES.nothingToSettle);
    expect((await ready(model.id))?.releasable.gross).toBe(0);

    // The client pays the rest: releasable (its tax as if it were this month's only payout of the job, the
    // first being unpaid: the tax is worked out when each is paid).
    await clientPays(line.id, 530_000);
    expect((await ready(model.id))?.releasable).toMatchObject({
      gross: 500_000,
      income: 400_000,
      tax: 64_000,
    });

    // Submit (edit), approve and pay (manage); refusals on the way.
    await refused(step(first.id, 'approval', { result: 'passed' }), 409, SETTLEMENT_MESSAGES.notDecidable);
    await refused(step(first.id, 'submit', undefined, reader.headers), 403);
    const submitted = await ok(step(first.id, 'submit', undefined, editor.headers));
    expect(submitted).toMatchObject({ status: 'submitted', can: { submit: false, delete: false } });
    expect(submitted.submitted_at).not.toBeNull();
    await refused(
      step(first.id, 'submit', undefined, editor.headers),
      409,
      SETTLEMENT_MESSAGES.notSubmittable,
    );
    await refused(api('DELETE', `/settlements/${first.id}`, undefined, editor.headers), 409);
    // The approvers (accounting manage, the owner) are asked, and find it in 待我审批.
    for (const approver of [owner, manager]) {
      expect(await noticesOf(t.database.db, approver.membershipId)).toContainEqual({
        title: `模特结算等待你的审批：${first.number}（林晓）`,
        body: 'edit 提交了结算单，实付 ¥5,040.00',
        link: `/admin/finance/settlements/${first.id}`,
      });
    }
    expect(
      (await noticesOf(t.database.db, editor.membershipId)).filter((n) => n.title.includes(first.number)),
    ).toEqual([]);
    const waiting = await ok(api<WaitingApproval[]>('GET', '/approvals', undefined, manager.headers));
    expect(waiting).toContainEqual(
      expect.objectContaining({ kind: 'settlement', kind_label: '模特结算', record_id: first.id }),
    );
    await refused(step(first.id, 'approval', { result: 'passed' }, editor.headers), 403);
    await refused(
      step(first.id, 'pay', { paid_on: today, reference: 'X', team_recipient_id: team.general.id }),
      409,
      SETTLEMENT_MESSAGES.notPayable,
    );
    const passed = await ok(step(first.id, 'approval', { result: 'passed', comment: '无误' }));
    expect(passed).toMatchObject({ status: 'passed', can: { pay: true } });
    expect(passed.approvals.map((a) => a.status)).toEqual(['init', 'passed']);
    await refused(step(first.id, 'approval', { result: 'passed' }), 409, SETTLEMENT_MESSAGES.notDecidable);
    expect(await noticesOf(t.database.db, editor.membershipId)).toContainEqual({
      title: `结算单已通过审批：${first.number}`,
      body: 'manage：无误',
      link: `/admin/finance/settlements/${first.id}`,
    });

    const payBody = { paid_on: today, reference: 'CMB2026112700001', team_recipient_id: team.general.id };
    await refused(step(first.id, 'pay', payBody, editor.headers), 403);
    await refused(step(first.id, 'pay', { ...payBody, team_recipient_id: 987_654_321 }), 404);
    const tomorrow = addDays(today, 1);
    await refused(
      step(first.id, 'pay', { ...payBody, paid_on: tomorrow }),
      400,
      SETTLEMENT_MESSAGES.paidInFuture,
    );
    const yesterday = addDays(today, -1);
    await refused(
      step(first.id, 'pay', { ...payBody, paid_on: yesterday }),
      400,
      SETTLEMENT_MESSAGES.paidBeforeCreated,
    );
    const paid = await ok(step(first.id, 'pay', payBody));
    expect(paid).toMatchObject({
      status: 'paid',
      paid_on: today,
      paid_reference: 'CMB2026112700001',
      paid_by: { id: team.general.id, short_name: '星辰经纪' },
      can: { submit: false, decide: false, pay: false, delete: false, correct: true },
    });
    await refused(
      api('DELETE', `/settlements/${first.id}`, undefined, editor.headers),
      409,
      SETTLEMENT_MESSAGES.notDeletable,
    );

    // The second payout of the job this month withholds the difference: 1,600 yuan in all, as one payout.
    const second = await ok(create({ model_id: model.id }));
    expect(figuresOf(second)).toEqual({
      gross: 500_000,
      commission: 100_000,
      mother_agency: 0,
      income: 400_000,
      taxable: 320_000,
      tax: 64_000,
      deductions: 0,
      net: 336_000,
    });
    expect(second.jobs).toEqual([
      expect.objectContaining({
        earlier_income: 600_000,
        earlier_tax: 96_000,
        taxable: 320_000,
        tax: 64_000,
      }),
    ]);
    expect(first.tax + second.tax).toBe(incomeTax(1_000_000, RESIDENT_LABOUR).tax);
    expect(first.tax + second.tax).toBe(160_000);
    expect(first.gross + second.gross).toBe(line.subtotal);
    // Nothing is left to settle or to wait for.
    expect(await ready(model.id)).toBeUndefined();

    // Rejected (a comment is required): its money is releasable again; deleted, its number is not reused.
    await ok(step(second.id, 'submit', undefined, editor.headers));
    await refused(
      step(second.id, 'approval', { result: 'rejected' }),
      400,
      APPROVAL_MESSAGES.rejectNeedsComment,
    );
    const rejected = await ok(step(second.id, 'approval', { result: 'rejected', comment: '佣金有误' }));
    expect(rejected).toMatchObject({ status: 'rejected', can: { delete: true, submit: false } });
    expect((await ready(model.id))?.releasable).toMatchObject({ gross: 500_000, tax: 64_000 });
    expect(await noticesOf(t.database.db, editor.membershipId)).toContainEqual({
      title: `结算单被驳回：${second.number}`,
      body: 'manage：佣金有误',
      link: `/admin/finance/settlements/${second.id}`,
    });
    await refused(api('DELETE', `/settlements/${second.id}`, undefined, reader.headers), 403);
    await ok(api('DELETE', `/settlements/${second.id}`, undefined, editor.headers));
    await refused(api('GET', `/settlements/${second.id}`, undefined, reader.headers), 404);
    expect(
      await t.database.db
        .select()
        .from(approvals)
        .where(and(eq(approvals.kind, 'settlement'), eq(approvals.recordId, second.id))),
    ).toEqual([]);
    const again = await ok(create({ model_id: model.id }));
    expect(again.number).not.toBe(second.number);
    expect(figuresOf(again)).toEqual(figuresOf(second));
    await approveAndPay(again.id);

    // The log tells each step.
    const logged = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'settlement'), eq(operationLogs.targetId, String(first.id))))
      .orderBy(asc(operationLogs.id));
    expect(logged.map((entry) => entry.action)).toEqual([
      'settlement_create',
      'settlement_submit',
      'settlement_approve',
      'settlement_pay',
    ]);
    expect(logged[3]?.detail).toEqual({
      name: '林晓',
      number: first.number,
      net: 504_000,
      paid_on: today,
      payer: '星辰经纪',
      tax: 96_000,
    });

    // The list: filters, newest first, x-total; another team sees nothing.
    const list = async (query: string, headers = reader.headers) => {
      const res = await api<Settlement[]>('GET', `/settlements${query}`, undefined, headers);
      expect(res.body.code, res.body.message).toBe(0);
      return { ids: res.body.data.map((s) => s.id), total: res.headers.get('x-total') };
    };
    expect(await list(`?model_id=${model.id}`)).toEqual({ ids: [again.id, first.id], total: '2' });
    expect((await list(`?model_id=${model.id}&status=draft`)).ids).toEqual([]);
    expect((await list(`?model_id=${model.id}&month=${month}`)).ids).toEqual([again.id, first.id]);
    expect((await list(`?keyword=${first.number}`)).ids).toEqual([first.id]);
    expect((await list(`?keyword=林晓&sort=created_at`)).ids).toEqual([first.id, again.id]);
    expect((await list(`?model_id=${model.id}&created_from=${today}&created_to=${today}`)).ids).toHaveLength(
      2,
    );
    await refused(
      api('GET', '/settlements?month=2026-13', undefined, reader.headers),
      400,
      SETTLEMENT_MESSAGES.monthInvalid,
    );
    expect(await list('', stranger.headers)).toEqual({ ids: [], total: '0' });

    // Another team's ids are not found, and nothing is written.
    await refused(api('GET', `/settlements/${first.id}`, undefined, stranger.headers), 404);
    await refused(
      api('POST', `/settlements/${again.id}/correct`, { reason: '跨团队' }, stranger.headers),
      404,
    );
    await refused(api('DELETE', `/settlements/${first.id}`, undefined, stranger.headers), 404);
    await refused(create({ model_id: model.id }, stranger.headers), 404, SETTLEMENT_MESSAGES.modelNotFound);
    expect(await list('', stranger.headers)).toEqual({ ids: [], total: '0' });

    // The month's withholding list: the model's income, taxable income and tax over both payouts.
    const withholding = async (headers: Headers) =>
      ok(api<Withholding>('GET', `/finance/withholding?month=${month}`, undefined, headers));
    const forReader = await withholding(reader.headers);
    expect(forReader.rows.filter((row) => row.model.id === model.id)).toEqual([
      {
        model: { id: model.id, name: '林晓' },
        id_type: 'resident_id_card',
        id_number: maskIdNumber(ID_NUMBER),
        id_number_masked: true,
        tax_residency: 'resident',
        income_category: 'labour',
        income: 1_000_000,
        taxable: 800_000,
        tax: 160_000,
        payments: 1,
        settlements: [first.number, again.number].sort(),
      },
    ]);
    expect(maskIdNumber(ID_NUMBER)).toBe(`110***********${ID_NUMBER.slice(-4)}`);
    const forOwner = await withholding(owner.headers);
    expect(forOwner.rows.find((row) => row.model.id === model.id)).toMatchObject({
      id_number: ID_NUMBER,
      id_number_masked: false,
    });
    expect(forOwner.totals).toEqual({
      income: forOwner.rows.reduce((sum, row) => sum + row.income, 0),
      taxable: forOwner.rows.reduce((sum, row) => sum + row.taxable, 0),
      tax: forOwner.rows.reduce((sum, row) => sum + row.tax, 0),
    });
    expect(await withholding(stranger.headers)).toEqual({
      month,
      rows: [],
      totals: { income: 0, taxable: 0, tax: 0 },
      by_category: [],
    });
    expect((await ok(api<Withholding>('GET', '/finance/withholding?month=2001-01'))).rows).toEqual([]);

    const file = await download(t, `/v1/finance/withholding/export?month=${month}`, reader.headers);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain(XLSX_CONTENT_TYPE);
    // The tax bureau's sheets (withholding-export.int.test.ts reads them through); the job is one payment.
    const book = await readWorkbook(file.bytes);
    const labour = book.getWorksheet('劳务报酬');
    if (!labour) throw new Error('no 劳务报酬 sheet');
    expect(sheetRows(labour)).toContainEqual([
      null,
      '林晓',
      '居民身份证',
      maskIdNumber(ID_NUMBER),
      '一般劳务报酬所得',
      10_000,
      ...Array.from({ length: 8 }, () => null),
      `订单 ${line.orderNumber}；结算单 ${[first.number, again.number].join('、')}`,
    ]);

    // A correction: a new draft taking the first payout back, the tax given back; the paid one unchanged.
    await refused(
      step(again.id, 'correct', { reason: '错', fee_line_ids: [987_654_321] }, editor.headers),
      400,
      SETTLEMENT_MESSAGES.lineNotInSettlement,
    );
    await refused(step(first.id, 'correct', { reason: '佣金比例有误' }, reader.headers), 403);
    const correction = await ok(step(first.id, 'correct', { reason: '佣金比例有误' }, editor.headers));
    expect(correction).toMatchObject({
      status: 'draft',
      corrects: { id: first.id, number: first.number },
      reason: '佣金比例有误',
      gross: -750_000,
      commission: -150_000,
      income: -600_000,
      // The month's income of the job falls from 10,000 to 4,000 yuan: 640 withheld instead of 1,600.
      taxable: 320_000 - 800_000,
      tax: 64_000 - 160_000,
      net: -600_000 + 96_000,
    });
    expect(correction.lines).toEqual([
      expect.objectContaining({
        fee_line_id: line.id,
        gross: -750_000,
        corrects_line_id: first.lines[0]?.id,
      }),
    ]);
    const unchanged = await ok(
      api<SettlementDetail>('GET', `/settlements/${first.id}`, undefined, reader.headers),
    );
    expect(figuresOf(unchanged)).toEqual(figuresOf(first));
    expect(unchanged).toMatchObject({
      status: 'paid',
      corrections: [{ id: correction.id, status: 'draft' }],
    });
    await refused(
      step(first.id, 'correct', { reason: '再冲' }, editor.headers),
      409,
      SETTLEMENT_MESSAGES.lineAlreadyCorrected,
    );
    await refused(
      step(correction.id, 'correct', { reason: '再冲' }, editor.headers),
      409,
      SETTLEMENT_MESSAGES.notCorrectable,
    );
    // What it takes back is releasable again, after the correction is paid.
    expect((await ready(model.id))?.releasable.gross).toBe(750_000);
    await refused(
      create({ model_id: model.id }),
      409,
      SETTLEMENT_MESSAGES.unpaidCorrection(correction.number),
    );
    await ok(api('DELETE', `/settlements/${correction.id}`, undefined, editor.headers));
    expect(await ready(model.id)).toBeUndefined();
  });

  it('adds partial releases up to the line’s share to the fen, and takes back a payment undone', async () => {
    const model = await newModel('周雨', 2_500);
    // 3,333.33 yuan at 6 %: VAT 200.00, total 3,533.33.
    const line = await billedLine(model.id, modelFee(333_333));
    await clientPays(line.id, 100_000);
    const settlementLine = {
      gross: line.subtotal,
      lineTotal: line.total,
      commissionRate: 2_500,
      motherAgency: null,
    };
    const first = await ok(create({ model_id: model.id }));
    const expectedFirst = releasedShare(settlementLine, 100_000);
    expect(first).toMatchObject({
      gross: expectedFirst.gross,
      commission: expectedFirst.commission,
      income: expectedFirst.income,
    });
    await approveAndPay(first.id);
    await clientPays(line.id, line.total - 100_000);
    const second = await ok(create({ model_id: model.id }));
    const full = fullShare(settlementLine);
    expect(first.gross + second.gross).toBe(full.gross);
    expect(first.commission + second.commission).toBe(full.commission);
    expect(first.income + second.income).toBe(full.income);
    expect(first.tax + second.tax).toBe(incomeTax(full.income, RESIDENT_LABOUR).tax);

    // A payment undone after it was settled: the next release takes it back.
    const other = await newModel('吴桐');
    const unpaid = await billedLine(other.id, modelFee(100_000));
    const receipt = await clientPays(unpaid.id, 53_000);
    const settled = await ok(create({ model_id: other.id }));
    expect(settled.gross).toBe(50_000);
    const allocation = receipt.allocations[0];
    if (!allocation) throw new Error('no allocation');
    await ok(api('DELETE', `/allocations/${allocation.id}`, undefined, editor.headers));
    expect((await ready(other.id))?.releasable).toMatchObject({
      gross: -50_000,
      commission: -10_000,
      income: -40_000,
    });
    await ok(api('DELETE', `/settlements/${settled.id}`, undefined, editor.headers));
    expect(await ready(other.id)).toMatchObject({ releasable: { gross: 0 }, waiting: { gross: 100_000 } });
  });

  it('settles chosen lines and lines of a period, and pays ahead of the client at manage (an advance)', async () => {
    const model = await newModel('陈默', 2_000);
    const paidLine = await billedLine(model.id, modelFee(100_000));
    const unpaidLine = await billedLine(model.id, modelFee(200_000));
    const stranger_ = await newModel('赵青');
    const strangersLine = await billedLine(stranger_.id, modelFee(100_000));
    await clientPays(paidLine.id, paidLine.total);

    await refused(
      create({ model_id: model.id, fee_line_ids: [strangersLine.id] }),
      400,
      SETTLEMENT_MESSAGES.lineNotSettleable,
    );
    await refused(
      create({ model_id: model.id, fee_line_ids: [unpaidLine.id] }),
      409,
      SETTLEMENT_MESSAGES.lineNothingReleasable,
    );
    await refused(
      create({ model_id: model.id, period_from: '2001-01-01' }),
      400,
      SETTLEMENT_MESSAGES.periodIncomplete,
    );
    await refused(
      create({ model_id: model.id, period_from: '2001-01-01', period_to: '2001-01-31' }),
      409,
      SETTLEMENT_MESSAGES.nothingToSettle,
    );
    const byPeriod = await ok(create({ model_id: model.id, period_from: today, period_to: today }));
    expect(byPeriod).toMatchObject({ period_from: today, period_to: today, gross: 100_000 });
    await ok(api('DELETE', `/settlements/${byPeriod.id}`, undefined, editor.headers));

    // An advance needs manage; it settles the whole line and records it as paid ahead.
    const advanceBody = { model_id: model.id, fee_line_ids: [unpaidLine.id], advance: true };
    await refused(create(advanceBody), 403, SETTLEMENT_MESSAGES.advanceForbidden);
    const advance = await ok(create(advanceBody, manager.headers));
    // 1,600 yuan of income from its own job: (1,600 − 800) × 20 % = 160 yuan withheld.
    expect(advance).toMatchObject({
      has_advance: true,
      gross: 200_000,
      income: 160_000,
      tax: 16_000,
      net: 144_000,
    });
    expect(advance.lines).toEqual([expect.objectContaining({ fee_line_id: unpaidLine.id, advance: true })]);
    const afterAdvance = await ready(model.id);
    expect(afterAdvance?.lines.map((l) => l.fee_line_id)).toEqual([paidLine.id]);
    expect(afterAdvance?.waiting.gross).toBe(0);
    // The client paying later releases nothing more.
    await clientPays(unpaidLine.id, unpaidLine.total);
    expect((await ready(model.id))?.lines.map((l) => l.fee_line_id)).toEqual([paidLine.id]);
    const chosen = await ok(create({ model_id: model.id, fee_line_ids: [paidLine.id] }));
    expect(chosen).toMatchObject({ has_advance: false, gross: 100_000 });
    expect(await ready(model.id)).toBeUndefined();

    // Without a commission rate nothing is settled.
    const noRate = await newModel('无佣金', null);
    const noRateLine = await billedLine(noRate.id, modelFee(100_000));
    await clientPays(noRateLine.id, noRateLine.total);
    expect(await ready(noRate.id)).toMatchObject({ commission_rate: null });
    await refused(create({ model_id: noRate.id }), 409, SETTLEMENT_MESSAGES.commissionRateMissing);
  });

  it('shares with a mother agency, takes the deductions that fit and withholds nothing for a studio', async () => {
    const model = await ok(
      api<Model>('POST', '/models', {
        name: '宋佳',
        gender: 'female',
        commission_rate: 2_000,
        mother_agency: '东京某某经纪',
        mother_agency_rate: 1_000,
        mother_agency_basis: 'gross',
        payout_type: 'studio',
      }),
    );
    const line = await billedLine(model.id, modelFee(1_000_000));
    await clientPays(line.id, line.total);
    const deduct = (body: Record<string, unknown>) =>
      ok(api<{ id: number }>('POST', `/models/${model.id}/deductions`, body, editor.headers));
    // Oldest first while they fit in what is paid after tax: the second does not, so the third waits too.
    const advance = await deduct({
      kind: 'advance',
      occurred_on: addDays(today, -1),
      amount: 50_000,
      note: '预支',
    });
    const tooBig = await deduct({ kind: 'expense', occurred_on: today, amount: 9_000_000, note: '机票' });
    const later = await deduct({ kind: 'expense', occurred_on: today, amount: 10_000, note: '模卡' });

    // 10,000 yuan: 20 % commission, 10 % of the gross to the mother agency from the model; a studio: no tax.
    const figures = {
      gross: 1_000_000,
      commission: 200_000,
      mother_agency: 100_000,
      income: 700_000,
      tax: 0,
    };
    expect((await ready(model.id))?.releasable).toEqual({ ...figures, deductions: 50_000, net: 650_000 });
    const drafted = await ok(create({ model_id: model.id }));
    expect(drafted).toMatchObject({
      payout_type: 'studio',
      ...figures,
      mother_agency_from_model: 100_000,
      taxable: 0,
      deductions: 50_000,
      net: 650_000,
    });
    expect(drafted.lines).toEqual([
      expect.objectContaining({ mother_agency: 100_000, mother_agency_from_model: 100_000, income: 700_000 }),
    ]);
    expect(drafted.deductions_taken).toEqual([
      { id: advance.id, kind: 'advance', occurred_on: addDays(today, -1), amount: 50_000, note: '预支' },
    ]);
    const stateOf = async (state: string) =>
      (
        await ok(
          api<{ id: number }[]>(
            'GET',
            `/models/${model.id}/deductions?state=${state}`,
            undefined,
            reader.headers,
          ),
        )
      ).map((deduction) => deduction.id);
    expect(await stateOf('settled')).toEqual([advance.id]);
    expect((await stateOf('unsettled')).sort()).toEqual([tooBig.id, later.id].sort());
    await refused(api('POST', `/models/${model.id}/deductions/${advance.id}/void`, {}, editor.headers), 409);

    // Rejected: the deduction waits for the next settlement again; the next draft takes it.
    await ok(step(drafted.id, 'submit', undefined, editor.headers));
    const rejected = await ok(step(drafted.id, 'approval', { result: 'rejected', comment: '扣款有误' }));
    expect(rejected.deductions_taken).toEqual([]);
    expect(await stateOf('settled')).toEqual([]);
    await ok(api('DELETE', `/settlements/${drafted.id}`, undefined, editor.headers));
    const again = await ok(create({ model_id: model.id }));
    expect(again.deductions_taken.map((deduction) => deduction.id)).toEqual([advance.id]);
    await approveAndPay(again.id);

    // A studio is not on the month's withholding list.
    const list = await ok(
      api<Withholding>('GET', `/finance/withholding?month=${month}`, undefined, reader.headers),
    );
    expect(list.rows.map((row) => row.model.id)).not.toContain(model.id);
  });

  it('lets exactly one of 20 racing drafts of a model take its money', async () => {
    const model = await newModel('并发');
    const line = await billedLine(model.id, modelFee(100_000));
    await clientPays(line.id, line.total);
    const answers = await Promise.all(Array.from({ length: 20 }, () => create({ model_id: model.id })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(19);
    const taken = await t.database.db
      .select()
      .from(settlementLines)
      .where(inArray(settlementLines.feeLineId, [line.id]));
    expect(taken.map((row) => row.gross)).toEqual([100_000]);
  });
});
