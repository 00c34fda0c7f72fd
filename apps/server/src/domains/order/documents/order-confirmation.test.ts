import { writeFile } from 'node:fs/promises';
import { fenInChineseCapitals, formatYuan, lineTotals, orderTotals } from '@trackit/contract/money';
import type { FeeLine, Order, OrderModel } from '@trackit/contract/order.schema';
import { feeDescription } from '@trackit/contract/order-text';
import { describe, expect, it } from 'vitest';
import { pdfPages, squeeze } from '../../../test/pdf-text';
import { confirmationParty, renderOrderConfirmation } from './order-confirmation.pdf';

let lineId = 0;
function modelFee(amount: number, quantity: number, taxRate: 0 | 6, note = ''): FeeLine {
  lineId += 1;
  const figures = lineTotals({ kind: 'ModelFee', amount, quantity, tax_rate: taxRate });
  return {
    id: lineId,
    kind: 'ModelFee',
    amount,
    unit: 'day',
    quantity,
    tax_rate: taxRate,
    note,
    media: null,
    territory: null,
    start_date: null,
    end_date: null,
    renewal: null,
    payment_status: 'unpaid',
    ...figures,
  };
}

function usageFee(amount: number): FeeLine {
  lineId += 1;
  return {
    id: lineId,
    kind: 'UsageFee',
    amount,
    unit: null,
    quantity: null,
    tax_rate: 6,
    note: '',
    media: '电商详情页及社交媒体',
    territory: '中国大陆',
    start_date: '2026-12-01',
    end_date: '2027-11-30',
    renewal: 'automatically',
    payment_status: 'unpaid',
    ...lineTotals({ kind: 'UsageFee', amount, tax_rate: 6 }),
  };
}

function model(modelId: number, name: string, englishName: string | null, fees: FeeLine[]): OrderModel {
  return {
    model_id: modelId,
    name,
    english_name: englishName,
    cover_thumb_url: null,
    fees,
    totals: null,
  };
}

/** An order as GET /v1/orders/{id} answers it, its totals from the contract. */
function orderOf(models: OrderModel[], overrides: Partial<Order> = {}): Order {
  const computed = orderTotals(models);
  return {
    id: 7,
    number: 'XC20261124003',
    status: 'confirmed',
    approval_status: 'passed',
    company: { id: 1, name: '上海青禾服饰有限公司' },
    contact: { id: 2, name: '王珊' },
    brand: '青禾',
    job_type: 'lookbook',
    title: '秋冬新品 Lookbook 拍摄',
    first_date: '2026-12-01',
    last_date: '2026-12-02',
    owner: null,
    fees_visible: true,
    totals: computed.totals,
    created_at: '2026-11-24T02:00:00.000Z',
    updated_at: '2026-11-24T02:00:00.000Z',
    place: '上海市徐汇区漕溪北路 88 号 3 号棚',
    notes: '请模特提前 30 分钟到场。\n妆发由客户安排。',
    days: [
      { date: '2026-12-01', start_time: '09:00', end_time: '18:00' },
      { date: '2026-12-02', start_time: '10:00', end_time: '16:30' },
    ],
    models: models.map((entry, index) => ({ ...entry, totals: computed.models[index]?.totals ?? null })),
    hold_until: null,
    cancel_reason: null,
    team_recipient_id: null,
    team_recipient: null,
    renewal_of: null,
    attachments: [],
    approvals: [],
    entries: [],
    can: {
      edit: false,
      submit: false,
      approve: false,
      confirm: false,
      cancel: false,
      bill: false,
      attach: false,
      export: true,
    },
    submitted_at: null,
    confirmed_at: null,
    billed_at: null,
    cancelled_at: null,
    payment_state: null,
    ...overrides,
  };
}

const team = confirmationParty('星辰模特经纪', null);
// 2026-11-24 20:00 in Shanghai is still the 24th there, whatever the machine's zone.
const printedAt = new Date('2026-11-24T12:00:00Z');

describe('order confirmation PDF', () => {
  it('prints the job, the days, the fees and the totals in Chinese', async () => {
    const order = orderOf([model(1, '林小雨', 'Lin Xiaoyu', [modelFee(350_000, 2, 6), usageFee(1_200_000)])]);
    const pdf = await renderOrderConfirmation(order, team, printedAt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = squeeze(pages.join(''));
    for (const expected of [
      '星辰模特经纪',
      '订单确认单',
      'XC20261124003',
      '打印日期：2026年11月24日',
      '上海青禾服饰有限公司',
      '王珊',
      '青禾',
      'Lookbook',
      '秋冬新品Lookbook拍摄',
      '上海市徐汇区漕溪北路88号3号棚',
      '2026-12-01（周二）09:00–18:00',
      '2026-12-02（周三）10:00–16:30',
      '林小雨',
      'LinXiaoyu',
      '¥3,500.00×2天',
      // The licence's terms wrap within their cell, beside the figures.
      '肖像授权电商详情页及社交媒体，中国大陆，',
      '2026-12-01至2027-11-30，自动续约',
      '请模特提前30分钟到场。',
      '妆发由客户安排。',
      '客户（甲方）',
      '经纪方（乙方）：星辰模特经纪',
      '签字：',
      '盖章：',
      '第1页，共1页',
    ]) {
      expect(text).toContain(expected);
    }
    // 7,000 + 12,000 before tax, 6% on each: 20,140.00 in all.
    expect(order.totals?.total).toBe(2_014_000);
    expect(text).toContain(squeeze(formatYuan(1_900_000)));
    expect(text).toContain(squeeze(formatYuan(114_000)));
    expect(text).toContain(squeeze(formatYuan(2_014_000)));
    expect(text).toContain(`人民币${fenInChineseCapitals(2_014_000)}`);
    expect(text).toContain('贰万零壹佰肆拾元整');
  });

  it('leaves every amount out when the caller may not see the fees', async () => {
    const order = orderOf([model(1, '林小雨', null, []), model(2, '周雨', null, [])], {
      fees_visible: false,
      totals: null,
    });
    const text = squeeze((await pdfPages(await renderOrderConfirmation(order, team, printedAt))).join(''));
    expect(text).toContain('林小雨、周雨');
    expect(text).toContain('XC20261124003');
    expect(text).not.toContain('¥');
    expect(text).not.toContain('税额');
    expect(text).not.toContain('大写');
  });

  it('carries a long table over to a second page with its header repeated', async () => {
    const lines = (count: number, base: number) =>
      Array.from({ length: count }, (_, index) =>
        modelFee(base + index * 1000, 1 + (index % 3), index % 2 === 0 ? 6 : 0, `第 ${index + 1} 项`),
      );
    const order = orderOf([
      model(1, '林小雨', 'Lin Xiaoyu', lines(8, 200_000)),
      model(2, '周雨', null, [...lines(14, 150_000), usageFee(800_000)]),
      model(3, 'Bella', 'Bella Wang', lines(5, 300_000)),
    ]);
    const pdf = await renderOrderConfirmation(order, team, printedAt);
    if (process.env.KEEP_PDF) await writeFile(process.env.KEEP_PDF, pdf);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    const [first = '', second = ''] = pages.map(squeeze);
    expect(first).toContain('第1页，共2页');
    expect(second).toContain('第2页，共2页');
    // A model's table that runs over says so, and its columns are named again.
    expect(second).toMatch(/（续）项目说明税率不含税金额税额合计/);
    const all = first + second;
    for (const name of ['林小雨', '周雨', 'Bella']) expect(all).toContain(name);
    const totals = order.totals;
    if (!totals) throw new Error('totals expected');
    expect(second).toContain(squeeze(formatYuan(totals.total)));
    expect(second).toContain(fenInChineseCapitals(totals.total));
    for (const entry of order.models) {
      if (entry.totals) expect(all).toContain(squeeze(formatYuan(entry.totals.total)));
    }
    expect(second).toContain('经纪方（乙方）：星辰模特经纪');
  });
});

describe('the payee entity on the confirmation', () => {
  it('names the entity, its credit code and its account grouped by four instead of the team', async () => {
    const party = confirmationParty('星辰模特经纪', {
      name: '上海星辰模特经纪有限公司',
      creditCode: '91310106MA1FY4XK3E',
      bank: 'cmb',
      bankName: null,
      branch: '上海静安支行',
      accountNumber: '121909876510201',
    });
    const order = orderOf([model(1, '林小雨', null, [modelFee(350_000, 1, 6)])]);
    const text = squeeze((await pdfPages(await renderOrderConfirmation(order, party, printedAt))).join(''));
    expect(text).toContain('收款信息');
    expect(text).toContain('91310106MA1FY4XK3E');
    expect(text).toContain(squeeze('招商银行 上海静安支行'));
    expect(text).toContain(squeeze('1219 0987 6510 201'));
    expect(text).toContain('经纪方（乙方）：上海星辰模特经纪有限公司');
    expect(text).not.toContain('经纪方（乙方）：星辰模特经纪');
  });

  it('prints a bank outside the list by the name written for it', () => {
    const party = confirmationParty('星辰模特经纪', {
      name: '上海星辰模特经纪有限公司',
      creditCode: '91310106MA1FY4XK3E',
      bank: 'other',
      bankName: '上海农商银行',
      branch: '静安支行',
      accountNumber: '121909876510201',
    });
    expect(party.payee?.bank).toBe('上海农商银行 静安支行');
  });

  it('falls back to the team name without an entity, and prints no account', async () => {
    const order = orderOf([model(1, '林小雨', null, [modelFee(350_000, 1, 6)])]);
    const text = squeeze((await pdfPages(await renderOrderConfirmation(order, team, printedAt))).join(''));
    expect(text).toContain('经纪方（乙方）：星辰模特经纪');
    expect(text).not.toContain('收款信息');
  });
});

describe('fee descriptions', () => {
  it('say the unit price and quantity, or the licence terms, with the note', () => {
    expect(feeDescription(modelFee(150_050, 1.5, 0, '含试装'))).toBe('¥1,500.50 × 1.5 天（含试装）');
    expect(feeDescription({ ...usageFee(100), renewal: 'not_renew' })).toBe(
      '电商详情页及社交媒体，中国大陆，2026-12-01 至 2027-11-30，不续约',
    );
  });
});
