import { addDays, businessMonth } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import type { SettlementDetail, Withholding } from '@trackit/contract/settlement.schema';
import { maskIdNumber } from '@trackit/contract/tax-identity';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, uniqueIdNumber, usageFee } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers } from '../../test/finance-factory';
import { download, readWorkbook, sheetRows } from '../../test/spreadsheets';

/** The client's 人员信息采集 template, column for column. */
const PERSON_HEADERS = [
  '工号',
  '*姓名',
  '*证件类型',
  '*证件号码',
  '*国籍(地区)',
  '*性别',
  '*出生日期',
  '是否高级专家',
  '人员状态',
  '*任职受雇从业类型',
  '其他情况说明',
  '入职年度就业情形',
  '手机号码',
  '任职受雇从业日期',
  '离职日期',
  '是否离职后补发工资',
  '实际补发工资的月份',
  '是否残疾',
  '是否烈属',
  '是否孤老',
  '残疾证件类型',
  '残疾证号',
  '烈属证号',
  '是否扣除减除费用',
  '个人投资额',
  '个人投资比例(%)',
  '备注',
  '中文名',
  '涉税事由',
  '出生国家(地区)',
  '首次入境时间',
  '预计离境时间',
  '其他证件类型',
  '其他证件号码',
  '户籍所在地（省）',
  '户籍所在地（市）',
  '户籍所在地（区县）',
  '户籍所在地（详细地址）',
  '经常居住地（省）',
  '经常居住地（市）',
  '经常居住地（区县）',
  '经常居住地（详细地址）',
  '联系地址（省）',
  '联系地址（市）',
  '联系地址（区县）',
  '联系地址（详细地址）',
  '电子邮箱',
  '学历',
  '开户银行',
  '银行账号',
  '开户行省份',
  '职务',
];
const PAYEE = ['工号', '*姓名', '*证件类型', '*证件号码'];

/**
 * The month's withholding export read back (docs/decisions.md "The withholding export"): the tax client's
 * sheets in order, their headers column for column, one person per model and one row per payment (a job's
 * income of one item), residents and non-residents apart, masked IDs below data_management manage.
 */
describe('the withholding export (扣缴端导入)', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let month: string;
  let resident: Model;
  let foreigner: Model;
  let residentId: string;
  const orders: Record<string, string> = {};
  const numbers: Record<string, string> = {};

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);
  /** Every fee of a billed order of the model paid by the client, settled, approved and paid today. */
  const settleOrder = async (key: string, modelId: number, fees: unknown[]) => {
    const order = await team.billedOrder(fees, { modelId, title: key });
    orders[key] = order.number;
    for (const line of order.lines) {
      await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    }
    const drafted = await ok(
      api<SettlementDetail>(
        'POST',
        '/settlements',
        { model_id: modelId, fee_line_ids: order.lines.map((line) => line.id) },
        team.editor.headers,
      ),
    );
    await ok(api('POST', `/settlements/${drafted.id}/submit`, undefined, team.editor.headers));
    await ok(api('POST', `/settlements/${drafted.id}/approval`, { result: 'passed' }, team.manager.headers));
    await ok(
      api(
        'POST',
        `/settlements/${drafted.id}/pay`,
        { paid_on: team.today, reference: `CMB${drafted.id}`, team_recipient_id: team.general.id },
        team.manager.headers,
      ),
    );
    numbers[key] = drafted.number;
  };
  const exported = async (headers: Headers) => {
    const file = await download(t, `/v1/finance/withholding/export?month=${month}`, headers);
    expect(file.status).toBe(200);
    return readWorkbook(file.bytes);
  };
  const rowsOf = (book: ExcelJS.Workbook, name: string) => {
    const sheet = book.getWorksheet(name);
    if (!sheet) throw new Error(`no sheet ${name}`);
    return sheetRows(sheet);
  };
  const empty = (count: number) => Array.from({ length: count }, () => null);

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
    month = businessMonth(t.clock.now());
    residentId = uniqueIdNumber();
    resident = await ok(
      api<Model>('POST', '/models', {
        name: '林晓',
        gender: 'female',
        commission_rate: 2_000,
        mobile: '13911110000',
        id_number: residentId,
      }),
    );
    foreigner = await ok(
      api<Model>('POST', '/models', {
        name: '安娜',
        english_name: 'Anna Berg',
        gender: 'female',
        nationality: 'SE',
        birthday: '1999-04-02',
        commission_rate: 2_000,
        id_type: 'passport',
        id_number: 'P12345678',
        tax_residency: 'non_resident',
        first_entry_date: addDays(team.today, -10),
        expected_departure_date: addDays(team.today, 50),
      }),
    );
    // The resident: two jobs of day fees (two payments, each its own 800 yuan) and one usage licence.
    await settleOrder('day1', resident.id, [modelFee(250_000)]);
    await settleOrder('day2', resident.id, [modelFee(500_000)]);
    await settleOrder('licence', resident.id, [usageFee(1_000_000, team.today, addDays(team.today, 364))]);
    // The foreigner: a day fee, withheld as a non-resident.
    await settleOrder('abroad', foreigner.id, [modelFee(1_250_000)]);
  });
  afterAll(() => t.close());

  it('writes the tax client’s sheets in order, with their headers', async () => {
    const book = await exported(team.owner.headers);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      '人员信息采集',
      '劳务报酬',
      '特许权使用费',
      '非居民劳务报酬',
      '非居民特许权使用费',
      `扣缴明细（${month}）`,
    ]);
    expect(rowsOf(book, '人员信息采集')[0]).toEqual(PERSON_HEADERS);
    const after = [
      '本期免税收入',
      '累计个人养老金',
      '商业健康保险',
      '税延养老保险',
      '其他',
      '允许扣除的税费',
    ];
    expect(rowsOf(book, '劳务报酬')[0]).toEqual([
      ...PAYEE,
      '*所得项目',
      '本期收入',
      ...after,
      '减免税额',
      '协定减免',
      '备注',
    ]);
    expect(rowsOf(book, '特许权使用费')[0]).toEqual([
      ...PAYEE,
      '本期收入',
      ...after.filter((header) => header !== '累计个人养老金'),
      '减免税额',
      '协定减免',
      '备注',
    ]);
    expect(rowsOf(book, '非居民劳务报酬')[0]).toEqual([
      ...PAYEE,
      '*所得项目',
      '本期收入',
      '本期免税收入',
      '允许扣除的税费',
      '减免税额',
      '协定减免',
      '备注',
    ]);
  });

  it('lists each person once and each payment on the sheet of its item and residency', async () => {
    const book = await exported(team.owner.headers);
    const people = rowsOf(book, '人员信息采集').slice(1);
    expect(people).toHaveLength(2);
    const byName = new Map(people.map((row) => [row[1], row]));
    const linxiao = byName.get('林晓');
    // A 居民身份证: 中国, the birth date from the number, 其他 (not an employee), no entry dates.
    expect(linxiao?.slice(0, 10)).toEqual([
      null,
      '林晓',
      '居民身份证',
      residentId,
      '中国',
      '女',
      `${residentId.slice(6, 10)}-${residentId.slice(10, 12)}-${residentId.slice(12, 14)}`,
      null,
      '正常',
      '其他',
    ]);
    expect(linxiao?.[12]).toBe('13911110000');
    expect(linxiao?.slice(27, 32)).toEqual(empty(5));
    // A foreigner: the passport's name, the Chinese one apart, the reason and the stay in China.
    const anna = byName.get('Anna Berg');
    expect(anna?.slice(1, 7)).toEqual(['Anna Berg', '外国护照', 'P12345678', '瑞典', '女', '1999-04-02']);
    expect(anna?.slice(27, 32)).toEqual([
      '安娜',
      '提供临时劳务',
      '瑞典',
      addDays(team.today, -10),
      addDays(team.today, 50),
    ]);

    // The resident's two jobs are two payments of 劳务报酬; the licence one of 特许权使用费.
    const labour = rowsOf(book, '劳务报酬').slice(1);
    expect(labour).toEqual([
      [
        null,
        '林晓',
        '居民身份证',
        residentId,
        '一般劳务报酬所得',
        2_000,
        ...empty(8),
        `订单 ${orders.day1}；结算单 ${numbers.day1}`,
      ],
      [
        null,
        '林晓',
        '居民身份证',
        residentId,
        '一般劳务报酬所得',
        4_000,
        ...empty(8),
        `订单 ${orders.day2}；结算单 ${numbers.day2}`,
      ],
    ]);
    expect(rowsOf(book, '特许权使用费').slice(1)).toEqual([
      [
        null,
        '林晓',
        '居民身份证',
        residentId,
        8_000,
        ...empty(7),
        `订单 ${orders.licence}；结算单 ${numbers.licence}`,
      ],
    ]);
    expect(rowsOf(book, '非居民劳务报酬').slice(1)).toEqual([
      [
        null,
        'Anna Berg',
        '外国护照',
        'P12345678',
        '一般劳务报酬所得',
        10_000,
        ...empty(4),
        `订单 ${orders.abroad}；结算单 ${numbers.abroad}`,
      ],
    ]);
    expect(rowsOf(book, '非居民特许权使用费').slice(1)).toEqual([]);

    // Our summary: per person (by pinyin), item and residency, with what we withheld, and the month's total.
    const list = await ok(api<Withholding>('GET', `/finance/withholding?month=${month}`));
    const summary = rowsOf(book, `扣缴明细（${month}）`);
    expect(summary[0]).toEqual([
      '姓名',
      '证件类型',
      '证件号码',
      '纳税身份',
      '所得项目',
      '次数',
      '收入额',
      '应纳税所得额',
      '已扣缴税额',
      '结算单',
    ]);
    // 2,000 → 240; 4,000 → 640; the licence 8,000 → 6,400 × 20 % = 1,280; the foreigner 8,000 × 10 % − 210.
    expect(summary.slice(1, -1)).toEqual([
      ['安娜', '护照', 'P12345678', '非居民个人', '劳务报酬', 1, 10_000, 8_000, 590, numbers.abroad],
      [
        '林晓',
        '居民身份证',
        residentId,
        '居民个人',
        '劳务报酬',
        2,
        6_000,
        4_400,
        880,
        `${[numbers.day1, numbers.day2].sort().join('、')}`,
      ],
      ['林晓', '居民身份证', residentId, '居民个人', '特许权使用费', 1, 8_000, 6_400, 1_280, numbers.licence],
    ]);
    expect(summary.at(-1)).toEqual(['合计', '', '', '', '', null, 24_000, 18_800, 2_750, '']);
    expect(list.totals).toEqual({ income: 2_400_000, taxable: 1_880_000, tax: 275_000 });
    expect(list.by_category).toEqual([
      { income_category: 'labour', income: 1_600_000, taxable: 1_240_000, tax: 147_000 },
      { income_category: 'royalty', income: 800_000, taxable: 640_000, tax: 128_000 },
    ]);
  });

  it('masks the ID numbers for a reader who may not see them', async () => {
    const book = await exported(team.reader.headers);
    const numbersIn = (name: string) =>
      rowsOf(book, name)
        .slice(1)
        .map((row) => row[3]);
    expect(numbersIn('人员信息采集').sort()).toEqual(
      [maskIdNumber('P12345678'), maskIdNumber(residentId)].sort(),
    );
    expect(numbersIn('劳务报酬')).toEqual([maskIdNumber(residentId), maskIdNumber(residentId)]);
    const text = JSON.stringify(book.worksheets.map(sheetRows));
    expect(text).not.toContain(residentId);
    expect(text).not.toContain('P12345678');
  });
});
