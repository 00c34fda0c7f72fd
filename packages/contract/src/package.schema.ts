/**
 * Packages (套餐) as staff see them (docs/product.md "Packages and share pages"): a selection of models
 * sent to a client as a link, and what the client did with it.
 */
import { z } from 'zod';
import { memberRefSchema } from './company.schema';
import { instantSchema, pageQuerySchema, sortSchema } from './envelope';
import { text1To50Schema, textSchema } from './patterns';
import {
  PACKAGE_MAX_EXPIRY_DAYS,
  PACKAGE_MAX_MODELS,
  SHARE_APPS,
  SHARE_DEVICES,
  SHARE_VIEW_PAGES,
  shareFieldSchema,
} from './share';

/** Messages of packages and shares that the shared patterns do not word. */
export const PACKAGE_MESSAGES = {
  packageNotFound: '套餐不存在',
  revoked: '套餐已撤销，不能再修改',
  alreadyRevoked: '套餐已撤销',
  expiryInPast: '*有效期须晚于现在',
  expiryTooFar: `*有效期最长为 ${PACKAGE_MAX_EXPIRY_DAYS} 天`,
  contactOfOtherCompany: '*联系人不属于所选公司',
  modelLeft: (model: string) => `模特「${model}」已解约，不能加入套餐`,
  folderNotOfModel: (model: string) => `所选资源夹不属于模特「${model}」`,
  fileNotOfModel: (model: string) => `所选照片不属于模特「${model}」`,
} as const;

/** Notifications to a package's creator when the client opens it and picks models. */
export const PACKAGE_NOTICES = {
  firstOpen: (title: string) => `客户打开了套餐「${title}」`,
  firstOpenBody: (device: string) => `首次打开于${device}`,
  picked: (model: string, title: string) => `客户在套餐「${title}」中选中了模特「${model}」`,
  commented: (model: string, title: string) => `客户在套餐「${title}」中评论了模特「${model}」`,
  pickBody: (name: string, comment: string) => [name ? `${name}：` : '', comment || '（未留言）'].join(''),
} as const;

/** A package is open (its links work), past its expiry, or revoked for good. */
export const PACKAGE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const packageStatusSchema = z.enum(PACKAGE_STATUSES);
export const PACKAGE_STATUS_LABELS: Readonly<Record<PackageStatus, string>> = {
  active: '分享中',
  expired: '已过期',
  revoked: '已撤销',
};

const idList = (message: string) =>
  z
    .array(z.number().int().positive())
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message });

/**
 * One model of a package: the model's folders and single photos shown. Both empty: the model's
 * portfolio folders (every kind but 其他) as they are when the client opens the link.
 */
export const packageModelInputSchema = z.object({
  model_id: z.number().int().positive(),
  folder_ids: idList('资源夹不能重复').optional().default([]),
  file_ids: idList('照片不能重复').optional().default([]),
});
export type PackageModelInput = z.infer<typeof packageModelInputSchema>;

const packageModelsSchema = z
  .array(packageModelInputSchema)
  .min(1, '请至少选择一位模特')
  .max(PACKAGE_MAX_MODELS, `一个套餐最多 ${PACKAGE_MAX_MODELS} 位模特`)
  .refine((models) => new Set(models.map((model) => model.model_id)).size === models.length, {
    message: '模特不能重复',
  });

const packageFields = {
  title: text1To50Schema,
  message: textSchema({ max: 1000, multiline: true }).optional().default(''),
  company_id: z.number().int().positive().nullish(),
  contact_id: z.number().int().positive().nullish(),
  /** ISO time; later than now and at most PACKAGE_MAX_EXPIRY_DAYS ahead (checked on the server). */
  expires_at: instantSchema.optional(),
  /** The model fields the client sees; DEFAULT_SHARE_FIELDS when left out. */
  fields: z
    .array(shareFieldSchema)
    .refine((fields) => new Set(fields).size === fields.length, { message: '字段不能重复' })
    .optional(),
  models: packageModelsSchema,
};

/** POST /v1/packages. */
export const packageCreateSchema = z.object(packageFields);
export type PackageCreate = z.infer<typeof packageCreateSchema>;
export type PackageCreateInput = z.input<typeof packageCreateSchema>;

/** PATCH /v1/packages/{id}: what is sent changes (the models as a whole list); a revoked package cannot change. */
export const packageUpdateSchema = z.object({
  title: packageFields.title.optional(),
  message: textSchema({ max: 1000, multiline: true }).optional(),
  company_id: packageFields.company_id,
  contact_id: packageFields.contact_id,
  expires_at: packageFields.expires_at,
  fields: packageFields.fields,
  models: packageModelsSchema.optional(),
});
export type PackageUpdate = z.infer<typeof packageUpdateSchema>;
export type PackageUpdateInput = z.input<typeof packageUpdateSchema>;

/** A model of a package as staff see it: what is shown of it and what the client did. */
export const packageModelSchema = z.object({
  model_id: z.number().int(),
  name: z.string(),
  english_name: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  folder_ids: z.array(z.number().int()),
  file_ids: z.array(z.number().int()),
  view_count: z.number().int(),
  pick_count: z.number().int(),
});
export type PackageModel = z.infer<typeof packageModelSchema>;

export const packageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
  share_id: z.string(),
  /** Paths of the share pages: `/h5/s/{share_id}` and `/web/s/{share_id}`. */
  mobile_url: z.string(),
  desktop_url: z.string(),
  status: packageStatusSchema,
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  fields: z.array(shareFieldSchema),
  models: z.array(packageModelSchema),
  /** Opens of any of its pages, and models picked (a heart) by any visitor. */
  view_count: z.number().int(),
  pick_count: z.number().int(),
  last_viewed_at: z.string().nullable(),
  created_by: memberRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

export const PACKAGE_SORTS = ['created_at', 'expires_at', 'last_viewed_at'] as const;

/** GET /v1/packages filters: part of the title, a company, who made it, status. Newest first. */
export const packageFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  company_id: z.coerce.number<number>().int().positive().optional(),
  created_by_member_id: z.coerce.number<number>().int().positive().optional(),
  status: packageStatusSchema.optional(),
  model_id: z.coerce.number<number>().int().positive().optional(),
  sort: sortSchema(PACKAGE_SORTS).optional(),
});
export type PackageFilter = z.infer<typeof packageFilterSchema>;
export const packageQuerySchema = pageQuerySchema.extend(packageFilterSchema.shape);
export type PackageQuery = z.infer<typeof packageQuerySchema>;

/** One open of a share page. */
export const packageViewSchema = z.object({
  id: z.number().int(),
  visitor: z.string(),
  /** The name the client gave, if any. */
  name: z.string().nullable(),
  page: z.enum(SHARE_VIEW_PAGES),
  model_id: z.number().int().nullable(),
  model_name: z.string().nullable(),
  app: z.enum(SHARE_APPS),
  device: z.enum(SHARE_DEVICES),
  visible_ms: z.number().int(),
  opened_at: z.string(),
});
export type PackageView = z.infer<typeof packageViewSchema>;

/** A client's heart and comment on a model. */
export const packagePickSchema = z.object({
  id: z.number().int(),
  visitor: z.string(),
  name: z.string().nullable(),
  model_id: z.number().int(),
  model_name: z.string(),
  picked: z.boolean(),
  comment: z.string(),
  updated_at: z.string(),
});
export type PackagePick = z.infer<typeof packagePickSchema>;

/** Per model: how often and how long it was looked at, and its hearts. */
export const packageModelActivitySchema = z.object({
  model_id: z.number().int(),
  model_name: z.string(),
  view_count: z.number().int(),
  visible_ms: z.number().int(),
  pick_count: z.number().int(),
});

/** How many of the latest views the activity answer lists. */
export const PACKAGE_ACTIVITY_VIEWS = 200;

/** GET /v1/packages/{id}/activity. */
export const packageActivitySchema = z.object({
  view_count: z.number().int(),
  visitor_count: z.number().int(),
  pick_count: z.number().int(),
  first_viewed_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
  models: z.array(packageModelActivitySchema),
  /** The latest PACKAGE_ACTIVITY_VIEWS opens, newest first. */
  views: z.array(packageViewSchema),
  /** Every pick and comment, newest first. */
  picks: z.array(packagePickSchema),
});
export type PackageActivity = z.infer<typeof packageActivitySchema>;

/** A folder's share link (one live at a time), or null when it has none. */
export const folderShareSchema = z.object({
  share_id: z.string(),
  mobile_url: z.string(),
  desktop_url: z.string(),
  created_at: z.string(),
});
export type FolderShare = z.infer<typeof folderShareSchema>;
