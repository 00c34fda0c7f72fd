import { z } from 'zod';

/** Base64 of the 16 bytes of an MD5 digest (what S3's Content-MD5 takes). */
export const MD5_BASE64_PATTERN = /^[A-Za-z0-9+/]{21}[AQgw]==$/;

/** POST /v1/direct_uploads (spec §3 "Direct-upload request"). */
export const directUploadRequestSchema = z.object({
  checksum: z.string().regex(MD5_BASE64_PATTERN, '文件校验值无效'),
  content_type: z.string().trim().min(1).max(255),
  byte_size: z.number().int().positive(),
  filename: z.string().trim().min(1).max(255),
  suffix: z.string().max(32).nullish(),
});
export type DirectUploadRequest = z.infer<typeof directUploadRequestSchema>;

/** Spec §3 "Direct-upload response": where to PUT the bytes, with which headers, and the blob's reference. */
export const directUploadResponseSchema = z.object({
  direct_upload: z.object({
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    /** A signed address to view the file once stored (expires with the upload address). */
    preview_url: z.string(),
  }),
  /** Tamper-proof reference to the uploaded blob, usable only by the caller's team. */
  signed_id: z.string(),
});
export type DirectUploadResponse = z.infer<typeof directUploadResponseSchema>;

/** POST /v1/files (spec §3 "File record create payload"). */
export const fileCreateSchema = z.object({
  folder_id: z.number().int().positive(),
  signed_id: z.string().min(1).max(512),
});
export type FileCreate = z.infer<typeof fileCreateSchema>;

export const FILE_KINDS = ['image', 'video', 'document'] as const;

/** A file of a folder, with signed, expiring addresses. */
export const fileSchema = z.object({
  id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  checksum: z.string(),
  kind: z.enum(FILE_KINDS),
  /** Thumbnails are made after upload: `pending` until then, `none` when the file has none. */
  thumbnail_state: z.enum(['pending', 'ready', 'none', 'failed']),
  url: z.string(),
  thumb_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  created_at: z.string(),
});
export type FileItem = z.infer<typeof fileSchema>;
