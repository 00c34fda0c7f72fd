import { z } from 'zod';
import { pageQuerySchema, sortSchema } from './envelope';
import { text1To50Schema, textSchema } from './patterns';

/** POST /v1/folders */
export const folderCreateSchema = z.object({
  name: text1To50Schema,
  model_id: z.number().int().positive().nullish(),
});
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/** A model's named set of files (docs/product.md §10 "Folder"). */
export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model_id: z.number().int().nullable(),
  file_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

/** The orders the folder list offers; each has an index (team, field). */
export const FOLDER_SORTS = ['name', 'created_at', 'updated_at'] as const;

/** GET /v1/folders filters: part of the name; newest first unless `sort` says otherwise. */
export const folderFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  sort: sortSchema(FOLDER_SORTS).optional(),
});
export type FolderFilter = z.infer<typeof folderFilterSchema>;
export const folderQuerySchema = pageQuerySchema.extend(folderFilterSchema.shape);
export type FolderQuery = z.infer<typeof folderQuerySchema>;
