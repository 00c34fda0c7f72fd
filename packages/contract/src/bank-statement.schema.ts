/**
 * Bank statement import (银行流水导入, docs/product.md "Bank statement import"): a bank's statement export
 * (CSV or .xlsx) of one of the team's payee entities' accounts is read, its credits kept as lines (a line
 * seen before is recognised by its key and not kept twice), and each credit is matched by a person to a
 * client and its open invoices, then recorded as a receipt with its allocations in one step. The banks
 * whose exports are recognised by their headers, the column mapping for any other, the bodies and answers.
 */
import { z } from 'zod';
import { idQuerySchema, idSchema, pageQuerySchema } from './envelope';
import { textSchema } from './patterns';
import { allocationCreateSchema, RECEIPT_LIMITS } from './receipt.schema';

export const BANK_STATEMENT_LIMITS = {
  /** Size of the uploaded file: a year of a busy account's lines is well under 1 MB. */
  bytes: 5 * 1024 * 1024,
  /** Rows read below the header (debits included). */
  rows: 5000,
  /** Rows above the header a bank's export may carry (账号, 户名, 起止日期 …). */
  headerSearchRows: 30,
  /** Columns read. */
  columns: 60,
  /** Characters kept of a cell; a longer one is cut (a bank's 附言 is far shorter). */
  cellChars: 500,
  payerName: RECEIPT_LIMITS.payerName,
  payerAccount: 64,
  summary: 200,
  serial: 64,
  fileName: 200,
} as const;

/** The banks whose exports are recognised by their headers; `mapped` is any other, read by a mapping. */
export const BANK_FORMATS = ['icbc', 'cmb', 'ccb', 'mapped'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];
export const BANK_FORMAT_LABELS: Readonly<Record<BankFormat, string>> = {
  icbc: '工商银行',
  cmb: '招商银行',
  ccb: '建设银行',
  mapped: '其他银行（按列对应）',
};

/**
 * What a column holds. A credit is read from `credit` (贷方) or, in an export with one signed amount column,
 * from `amount` (positive, or marked 贷 by `direction`).
 */
export const BANK_COLUMN_ROLES = [
  'date',
  'credit',
  'debit',
  'amount',
  'direction',
  'payer_name',
  'payer_account',
  'summary',
  'remark',
  'serial',
] as const;
export type BankColumnRole = (typeof BANK_COLUMN_ROLES)[number];
export const BANK_COLUMN_ROLE_LABELS: Readonly<Record<BankColumnRole, string>> = {
  date: '交易日期',
  credit: '贷方金额（收入）',
  debit: '借方金额（支出）',
  amount: '交易金额（收正付负）',
  direction: '借贷标志',
  payer_name: '对方户名',
  payer_account: '对方账号',
  summary: '摘要',
  remark: '用途 / 附言',
  serial: '流水号',
};

/** A bank's export: the headers of each role (the first found is read), and those that identify it. */
export interface BankProfile {
  readonly format: Exclude<BankFormat, 'mapped'>;
  /** All present (as the bank writes them, compared by `headerKey`): the file is this bank's. */
  readonly identify: readonly string[];
  readonly columns: Readonly<Partial<Record<BankColumnRole, readonly string[]>>>;
}

/**
 * The headers of the big banks' account-detail exports (企业网银 明细查询 → 导出), as their files write them.
 * 工商银行: 凭证号 本方账号 对方账号 交易时间 借/贷 借方发生额 贷方发生额 对方行号 摘要 用途 对方单位名称 余额
 * 个性化信息; 招商银行: 交易日 交易时间 起息日 交易类型 借方金额 贷方金额 余额 摘要 流水号 … 用途 … 收(付)方名称
 * 收(付)方帐号; 建设银行: 账号 账户名称 交易时间 借方发生额（支取） 贷方发生额（收入） 余额 币种 对方户名 对方账号
 * 对方开户机构 记账日期 摘要 备注 账户明细编号-交易流水号.
 */
export const BANK_PROFILES: readonly BankProfile[] = [
  {
    format: 'ccb',
    identify: ['贷方发生额（收入）', '对方户名'],
    columns: {
      date: ['交易时间', '记账日期'],
      credit: ['贷方发生额（收入）'],
      debit: ['借方发生额（支取）'],
      payer_name: ['对方户名'],
      payer_account: ['对方账号'],
      summary: ['摘要'],
      remark: ['备注'],
      serial: ['账户明细编号-交易流水号', '交易流水号'],
    },
  },
  {
    format: 'icbc',
    identify: ['贷方发生额', '对方单位名称'],
    columns: {
      date: ['交易时间', '交易日期'],
      credit: ['贷方发生额'],
      debit: ['借方发生额'],
      payer_name: ['对方单位名称', '对方户名'],
      payer_account: ['对方账号'],
      summary: ['摘要'],
      remark: ['用途', '个性化信息'],
      serial: ['凭证号'],
    },
  },
  {
    format: 'cmb',
    identify: ['贷方金额', '收(付)方名称'],
    columns: {
      date: ['交易日', '交易日期'],
      credit: ['贷方金额'],
      debit: ['借方金额'],
      payer_name: ['收(付)方名称'],
      payer_account: ['收(付)方帐号', '收(付)方账号'],
      summary: ['摘要'],
      remark: ['用途', '业务摘要'],
      serial: ['流水号'],
    },
  },
];

/**
 * A header as compared: without white space, full-width brackets as half-width, 帐 as 账, so 收（付）方帐号
 * and 收(付)方账号 are one header.
 */
export const headerKey = (header: string): string =>
  header.replace(/\s+/g, '').replaceAll('（', '(').replaceAll('）', ')').replaceAll('帐', '账');

export const BANK_STATEMENT_MESSAGES = {
  tooLarge: `文件不能超过 ${BANK_STATEMENT_LIMITS.bytes / 1024 / 1024} MB`,
  empty: '文件是空的，请上传银行导出的流水文件',
  unreadable: '无法读取该文件，请上传银行导出的 CSV 或 Excel（.xlsx）文件；.xls 请先在 Excel 中另存为 .xlsx',
  noHeader: `在前 ${BANK_STATEMENT_LIMITS.headerSearchRows} 行中找不到表头，请检查文件或按列对应`,
  tooManyRows: `一次最多导入 ${BANK_STATEMENT_LIMITS.rows} 行流水，请按日期分批导出`,
  mappingIncomplete: '请至少对应交易日期、对方户名，以及贷方金额或交易金额',
  mappingUnknown: (header: string) => `文件中没有「${header}」这一列`,
  badDate: (row: number, text: string) => `第 ${row} 行的交易日期「${text}」无法识别`,
  badAmount: (row: number, text: string) => `第 ${row} 行的金额「${text}」无法识别`,
  recipientNotFound: '收款主体不存在',
  lineNotFound: '流水不存在',
  notOpen: '这笔流水已登记或已忽略',
  companyNotFound: '客户公司不存在',
} as const;

/** Query of POST /v1/bank_statements: the account it is of, its file name and, for another bank, the mapping. */
const mappedHeader = textSchema({ max: 50 }).optional();
export const bankImportQuerySchema = z.object({
  team_recipient_id: idQuerySchema,
  file_name: textSchema({ max: BANK_STATEMENT_LIMITS.fileName }).optional().default(''),
  map_date: mappedHeader,
  map_credit: mappedHeader,
  map_debit: mappedHeader,
  map_amount: mappedHeader,
  map_direction: mappedHeader,
  map_payer_name: mappedHeader,
  map_payer_account: mappedHeader,
  map_summary: mappedHeader,
  map_remark: mappedHeader,
  map_serial: mappedHeader,
});
export type BankImportQuery = z.infer<typeof bankImportQuerySchema>;
export type BankImportQueryInput = z.input<typeof bankImportQuerySchema>;

export const BANK_LINE_STATUSES = ['open', 'recorded', 'ignored'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];
export const BANK_LINE_STATUS_LABELS: Readonly<Record<BankLineStatus, string>> = {
  open: '未登记',
  recorded: '已登记',
  ignored: '已忽略',
};

export const bankLineQuerySchema = pageQuerySchema.extend({
  status: z.enum(BANK_LINE_STATUSES).optional(),
  import_id: idQuerySchema.optional(),
});
export type BankLineQuery = z.infer<typeof bankLineQuerySchema>;

/**
 * POST /v1/bank_statement_lines/{id}/record: the client (or none) and the allocations a person confirmed;
 * the receipt takes the line's date, amount, payer and serial.
 */
export const bankLineRecordSchema = z.object({
  company_id: idSchema.nullable(),
  allocations: z.array(allocationCreateSchema).max(RECEIPT_LIMITS.allocations).default([]),
});
export type BankLineRecord = z.infer<typeof bankLineRecordSchema>;
export type BankLineRecordInput = z.input<typeof bankLineRecordSchema>;

export const bankLineIgnoreSchema = z.object({
  reason: textSchema({ min: 1, max: RECEIPT_LIMITS.reason, message: '*请填写忽略原因' }),
});
export type BankLineIgnore = z.infer<typeof bankLineIgnoreSchema>;

// --- Answers -----------------------------------------------------------------------------------------------

const int = z.number().int();
const recipientRef = z.object({ id: int, short_name: z.string() });

export const bankImportSchema = z.object({
  id: int,
  team_recipient: recipientRef,
  format: z.enum(BANK_FORMATS),
  file_name: z.string(),
  /** Credits in the file; of them kept as new lines, and recognised as imported before. */
  credits: int,
  new_lines: int,
  duplicates: int,
  /** Debits (money paid out) and rows that are no transaction (totals, blank): not kept. */
  skipped: int,
  created_at: z.string(),
  created_by: z.object({ id: int, nickname: z.string() }).nullable(),
});
export type BankImport = z.infer<typeof bankImportSchema>;

/** The answer of an upload: imported, or the file's headers and first rows to map its columns. */
export const bankImportResultSchema = z.object({
  import: bankImportSchema.nullable(),
  needs_mapping: z.boolean(),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
});
export type BankImportResult = z.infer<typeof bankImportResultSchema>;

export const PAYER_MATCH_REASONS = ['history', 'name', 'invoice_buyer', 'similar'] as const;
export type PayerMatchReason = (typeof PAYER_MATCH_REASONS)[number];
export const PAYER_MATCH_REASON_LABELS: Readonly<Record<PayerMatchReason, string>> = {
  history: '此前的收款',
  name: '名称一致',
  invoice_buyer: '发票购方一致',
  similar: '名称相近',
};
export const payerCompanySchema = z.object({
  id: int,
  name: z.string(),
  reason: z.enum(PAYER_MATCH_REASONS),
});
export type PayerCompany = z.infer<typeof payerCompanySchema>;
export const payerCompanyQuerySchema = z.object({
  payer_name: textSchema({ min: 1, max: RECEIPT_LIMITS.payerName }),
});

export const INVOICE_MATCH_REASONS = ['number', 'amount', 'oldest'] as const;
export type InvoiceMatchReason = (typeof INVOICE_MATCH_REASONS)[number];
export const INVOICE_MATCH_REASON_LABELS: Readonly<Record<InvoiceMatchReason, string>> = {
  number: '摘要中有发票号',
  amount: '金额一致',
  oldest: '最早到期',
};

/** An open issued invoice of the suggested client, with what the suggestion gives it. */
export const suggestedInvoiceSchema = z.object({
  id: int,
  number: z.string(),
  issued_on: z.string(),
  total: int,
  open: int,
  reason: z.enum(INVOICE_MATCH_REASONS),
  suggested: int,
});
export type SuggestedInvoice = z.infer<typeof suggestedInvoiceSchema>;

export const bankLineSchema = z.object({
  id: int,
  import_id: int,
  team_recipient: recipientRef,
  transacted_on: z.string(),
  amount: int,
  payer_name: z.string(),
  payer_account: z.string(),
  summary: z.string(),
  serial: z.string(),
  status: z.enum(BANK_LINE_STATUSES),
  receipt_id: int.nullable(),
  ignore_reason: z.string().nullable(),
  /** Open lines only: the clients the payer may be, best first, and the first one's open invoices. */
  companies: z.array(payerCompanySchema),
  invoices: z.array(suggestedInvoiceSchema),
  /** A receipt of the same entity, date and amount recorded by hand already: maybe this very money. */
  possible_receipt: z.object({ id: int, payer_name: z.string() }).nullable(),
});
export type BankLine = z.infer<typeof bankLineSchema>;

/** GET /v1/bank_statement_lines/{id}/invoices?company_id: another client's open invoices for a line. */
export const bankLineInvoicesQuerySchema = z.object({ company_id: idQuerySchema });
