/**
 * The public shapes of the share pages (docs/product.md "Packages and share pages"). They are types of
 * their own, built by the server's public presenters: nothing here can carry a model's mobile, WeChat,
 * national ID, notes or fees, nor the agency's internal ids of members, companies or contacts.
 */
import { z } from 'zod';
import { asciiTokenSchema, textSchema } from './patterns';
import {
  SHARE_APPS,
  SHARE_VIEW_MAX_VISIBLE_MS,
  SHARE_VIEW_PAGES,
  shareFactsSchema,
  shareFieldSchema,
  visitorIdSchema,
} from './share';
import { FILE_KINDS } from './upload.schema';

/**
 * The share id in a public address. A malformed one (too long, not ASCII, a control character) is read
 * as the empty id, which names no share: it answers the same 404 as an unknown id, never a 400 that
 * would tell the two apart (docs/product.md "Packages and share pages").
 */
export const shareIdParamsSchema = z.object({ share_id: asciiTokenSchema(64).catch('') });
export type ShareIdParams = z.infer<typeof shareIdParamsSchema>;
/** A model's id in a share's address: one that is no id (`abc`, `0`, `1.5`) is read as 0, in no package. */
export const shareModelParamsSchema = shareIdParamsSchema.extend({
  model_id: z.coerce.number<number>().int().positive().catch(0),
});
export type ShareModelParams = z.infer<typeof shareModelParamsSchema>;

/**
 * A picture or file as a share page shows it, with short-lived signed addresses: `thumb_url` (480 px
 * WebP) for grids, `preview_url` (1600 px WebP, or a PDF itself) for full screen, `url` the original
 * (a download, with its name).
 */
export const publicFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FILE_KINDS),
  name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  preview_url: z.string().nullable(),
});
export type PublicFile = z.infer<typeof publicFileSchema>;

/** Widths in pixels of `thumb_url` and `preview_url` (for `srcset`). */
export const PUBLIC_IMAGE_WIDTHS = { thumb: 480, preview: 1600 } as const;

/** A model on a package's grid: name, cover and the facts the package shows. */
export const publicModelCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  facts: shareFactsSchema,
  cover: publicFileSchema.nullable(),
  photo_count: z.number().int(),
  /** Videos and documents among the model's shown files. */
  file_count: z.number().int(),
});
export type PublicModelCard = z.infer<typeof publicModelCardSchema>;

/** This device's pick of a model: the heart and the comment. */
export const publicPickSchema = z.object({
  model_id: z.number().int(),
  picked: z.boolean(),
  comment: z.string(),
});
export type PublicPick = z.infer<typeof publicPickSchema>;

/** GET /v1/public/packages/{share_id}: what the client opens. */
export const publicPackageSchema = z.object({
  title: z.string(),
  message: z.string(),
  team_name: z.string(),
  /** Until when the link works. */
  expires_at: z.string(),
  fields: z.array(shareFieldSchema),
  models: z.array(publicModelCardSchema),
  /** The picks this device made (when the query names it with `visitor_id`). */
  picks: z.array(publicPickSchema),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;

export const publicPackageQuerySchema = z.object({ visitor_id: visitorIdSchema.optional() });
export type PublicPackageQuery = z.infer<typeof publicPackageQuerySchema>;

/** GET /v1/public/packages/{share_id}/models/{model_id}: a model's page. */
export const publicModelDetailSchema = publicModelCardSchema.extend({
  package_title: z.string(),
  team_name: z.string(),
  fields: z.array(shareFieldSchema),
  /** Pictures, in the order the package chose them (folders in order, then single photos). */
  photos: z.array(publicFileSchema),
  /** Videos (played in place) and documents (downloaded). */
  files: z.array(publicFileSchema),
  /** The models before and after this one in the package, for swiping between them. */
  previous_model_id: z.number().int().nullable(),
  next_model_id: z.number().int().nullable(),
});
export type PublicModelDetail = z.infer<typeof publicModelDetailSchema>;

/** GET /v1/public/folders/{share_id}: a folder shared alone. */
export const publicFolderSchema = z.object({
  name: z.string(),
  team_name: z.string(),
  /** The model's name (and English name) whose folder it is, if any. */
  model_name: z.string().nullable(),
  model_english_name: z.string().nullable(),
  photos: z.array(publicFileSchema),
  files: z.array(publicFileSchema),
});
export type PublicFolder = z.infer<typeof publicFolderSchema>;

/** POST /v1/public/packages/{share_id}/picks: a heart and/or a comment on a model, without an account. */
export const pickRequestSchema = z.object({
  model_id: z.number().int().positive(),
  picked: z.boolean(),
  comment: textSchema({ max: 500, multiline: true }).optional().default(''),
  /** Who the client is, as they typed it once (kept on their device). */
  name: textSchema({ max: 30 }).optional().default(''),
  visitor_id: visitorIdSchema,
});
export type PickRequest = z.infer<typeof pickRequestSchema>;
export type PickRequestInput = z.input<typeof pickRequestSchema>;

/**
 * POST /v1/public/packages/{share_id}/views: an open of a page, then, on the same `view_id`, how long it
 * stayed visible (sent again as the page hides; the largest value is kept).
 */
export const viewRequestSchema = z.object({
  /** A random id the page makes for this open. */
  view_id: visitorIdSchema,
  visitor_id: visitorIdSchema,
  page: z.enum(SHARE_VIEW_PAGES),
  model_id: z.number().int().positive().nullish(),
  app: z.enum(SHARE_APPS),
  visible_ms: z.number().int().min(0).max(SHARE_VIEW_MAX_VISIBLE_MS).optional().default(0),
  name: textSchema({ max: 30 }).optional(),
});
export type ViewRequest = z.infer<typeof viewRequestSchema>;
export type ViewRequestInput = z.input<typeof viewRequestSchema>;
