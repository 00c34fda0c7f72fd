import { writeFile } from 'node:fs/promises';
import { fenInChineseCapitals, formatYuan } from '@trackit/contract/money';
import type { PublicSettlement, PublicSettlementLine } from '@trackit/contract/settlement-share.schema';
import { describe, expect, it } from 'vitest';
import { pdfPages, squeeze } from '../../../test/pdf-text';
import { renderSettlementPdf, settlementPdfLayout } from './settlement.pdf';

let sequence = 0;
/** A line of the model's share: 20 % commission, 10 % of the gross to the mother agency from the model. */
function line(gross: number, overrides: Partial<PublicSettlementLine> = {}): PublicSettlementLine {
  sequence += 1;
  const commission = Math.round(gross * 0.2);
  const mother = Math.round(gross * 0.1);
  return {
    order_number: `XC20261124${String(sequence).padStart(3, '0')}`,
    order_title: `秋冬大片 ${sequence}`,
    date: '2026-11-20',
    kind: 'ModelFee',
    income_category: 'labour',
    gross,
    commission,
    mother_agency_in_commission: 0,
    mother_agency: mother,
    income: gross - commission - mother,
    ...overrides,
  };
}

/** A statement whose totals are the lines' sums, taxed and less deductions. */
function statementOf(
  lines: PublicSettlementLine[],
  overrides: Partial<PublicSettlement> = {},
): PublicSettlement {
  const sum = (key: 'gross' | 'commission' | 'mother_agency_in_commission' | 'mother_agency' | 'income') =>
    lines.reduce((total, one) => total + one[key], 0);
  const income = sum('income');
  const taxable = Math.round(income * 0.8);
  const tax = Math.round(taxable * 0.2);
  const deductions = 50_000;
  return {
    agency: '上海星辰模特经纪有限公司',
    number: 'JS20261124001',
    model_name: '林晓',
    status: 'paid',
    payout_type: 'individual',
    period_from: '2026-11-01',
    period_to: '2026-11-30',
    created_on: '2026-11-24',
    tax_month: '2026-11',
    corrects: null,
    reason: null,
    lines,
    tax_residency: 'resident',
    taxes: [{ category: 'labour', income, taxable, tax }],
    deductions: [{ kind: 'advance', occurred_on: '2026-11-10', amount: deductions, note: '机票预支' }],
    totals: {
      gross: sum('gross'),
      commission: sum('commission'),
      mother_agency_in_commission: sum('mother_agency_in_commission'),
      mother_agency: sum('mother_agency'),
      income,
      taxable,
      tax,
      deductions,
      net: income - tax - deductions,
    },
    paid: { on: '2026-11-25', reference: 'CMB20261125' },
    payout_account: '招商银行 尾号 3445',
    show_client_fees: false,
    expires_at: null,
    ...overrides,
  };
}

const printedAt = new Date('2026-11-25T04:00:00Z');

describe('settlement PDF', () => {
  it('shows a mother agency paid out of the commission under 佣金, where it is taken from (issue 35 item 9)', () => {
    // 20 % commission of ¥8,250, half of it to the mother agency: ¥1,650 paid out of the ¥1,650 commission.
    const paidByAgency = line(825_000, {
      commission: 165_000,
      mother_agency_in_commission: 82_500,
      mother_agency: 0,
      income: 660_000,
    });
    const layout = settlementPdfLayout(statementOf([paidByAgency]));
    expect(layout.lines[0]?.cells.slice(4)).toEqual([
      '¥8,250.00',
      '¥1,650.00\n含母公司分成 ¥825.00',
      '¥0.00',
      '¥6,600.00',
    ]);
    expect(layout.totals.slice(0, 5)).toEqual([
      { label: '分成前金额', fen: 825_000 },
      { label: '佣金', fen: 165_000 },
      { label: '　其中母公司分成', fen: 82_500 },
      { label: '母公司分成（模特承担）', fen: 0 },
      { label: '模特收入', fen: 660_000, weight: 'medium' },
    ]);
  });

  it('writes lines whose sums are the settlement’s figures, and totals that add up to the net', () => {
    const statement = statementOf([line(1_250_000), line(333_333), line(7, { kind: 'UsageFee' })]);
    const layout = settlementPdfLayout(statement);
    const { totals } = statement;
    expect(layout.lineSums).toEqual({
      gross: totals.gross,
      commission: totals.commission,
      mother_agency_in_commission: 0,
      mother_agency: totals.mother_agency,
      income: totals.income,
    });
    // One row per line and the 合计 row, printing the sums.
    expect(layout.lines).toHaveLength(4);
    expect(layout.lines.at(-1)?.cells).toEqual([
      '合计',
      '',
      '',
      '',
      formatYuan(totals.gross),
      formatYuan(totals.commission),
      formatYuan(totals.mother_agency),
      formatYuan(totals.income),
    ]);
    const amount = (label: string) => {
      const found = layout.totals.find((total) => total.label === label);
      if (!found) throw new Error(`no total ${label}`);
      return found.fen;
    };
    expect(amount('分成前金额') - amount('佣金') - amount('母公司分成（模特承担）')).toBe(amount('模特收入'));
    expect(amount('模特收入') - amount('预扣个税') - amount('扣款')).toBe(amount('实付'));
    expect(amount('实付')).toBe(totals.net);
    expect(layout.capitals).toEqual({ label: '实付（大写）', fen: totals.net });
    expect(layout.payment).toEqual([
      ['收款账户', '招商银行 尾号 3445'],
      ['付款日期', '2026年11月25日'],
      ['付款流水号', 'CMB20261125'],
    ]);
  });

  it('prints each line’s income item, the tax per item and the residency; an unpaid tax as an estimate', async () => {
    const licence = line(2_000_000, { kind: 'UsageFee', income_category: 'royalty' });
    const day = line(500_000);
    const statement = statementOf([day, licence], {
      status: 'passed',
      paid: null,
      tax_residency: 'non_resident',
      taxes: [
        { category: 'labour', income: day.income, taxable: 280_000, tax: 8_400 },
        { category: 'royalty', income: licence.income, taxable: 1_120_000, tax: 91_000 },
      ],
    });
    const layout = settlementPdfLayout(statement);
    expect(layout.lines.map((row) => row.cells[3])).toEqual(['劳务报酬', '特许权使用费', '']);
    expect(layout.taxes.map((row) => row.cells)).toEqual([
      ['劳务报酬', formatYuan(day.income), formatYuan(280_000), formatYuan(8_400)],
      ['特许权使用费', formatYuan(licence.income), formatYuan(1_120_000), formatYuan(91_000)],
    ]);
    expect(layout.facts).toContainEqual(['纳税身份', '非居民个人']);
    expect(layout.facts).toContainEqual(['计税月份', '2026-11（预估，按付款月份计算）']);
    const text = squeeze((await pdfPages(await renderSettlementPdf(statement, printedAt))).join(''));
    for (const expected of ['代扣个人所得税', '特许权使用费', '非居民个人', '肖像授权']) {
      expect(text).toContain(squeeze(expected));
    }
    // A studio has no tax section and no residency.
    const studio = settlementPdfLayout(
      statementOf([day], { payout_type: 'studio', tax_residency: null, taxes: [] }),
    );
    expect(studio.taxes).toEqual([]);
    expect(studio.facts.map(([label]) => label)).not.toContain('纳税身份');
  });

  it('prints a correction with the settlement it corrects and what is owed back', async () => {
    const taken = line(-500_000);
    const statement = statementOf([taken], {
      number: 'JS20261125002',
      corrects: 'JS20261124001',
      reason: '客户退款',
      status: 'draft',
      paid: null,
      deductions: [],
    });
    statement.totals = {
      ...statement.totals,
      deductions: 0,
      net: statement.totals.income - statement.totals.tax,
    };
    const layout = settlementPdfLayout(statement);
    expect(layout.title).toBe('模特结算单（冲正）');
    expect(layout.facts).toContainEqual(['冲正的结算单', 'JS20261124001']);
    expect(layout.capitals).toEqual({ label: '应退回（大写）', fen: -statement.totals.net });
    const text = squeeze((await pdfPages(await renderSettlementPdf(statement, printedAt))).join(''));
    for (const expected of [
      '上海星辰模特经纪有限公司',
      '模特结算单（冲正）',
      'JS20261125002',
      'JS20261124001',
      '客户退款',
      '草稿',
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(text).toContain(`应退回（大写）：人民币${fenInChineseCapitals(-statement.totals.net)}`);
    expect(text).not.toContain('付款流水号');
  });

  it('prints the heading, every line, the deductions, the totals in capitals and the payment in Chinese', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => line(100_000 + index * 1_000));
    const statement = statementOf(lines);
    const pdf = await renderSettlementPdf(statement, printedAt);
    if (process.env.KEEP_PDF) await writeFile(process.env.KEEP_PDF, pdf);
    const pages = (await pdfPages(pdf)).map(squeeze);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]).toContain(
      '结算明细（续）订单日期项目所得项目分成前金额佣金母公司分成（模特承担）模特收入',
    );
    const text = pages.join('');
    for (const expected of [
      '模特结算单',
      'JS20261124001',
      '林晓',
      '已付款',
      '2026-11-01至2026-11-30',
      'XC20261124',
      '机票预支',
      '预扣个税',
      squeeze(formatYuan(statement.totals.net)),
      `实付（大写）：人民币${fenInChineseCapitals(statement.totals.net)}`,
      '招商银行尾号3445',
      'CMB20261125',
      `第${pages.length}页，共${pages.length}页`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const one of lines) expect(text).toContain(one.order_number);
  });
});
