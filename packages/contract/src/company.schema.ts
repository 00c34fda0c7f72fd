/**
 * Client companies (docs/product.md "Companies and contacts"): the record, its create and update
 * bodies, and the list query.
 */
import { z } from 'zod';
import { companyIndustrySchema, companyTierSchema, recordStatusSchema } from './enums';
import { pageQuerySchema } from './envelope';
import { creditCodeSchema, text1To50Schema, textSchema } from './patterns';

/** Messages of the company rules that the shared patterns do not word. */
export const COMPANY_MESSAGES = {
  companyNotFound: '公司不存在',
  memberNotFound: '负责人不存在',
  archiveForbidden: '只有管理权限可以归档或恢复公司',
  nameTaken: (name: string) => `已存在同名公司「${name}」`,
  creditCodeTaken: (name: string) => `统一社会信用代码已被公司「${name}」使用`,
  paymentTermsInvalid: '*账期应为0-365天',
  bankAccountInvalid: '*请输入1-50位数字',
} as const;

export const COMPANY_LIMITS = {
  shortName: 20,
  invoiceTitle: 100,
  invoiceAddress: 200,
  bankName: 50,
  notes: 500,
  paymentTermsDays: 365,
} as const;

/** A bank account as typed: the spaces people group digits with are dropped, then 1 to 50 digits. */
const bankAccountSchema = z
  .string({ error: COMPANY_MESSAGES.bankAccountInvalid })
  .overwrite((text) => text.replace(/\s+/g, ''))
  .regex(/^\d{1,50}$/, COMPANY_MESSAGES.bankAccountInvalid);

const companyFields = {
  name: text1To50Schema,
  short_name: textSchema({ max: COMPANY_LIMITS.shortName }).nullish(),
  credit_code: creditCodeSchema.nullish(),
  industry: companyIndustrySchema.nullish(),
  tier: companyTierSchema.optional(),
  invoice_title: textSchema({ max: COMPANY_LIMITS.invoiceTitle }).nullish(),
  invoice_address: textSchema({ max: COMPANY_LIMITS.invoiceAddress }).nullish(),
  bank_name: textSchema({ max: COMPANY_LIMITS.bankName }).nullish(),
  bank_account: bankAccountSchema.nullish(),
  payment_terms_days: z
    .number({ error: COMPANY_MESSAGES.paymentTermsInvalid })
    .int(COMPANY_MESSAGES.paymentTermsInvalid)
    .min(0, COMPANY_MESSAGES.paymentTermsInvalid)
    .max(COMPANY_LIMITS.paymentTermsDays, COMPANY_MESSAGES.paymentTermsInvalid)
    .nullish(),
  /** The member who looks after the client; the creator when left out. */
  owner_member_id: z.number().int().positive().nullish(),
  notes: textSchema({ max: COMPANY_LIMITS.notes, multiline: true }).nullish(),
};

/** POST /v1/companies. A new company is active. Empty texts are stored as nothing (null). */
export const companyCreateSchema = z.object(companyFields);
export type CompanyCreate = z.infer<typeof companyCreateSchema>;
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

/** PATCH /v1/companies/{id}: only the fields sent change; `status` (archive, restore) needs manage. */
export const companyUpdateSchema = z.object({ ...companyFields, status: recordStatusSchema }).partial();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

export const memberRefSchema = z.object({ id: z.number().int(), nickname: z.string() });

/** A client company as staff see it, with the number of its active contacts. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  credit_code: z.string().nullable(),
  industry: companyIndustrySchema.nullable(),
  tier: companyTierSchema,
  invoice_title: z.string().nullable(),
  invoice_address: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  payment_terms_days: z.number().int().nullable(),
  owner_member_id: z.number().int().nullable(),
  owner: memberRefSchema.nullable(),
  notes: z.string().nullable(),
  status: recordStatusSchema,
  contact_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** GET /v1/companies filters: part of the name, short name or credit code; industry, tier, owner, status. Newest first. */
export const companyFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  industry: companyIndustrySchema.optional(),
  tier: companyTierSchema.optional(),
  owner_member_id: z.coerce.number<number>().int().positive().optional(),
  status: recordStatusSchema.optional(),
});
export type CompanyFilter = z.infer<typeof companyFilterSchema>;
export const companyQuerySchema = pageQuerySchema.extend(companyFilterSchema.shape);
export type CompanyQuery = z.infer<typeof companyQuerySchema>;
