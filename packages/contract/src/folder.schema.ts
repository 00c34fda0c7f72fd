import { z } from 'zod';
import { FOLDER_KIND_LABELS, FOLDER_KINDS, type FolderKind, folderKindSchema } from './enums';
import { pageQuerySchema, sortSchema } from './envelope';
import { folderShareSchema } from './package.schema';
import { text1To50Schema, textLength, textSchema } from './patterns';
import { FILE_KINDS } from './upload.schema';

/** POST /v1/folders: a folder of a model of the team (or of none), `other` unless a kind is given. */
export const folderCreateSchema = z.object({
  name: text1To50Schema,
  kind: folderKindSchema.optional(),
  model_id: z.number().int().positive().nullish(),
});
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/** The longest folder name, in characters (text1To50Schema). */
const FOLDER_NAME_MAX = 50;

/**
 * The name a folder made on a model's page starts with, as the demo seed names its folders: the model's
 * name and the kind, `刘晓阳 画册`; a long name is shortened so the whole stays within 50 characters.
 */
export function modelFolderName(modelName: string, kind: FolderKind): string {
  const suffix = ` ${FOLDER_KIND_LABELS[kind]}`;
  const room = FOLDER_NAME_MAX - textLength(suffix);
  return `${[...modelName].slice(0, room).join('')}${suffix}`;
}

/** PATCH /v1/folders/{id}: rename, change the kind; what is left out stays. */
export const folderUpdateSchema = z.object({
  name: text1To50Schema.optional(),
  kind: folderKindSchema.optional(),
});
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;

/** One of the first files of a folder, as the folder list shows it (a signed thumbnail once made). */
export const folderPreviewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FILE_KINDS),
  thumb_url: z.string().nullable(),
});
export type FolderPreview = z.infer<typeof folderPreviewSchema>;

/** How many of a folder's first files the list shows. */
export const FOLDER_PREVIEW_COUNT = 4;

/** A model's named set of files (docs/product.md §10 "Folder"). */
export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(FOLDER_KINDS),
  model_id: z.number().int().nullable(),
  model_name: z.string().nullable(),
  file_count: z.number().int(),
  /** The first files in the folder's order (at most FOLDER_PREVIEW_COUNT). */
  previews: z.array(folderPreviewSchema),
  /** The live share link, if the folder is shared. */
  share: folderShareSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

/** The orders the folder list offers; each has an index (team, field). */
export const FOLDER_SORTS = ['name', 'created_at', 'updated_at'] as const;

/** GET /v1/folders filters: part of the name, a model, a kind; newest first unless `sort` says otherwise. */
export const folderFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  model_id: z.coerce.number<number>().int().positive().optional(),
  kind: folderKindSchema.optional(),
  sort: sortSchema(FOLDER_SORTS).optional(),
});
export type FolderFilter = z.infer<typeof folderFilterSchema>;
export const folderQuerySchema = pageQuerySchema.extend(folderFilterSchema.shape);
export type FolderQuery = z.infer<typeof folderQuerySchema>;

/** The most files one request may order or move. */
export const FILE_BATCH_MAX = 1000;

const fileIdsSchema = z
  .array(z.number().int().positive())
  .min(1, '请选择文件')
  .max(FILE_BATCH_MAX, `一次最多 ${FILE_BATCH_MAX} 个文件`)
  .refine((ids) => new Set(ids).size === ids.length, { message: '文件不能重复' });

/** PATCH /v1/folders/{id}/files/order: every file of the folder, once each, in the new order. */
export const fileOrderSchema = z.object({ file_ids: fileIdsSchema });
export type FileOrder = z.infer<typeof fileOrderSchema>;

/** POST /v1/files/move: files of one folder go to the end of another folder of the same model. */
export const fileMoveSchema = z.object({
  file_ids: fileIdsSchema,
  folder_id: z.number().int().positive(),
});
export type FileMove = z.infer<typeof fileMoveSchema>;
