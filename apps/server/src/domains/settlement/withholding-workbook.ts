/**
 * 扣缴明细 as the tax bureau's client imports it (GET /v1/finance/withholding/export, docs/product.md "Model
 * settlements"; the template matched is in docs/decisions.md "The withholding export"): the 自然人电子税务局
 * (扣缴端) takes the month's people on its 人员信息采集 sheet and each payment (次: a job's income of one item
 * in the month) on the sheet of its item, residents' under 综合所得申报 (劳务报酬, 特许权使用费) and
 * non-residents' under 非居民所得申报, the columns in the client's order with its headers (a * marks what it
 * requires). Our own summary (扣缴明细, with the tax we withheld, to check the client's figures against) is
 * the last sheet. Amounts in yuan from the answer's fen; dates as YYYY-MM-DD text, as the client reads them.
 * A payment whose month nets to nothing or less (a correction) has nothing to declare and is left out of
 * the income sheets. Written by the shared workbook writer (documents/workbook.ts).
 */
import { GENDER_LABELS } from '@trackit/contract/enums';
import type { WithholdingRow } from '@trackit/contract/settlement.schema';
import { INCOME_CATEGORY_LABELS, type IncomeCategory } from '@trackit/contract/settlement-enums';
import {
  birthDateOfIdNumber,
  ID_TYPE_LABELS,
  type IdType,
  isMainlandIdType,
  maskIdNumber,
  TAX_RESIDENCY_LABELS,
  type TaxResidency,
} from '@trackit/contract/tax-identity';
import { excelYuan, type SheetSpec, type WorkbookColumn, workbookBuffer } from '../../documents/workbook';
import { listCountries } from '../country/country.service';
import type { ModelTaxIdentity } from '../model/model.service';
import type { WithholdingPaymentRow } from './settlement.repository';
import type { WithholdingMonth } from './withholding.service';

const COUNTRY_NAMES: Readonly<Record<string, string>> = listCountries().countries;

/** The client's own names of the documents (its 证件类型 list): passports by nationality, permits by region. */
function clientIdType(type: IdType, nationality: string | null, number: string): string {
  if (type === 'passport') return nationality === 'CN' ? '中国护照' : '外国护照';
  if (type === 'hmt_residence_permit') return number.startsWith('83') ? '台湾居民居住证' : '港澳居民居住证';
  return ID_TYPE_LABELS[type];
}

/** The person's 国籍(地区) as the client names it: the document's region, else the model's nationality. */
function clientNationality(identity: ModelTaxIdentity): string {
  const { idType, idNumber } = identity;
  const region =
    idType === 'resident_id_card'
      ? 'CN'
      : idType === 'taiwan_permit' || idNumber?.startsWith('83')
        ? 'TW'
        : idType === 'hk_macao_permit' || idType === 'hmt_residence_permit'
          ? (idNumber ?? '').startsWith('M') || (idNumber ?? '').startsWith('82')
            ? 'MO'
            : 'HK'
          : identity.nationality;
  return region ? (COUNTRY_NAMES[region] ?? region) : '';
}

/** A foreigner is declared by the name on the passport (the English name when kept), the Chinese one apart. */
const isForeignDocument = (identity: ModelTaxIdentity) =>
  (identity.idType === 'passport' && identity.nationality !== 'CN') ||
  identity.idType === 'foreign_permanent_id';

/** One person of the month, as the client's 人员信息采集 sheet takes them. */
interface Person {
  identity: ModelTaxIdentity;
  /** The number as the caller may see it (masked below data_management manage). */
  idNumber: string;
}

const personName = ({ identity }: Person) =>
  isForeignDocument(identity) && identity.englishName ? identity.englishName : identity.name;

/** For people from outside the mainland (华侨、港澳台、外籍个人): what the client asks of them alone. */
const abroad = (person: Person, value: (person: Person) => string | null): string | null =>
  person.identity.idType && !isMainlandIdType(person.identity.idType) ? value(person) : null;

/** A column of a client sheet: the header as the template writes it, filled or left empty. */
const blank = <Row>(header: string, width = 10): WorkbookColumn<Row> => ({
  header,
  width,
  write: () => null,
});

/** 人员信息采集: the client's template, column for column (52), the ones a model's record fills. */
const PERSON_COLUMNS: readonly WorkbookColumn<Person>[] = [
  blank('工号'),
  { header: '*姓名', width: 16, write: personName },
  {
    header: '*证件类型',
    width: 16,
    write: ({ identity, idNumber }) =>
      identity.idType ? clientIdType(identity.idType, identity.nationality, idNumber) : null,
  },
  { header: '*证件号码', width: 22, format: 'text', write: ({ idNumber }) => idNumber },
  { header: '*国籍(地区)', width: 12, write: ({ identity }) => clientNationality(identity) },
  { header: '*性别', width: 6, write: ({ identity }) => GENDER_LABELS[identity.gender] },
  {
    header: '*出生日期',
    width: 12,
    format: 'text',
    write: ({ identity }) =>
      (identity.idType && identity.idNumber
        ? birthDateOfIdNumber(identity.idType, identity.idNumber)
        : null) ?? identity.birthday,
  },
  blank('是否高级专家'),
  { header: '人员状态', width: 8, write: () => '正常' },
  // A model paid for work is not the agency's employee (雇员): 其他.
  { header: '*任职受雇从业类型', width: 14, write: () => '其他' },
  blank('其他情况说明'),
  blank('入职年度就业情形'),
  { header: '手机号码', width: 14, format: 'text', write: ({ identity }) => identity.mobile },
  blank('任职受雇从业日期'),
  blank('离职日期'),
  blank('是否离职后补发工资'),
  blank('实际补发工资的月份'),
  blank('是否残疾'),
  blank('是否烈属'),
  blank('是否孤老'),
  blank('残疾证件类型'),
  blank('残疾证号'),
  blank('烈属证号'),
  blank('是否扣除减除费用'),
  blank('个人投资额'),
  blank('个人投资比例(%)'),
  blank('备注'),
  {
    header: '中文名',
    width: 10,
    write: (person) =>
      isForeignDocument(person.identity) && person.identity.englishName ? person.identity.name : null,
  },
  // A model's job for the agency is temporary work: 提供临时劳务.
  { header: '涉税事由', width: 12, write: (person) => abroad(person, () => '提供临时劳务') },
  {
    header: '出生国家(地区)',
    width: 12,
    write: (person) => abroad(person, ({ identity }) => clientNationality(identity)),
  },
  {
    header: '首次入境时间',
    width: 12,
    format: 'text',
    write: (person) => abroad(person, ({ identity }) => identity.firstEntryDate),
  },
  {
    header: '预计离境时间',
    width: 12,
    format: 'text',
    write: (person) => abroad(person, ({ identity }) => identity.expectedDepartureDate),
  },
  ...[
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
  ].map((header) => blank<Person>(header)),
];

/** One payment of the month as an income sheet takes it: the person, the job, the month's income of it. */
interface Payment {
  person: Person;
  row: WithholdingPaymentRow;
}

const money = (header: string, value: (payment: Payment) => number | null): WorkbookColumn<Payment> => ({
  header,
  width: 14,
  format: 'money',
  write: (payment) => excelYuan(value(payment)),
});

/** The payment's first columns, shared by every income sheet: who was paid. */
const PAYEE_COLUMNS: readonly WorkbookColumn<Payment>[] = [
  blank('工号'),
  { header: '*姓名', width: 16, write: ({ person }) => personName(person) },
  {
    header: '*证件类型',
    width: 16,
    write: ({ person }) =>
      person.identity.idType
        ? clientIdType(person.identity.idType, person.identity.nationality, person.idNumber)
        : null,
  },
  { header: '*证件号码', width: 22, format: 'text', write: ({ person }) => person.idNumber },
];

/** 备注: which job and settlements the payment is, so a row of the return leads back to them. */
const NOTE: WorkbookColumn<Payment> = {
  header: '备注',
  width: 36,
  write: ({ row }) => `订单 ${row.orderNumber}；结算单 ${row.numbers.join('、')}`,
};

/** The client's item within 劳务报酬所得: a model's day of work is 一般劳务报酬所得. */
const LABOUR_ITEM: WorkbookColumn<Payment> = {
  header: '*所得项目',
  width: 16,
  write: () => '一般劳务报酬所得',
};

const income = money('本期收入', ({ row }) => row.income);

/**
 * An income sheet's columns: who was paid, the item within 劳务报酬所得 (its sheet only), 本期收入, the
 * deductions and reliefs the client asks (a model's pay has none of them: left empty), 备注.
 */
const incomeColumns = (labour: boolean, empties: readonly string[]): WorkbookColumn<Payment>[] => [
  ...PAYEE_COLUMNS,
  ...(labour ? [LABOUR_ITEM] : []),
  income,
  ...empties.map((header) => blank<Payment>(header)),
  NOTE,
];

/** What residents' 综合所得 sheets ask after 本期免税收入 (and 劳务报酬's 累计个人养老金, for 连续劳务). */
const RESIDENT_DEDUCTIONS = [
  '商业健康保险',
  '税延养老保险',
  '其他',
  '允许扣除的税费',
  '减免税额',
  '协定减免',
];
/** What 非居民所得申报 asks beyond the income. */
const NON_RESIDENT_EMPTIES = ['本期免税收入', '允许扣除的税费', '减免税额', '协定减免'];

/**
 * The income sheets, by residency and item: 综合所得申报's 劳务报酬 and 特许权使用费 for residents (预扣预缴),
 * 非居民所得申报's for non-residents (代扣代缴).
 */
const INCOME_SHEETS: readonly {
  name: string;
  residency: TaxResidency;
  category: IncomeCategory;
  columns: readonly WorkbookColumn<Payment>[];
}[] = [
  {
    name: '劳务报酬',
    residency: 'resident',
    category: 'labour',
    columns: incomeColumns(true, ['本期免税收入', '累计个人养老金', ...RESIDENT_DEDUCTIONS]),
  },
  {
    name: '特许权使用费',
    residency: 'resident',
    category: 'royalty',
    columns: incomeColumns(false, ['本期免税收入', ...RESIDENT_DEDUCTIONS]),
  },
  {
    name: '非居民劳务报酬',
    residency: 'non_resident',
    category: 'labour',
    columns: incomeColumns(true, NON_RESIDENT_EMPTIES),
  },
  {
    name: '非居民特许权使用费',
    residency: 'non_resident',
    category: 'royalty',
    columns: incomeColumns(false, NON_RESIDENT_EMPTIES),
  },
];

/** A row of our own summary: a model's item and residency, or the totals (no model). */
type SummaryRow = Pick<WithholdingRow, 'income' | 'taxable' | 'tax'> & { row: WithholdingRow | null };

const summaryMoney = (header: string, figure: 'income' | 'taxable' | 'tax'): WorkbookColumn<SummaryRow> => ({
  header,
  width: 16,
  format: 'money',
  write: (row) => excelYuan(row[figure]),
});

const SUMMARY_COLUMNS: readonly WorkbookColumn<SummaryRow>[] = [
  { header: '姓名', width: 14, write: ({ row }) => (row ? row.model.name : '合计') },
  { header: '证件类型', width: 16, write: ({ row }) => (row?.id_type ? ID_TYPE_LABELS[row.id_type] : '') },
  { header: '证件号码', width: 22, format: 'text', write: ({ row }) => row?.id_number ?? '' },
  { header: '纳税身份', width: 12, write: ({ row }) => (row ? TAX_RESIDENCY_LABELS[row.tax_residency] : '') },
  {
    header: '所得项目',
    width: 14,
    write: ({ row }) => (row ? INCOME_CATEGORY_LABELS[row.income_category] : ''),
  },
  { header: '次数', width: 8, write: ({ row }) => row?.payments ?? null },
  summaryMoney('收入额', 'income'),
  summaryMoney('应纳税所得额', 'taxable'),
  summaryMoney('已扣缴税额', 'tax'),
  { header: '结算单', width: 32, write: ({ row }) => row?.settlements.join('、') ?? '' },
];

/** The month's workbook: 人员信息采集, the four income sheets, then 扣缴明细 (ours). */
export function buildWithholdingWorkbook(month: WithholdingMonth, exportedAt: Date): Promise<Buffer> {
  const people = new Map<number, Person>();
  for (const payment of month.payments) {
    const identity = month.identities.get(payment.modelId);
    if (!identity || people.has(payment.modelId)) continue;
    const number = identity.idNumber ?? '';
    people.set(payment.modelId, {
      identity,
      idNumber: month.showIdNumber || !number ? number : maskIdNumber(number),
    });
  }
  const paymentsOf = (residency: TaxResidency, category: IncomeCategory): Payment[] =>
    month.payments.flatMap((row) => {
      const person = people.get(row.modelId);
      return person && row.residency === residency && row.category === category && row.income > 0
        ? [{ person, row }]
        : [];
    });
  const { list } = month;
  const sheets: SheetSpec<Person | Payment | SummaryRow>[] = [
    { name: '人员信息采集', columns: PERSON_COLUMNS, rows: [...people.values()] },
    ...INCOME_SHEETS.map((sheet) => ({
      name: sheet.name,
      columns: sheet.columns,
      rows: paymentsOf(sheet.residency, sheet.category),
    })),
    {
      name: `扣缴明细（${list.month}）`,
      columns: SUMMARY_COLUMNS,
      rows: [...list.rows.map((row) => ({ row, ...row })), { row: null, ...list.totals }],
    },
  ];
  return workbookBuffer(sheets, { createdAt: exportedAt });
}
