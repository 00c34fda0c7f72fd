/**
 * Payee entities (收款主体, docs/product.md "Payee entities"): the agency's legal companies that invoice
 * and receive money. The taxpayer types and statuses with their labels, the record (its bank is one of
 * ./banks.ts), its create and update bodies, the list query, and the default tax rate of a new fee line.
 */
import { z } from 'zod';
import { BANK_LIMITS, bankNameIssue, bankNameSchema, bankSchema } from './banks';
import { type TaxRate, taxRateSchema } from './constants';
import { pageQuerySchema } from './envelope';
import { accountNumberSchema, creditCodeSchema, textSchema } from './patterns';
import { pendingBankChangeSchema } from './pending-change.schema';

export const TAXPAYER_TYPES = ['general', 'small_scale'] as const;
export type TaxpayerType = (typeof TAXPAYER_TYPES)[number];
export const taxpayerTypeSchema = z.enum(TAXPAYER_TYPES, { error: '*请选择纳税人类型' });
export const TAXPAYER_TYPE_LABELS: Readonly<Record<TaxpayerType, string>> = {
  general: '一般纳税人',
  small_scale: '小规模纳税人',
};

export const TEAM_RECIPIENT_STATUSES = ['active', 'disabled'] as const;
export type TeamRecipientStatus = (typeof TEAM_RECIPIENT_STATUSES)[number];
export const teamRecipientStatusSchema = z.enum(TEAM_RECIPIENT_STATUSES, { error: '*请选择状态' });
export const TEAM_RECIPIENT_STATUS_LABELS: Readonly<Record<TeamRecipientStatus, string>> = {
  active: '启用',
  disabled: '停用',
};

/** The fields only `team_recipient` manage may change: where the money goes, and the default. */
export const TEAM_RECIPIENT_MANAGED_FIELDS = [
  'bank',
  'bank_name',
  'branch',
  'account_number',
  'is_default',
] as const;
/** The bank account's fields: a change of them waits for its checker while the team asks for one. */
export const TEAM_RECIPIENT_BANK_FIELDS = ['bank', 'bank_name', 'branch', 'account_number'] as const;
export type TeamRecipientBankField = (typeof TEAM_RECIPIENT_BANK_FIELDS)[number];
export type TeamRecipientManagedField = (typeof TEAM_RECIPIENT_MANAGED_FIELDS)[number];

export const TEAM_RECIPIENT_MESSAGES = {
  notFound: '收款主体不存在',
  nameTaken: (name: string) => `已存在同名收款主体「${name}」`,
  creditCodeTaken: (name: string) => `统一社会信用代码已被收款主体「${name}」使用`,
  managedFields: '只有收款主体的管理权限可以修改银行信息或默认主体',
  defaultDisabled: '默认收款主体不能停用，请先将其他主体设为默认',
  disabledDefault: '已停用的收款主体不能设为默认',
  disabledChosen: '该收款主体已停用，请选择其他主体',
  bankChanged: (name: string) => `收款主体「${name}」的银行信息已修改`,
  bankCreated: (name: string) => `新增了收款主体「${name}」的银行账户`,
  /** The checker's request (audit_required) and what the requester is told of its outcome. */
  bankChangeRequested: (name: string) => `收款主体「${name}」的银行账户修改待确认`,
  bankChangeSubject: (name: string) => `收款主体「${name}」银行账户`,
  bankChangeApplied: (name: string) => `收款主体「${name}」的银行账户修改已确认生效`,
  bankChangeRejected: (name: string) => `收款主体「${name}」的银行账户修改未通过`,
  bankChangeReplaced: (name: string) => `收款主体「${name}」的银行账户修改已被新的修改取代`,
} as const;

export const TEAM_RECIPIENT_LIMITS = {
  name: 100,
  shortName: 20,
  address: 200,
  phone: 30,
  branch: BANK_LIMITS.branch,
} as const;

const phoneSchema = textSchema({ max: TEAM_RECIPIENT_LIMITS.phone, message: '*请输入正确的电话' }).refine(
  (text) => /^[\d\s()+-]*$/.test(text),
  '*请输入正确的电话',
);

const teamRecipientFields = {
  /** The legal name (企业名称), as on the business licence and the invoices. */
  name: textSchema({
    min: 1,
    max: TEAM_RECIPIENT_LIMITS.name,
    message: '*请输入1-100个字符',
    label: '企业名称',
  }),
  short_name: textSchema({
    min: 1,
    max: TEAM_RECIPIENT_LIMITS.shortName,
    message: '*请输入1-20个字符',
    label: '简称',
  }),
  credit_code: creditCodeSchema,
  taxpayer_type: taxpayerTypeSchema,
  address: textSchema({ max: TEAM_RECIPIENT_LIMITS.address }).optional(),
  phone: phoneSchema.optional(),
  bank: bankSchema,
  /** The bank's name when it is not one of the listed banks (`bank` = `other`), e.g. 上海银行. */
  bank_name: bankNameSchema.nullish(),
  /** The branch (开户支行), e.g. 上海静安支行. */
  branch: textSchema({
    min: 1,
    max: TEAM_RECIPIENT_LIMITS.branch,
    message: '*请输入1-100个字符',
    label: '开户支行',
  }),
  account_number: accountNumberSchema,
  /** The rate a new fee line of an order of this entity starts with; null: by taxpayer type. */
  default_tax_rate: taxRateSchema.nullish(),
  is_default: z.boolean().optional(),
};

/** POST /v1/team_recipients. A new entity is active; `is_default` needs manage. */
export const teamRecipientCreateSchema = z.object(teamRecipientFields).superRefine((body, context) => {
  const issue = bankNameIssue(body.bank, body.bank_name);
  if (issue) context.addIssue({ code: 'custom', message: issue, path: ['bank_name'] });
});
export type TeamRecipientCreate = z.infer<typeof teamRecipientCreateSchema>;
export type TeamRecipientCreateInput = z.input<typeof teamRecipientCreateSchema>;

/**
 * PATCH /v1/team_recipients/{id}: only the fields sent change; bank, branch, account and default need
 * manage. A bank sent with its name is checked with it here; one sent alone, with the stored name.
 */
export const teamRecipientUpdateSchema = z
  .object({ ...teamRecipientFields, status: teamRecipientStatusSchema })
  .partial();
export type TeamRecipientUpdate = z.infer<typeof teamRecipientUpdateSchema>;
export type TeamRecipientUpdateInput = z.input<typeof teamRecipientUpdateSchema>;

/** What the caller may change of this entity (the server checks again). */
export const teamRecipientAbilitiesSchema = z.object({
  /** Names, addresses, telephone, taxpayer type, default rate, status. */
  edit: z.boolean(),
  /** Bank, branch, account number and the default: `team_recipient` manage. */
  manage: z.boolean(),
});
export type TeamRecipientAbilities = z.infer<typeof teamRecipientAbilitiesSchema>;

export const teamRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  credit_code: z.string(),
  taxpayer_type: taxpayerTypeSchema,
  address: z.string(),
  phone: z.string(),
  bank: bankSchema,
  bank_name: z.string().nullable(),
  branch: z.string(),
  account_number: z.string(),
  /** A change of the bank account waiting for its checker (numbers masked), or null. */
  pending_bank_change: pendingBankChangeSchema.nullable(),
  default_tax_rate: taxRateSchema.nullable(),
  is_default: z.boolean(),
  status: teamRecipientStatusSchema,
  /** How many orders name it: such an entity is disabled, never deleted. */
  order_count: z.number().int(),
  can: teamRecipientAbilitiesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TeamRecipient = z.infer<typeof teamRecipientSchema>;

/** GET /v1/team_recipients filters: part of the names or the credit code; status. The default first, then by name. */
export const teamRecipientFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  status: teamRecipientStatusSchema.optional(),
});
export type TeamRecipientFilter = z.infer<typeof teamRecipientFilterSchema>;
export const teamRecipientQuerySchema = pageQuerySchema.extend(teamRecipientFilterSchema.shape);
export type TeamRecipientQuery = z.infer<typeof teamRecipientQuerySchema>;

/** The rate of a service fee by taxpayer type: 6 % for a general taxpayer, 3 % for a small-scale one. */
export const TAXPAYER_DEFAULT_TAX_RATES: Readonly<Record<TaxpayerType, TaxRate>> = {
  general: 6,
  small_scale: 3,
};
/** A new fee line's rate on an order without a payee entity. */
export const FALLBACK_TAX_RATE: TaxRate = 6;

/**
 * The rate a new fee line starts with (docs/decisions.md "Payee entities"): the entity's own default
 * rate when it has one (a small-scale studio enjoying the reduced 1 % sets it), else its taxpayer type's
 * (6 % general, 3 % small-scale), else 6 % when the order has no entity.
 */
export function defaultFeeTaxRate(
  entity: { default_tax_rate: TaxRate | null; taxpayer_type: TaxpayerType } | null | undefined,
): TaxRate {
  if (!entity) return FALLBACK_TAX_RATE;
  return entity.default_tax_rate ?? TAXPAYER_DEFAULT_TAX_RATES[entity.taxpayer_type];
}
