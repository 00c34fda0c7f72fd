/** Contacts of client companies (docs/product.md "Companies and contacts"). */
import { z } from 'zod';
import { recordStatusSchema } from './enums';
import { pageQuerySchema } from './envelope';
import { emailSchema, mobileSchema, text1To50Schema, textSchema } from './patterns';

export const CONTACT_MESSAGES = {
  contactNotFound: '联系人不存在',
  archiveForbidden: '只有管理权限可以归档或恢复联系人',
  /** A warning before creating, not a refusal: one person may be the contact of two companies. */
  mobileDuplicate: '团队中已有联系人使用这个手机号，请确认不是同一人',
} as const;

export const CONTACT_LIMITS = { position: 50, wechat: 50, notes: 500 } as const;

const contactFields = {
  name: text1To50Schema,
  /** The company the contact works for, of the same team; none for a freelancer. */
  company_id: z.number().int().positive().nullish(),
  position: textSchema({ max: CONTACT_LIMITS.position }).nullish(),
  mobile: mobileSchema.nullish(),
  wechat: textSchema({ max: CONTACT_LIMITS.wechat }).nullish(),
  email: emailSchema.nullish(),
  notes: textSchema({ max: CONTACT_LIMITS.notes, multiline: true }).nullish(),
  /** Receives the company's invoices. */
  is_invoice_contact: z.boolean().optional(),
};

/** POST /v1/contacts. A new contact is active. Empty texts are stored as nothing (null). */
export const contactCreateSchema = z.object(contactFields);
export type ContactCreate = z.infer<typeof contactCreateSchema>;
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** PATCH /v1/contacts/{id}: only the fields sent change; `status` (archive, restore) needs manage. */
export const contactUpdateSchema = z.object({ ...contactFields, status: recordStatusSchema }).partial();
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  position: z.string().nullable(),
  mobile: z.string().nullable(),
  wechat: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  is_invoice_contact: z.boolean(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /v1/contacts filters: a company, part of the name, mobile, WeChat or e-mail, status. Newest first. */
export const contactFilterSchema = z.object({
  company_id: z.coerce.number<number>().int().positive().optional(),
  keyword: textSchema({ max: 50 }).optional(),
  status: recordStatusSchema.optional(),
});
export type ContactFilter = z.infer<typeof contactFilterSchema>;
export const contactQuerySchema = pageQuerySchema.extend(contactFilterSchema.shape);
export type ContactQuery = z.infer<typeof contactQuerySchema>;

/** GET /v1/contacts/duplicates: the team's contacts (archived ones too) with this mobile. */
export const contactDuplicateQuerySchema = z.object({ mobile: mobileSchema });
export type ContactDuplicateQuery = z.infer<typeof contactDuplicateQuerySchema>;
