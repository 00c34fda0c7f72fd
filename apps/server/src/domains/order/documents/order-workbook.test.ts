import { orderTotals } from '@trackit/contract/money';
import type { OrderListItem } from '@trackit/contract/order.schema';
import { describe, expect, it } from 'vitest';
import { readWorkbook, sheetRows } from '../../../test/spreadsheets';
import { buildOrderWorkbook } from './order-workbook';

const { totals } = orderTotals([
  {
    model_id: 1,
    fees: [
      { kind: 'ModelFee', amount: 350_005, quantity: 2, tax_rate: 6 },
      { kind: 'UsageFee', amount: 1_200_000, tax_rate: 6 },
    ],
  },
]);

const confirmed: OrderListItem = {
  id: 1,
  number: 'XC20261124001',
  status: 'completed',
  approval_status: 'passed',
  company: { id: 3, name: '上海青禾服饰有限公司' },
  contact: { id: 4, name: '王珊' },
  brand: '青禾',
  job_type: 'lookbook',
  title: '秋冬新品 Lookbook 拍摄',
  first_date: '2026-11-01',
  last_date: '2026-11-03',
  owner: { id: 9, nickname: '周楠' },
  fees_visible: true,
  totals,
  created_at: '2026-10-20T16:30:00.000Z',
  updated_at: '2026-10-21T02:00:00.000Z',
  day_count: 3,
  models: [
    { model_id: 1, name: '林小雨' },
    { model_id: 2, name: 'Bella' },
  ],
};

const hidden: OrderListItem = {
  ...confirmed,
  id: 2,
  number: 'XC20261124002',
  status: 'draft',
  approval_status: null,
  company: null,
  job_type: null,
  title: '',
  brand: '',
  first_date: null,
  last_date: null,
  owner: null,
  fees_visible: false,
  totals: null,
  day_count: 0,
  models: [],
};

describe('order workbook', () => {
  it('lists each order with labels, dates and yuan amounts, read back as written', async () => {
    const exportedAt = new Date('2026-11-24T02:00:00Z');
    const workbook = await readWorkbook(await buildOrderWorkbook([confirmed, hidden], exportedAt));
    const sheet = workbook.getWorksheet('订单');
    if (!sheet) throw new Error('sheet expected');
    const [header, first, second] = sheetRows(sheet);
    expect(header).toEqual([
      '编号',
      '状态',
      '审批',
      '公司',
      '标题',
      '品牌',
      '工作类型',
      '首日',
      '末日',
      '天数',
      '模特',
      '负责人',
      '不含税金额',
      '税额',
      '合计',
      '创建时间',
    ]);
    // 3,500.05 × 2 + 12,000 = 19,000.10; tax 6% of each line: 420.01 + 720.
    expect(totals).toMatchObject({ subtotal: 1_900_010, tax: 114_001, total: 2_014_011 });
    expect(first).toEqual([
      'XC20261124001',
      '已完成',
      '已同意',
      '上海青禾服饰有限公司',
      '秋冬新品 Lookbook 拍摄',
      '青禾',
      'Lookbook',
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-03T00:00:00Z'),
      3,
      '林小雨、Bella',
      '周楠',
      19_000.1,
      1_140.01,
      20_140.11,
      // 16:30 UTC is 00:30 the next day in China.
      new Date('2026-10-21T00:30:00Z'),
    ]);
    expect(second?.slice(0, 4)).toEqual(['XC20261124002', '草稿', '', '']);
    // No amounts for an order whose fees the caller may not see.
    expect(second?.slice(12, 15)).toEqual([null, null, null]);
    expect(sheet.getRow(2).getCell(13).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(8).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(workbook.created).toEqual(exportedAt);
  });

  it('gives a header row alone for no orders', async () => {
    const workbook = await readWorkbook(await buildOrderWorkbook([], new Date()));
    const sheet = workbook.getWorksheet('订单');
    expect(sheet ? sheetRows(sheet) : []).toHaveLength(1);
  });
});
