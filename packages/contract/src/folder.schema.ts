import { z } from 'zod';
import { text1To50Schema } from './patterns';

/** POST /v1/folders */
export const folderCreateSchema = z.object({
  name: text1To50Schema,
  model_id: z.number().int().positive().nullish(),
});
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/** A model's named set of files (domain.md "Folder"). */
export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model_id: z.number().int().nullable(),
  file_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;
