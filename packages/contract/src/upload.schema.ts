import { z } from 'zod';
import { asciiTokenSchema, textSchema } from './patterns';

/** Base64 of the 16 bytes of an MD5 digest (what S3's Content-MD5 takes). */
export const MD5_BASE64_PATTERN = /^[A-Za-z0-9+/]{21}[AQgw]==$/;

/** POST /v1/direct_uploads (docs/product.md §3 "Direct-upload request"). */
export const directUploadRequestSchema = z.object({
  checksum: z.string().regex(MD5_BASE64_PATTERN, '文件校验值无效'),
  content_type: asciiTokenSchema(255).trim().min(1),
  byte_size: z.number().int().positive(),
  filename: textSchema({ min: 1, max: 255 }),
  suffix: textSchema({ max: 32 }).nullish(),
});
export type DirectUploadRequest = z.infer<typeof directUploadRequestSchema>;

/** docs/product.md §3 "Direct-upload response": where to PUT the bytes, with which headers, and the blob's reference. */
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

/** POST /v1/files (docs/product.md §3 "File record create payload"). */
export const fileCreateSchema = z.object({
  folder_id: z.number().int().positive(),
  signed_id: asciiTokenSchema(512).min(1),
});
export type FileCreate = z.infer<typeof fileCreateSchema>;

export const FILE_KINDS = ['image', 'video', 'document'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
/** Thumbnails are made after upload: `pending` until then, `none` when the file has none. */
export const THUMBNAIL_STATES = ['pending', 'ready', 'none', 'failed'] as const;
export type ThumbnailState = (typeof THUMBNAIL_STATES)[number];
/** An announced upload is `pending` until a file record or an avatar takes it. */
export const BLOB_STATES = ['pending', 'attached'] as const;
export type BlobState = (typeof BLOB_STATES)[number];

/** A file of a folder, with signed, expiring addresses. */
export const fileSchema = z.object({
  id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  checksum: z.string(),
  kind: z.enum(FILE_KINDS),
  thumbnail_state: z.enum(THUMBNAIL_STATES),
  url: z.string(),
  thumb_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  created_at: z.string(),
});
export type FileItem = z.infer<typeof fileSchema>;

/** The storage key a signed blob address names (everything after /v1/blobs/). */
export const blobKeyParamsSchema = z.object({ '*': asciiTokenSchema(1024).min(1) });
export type BlobKeyParams = z.infer<typeof blobKeyParamsSchema>;

/** Query of a signed PUT address (the disk driver's). */
export const blobPutQuerySchema = z.object({
  expires: z.coerce.number<number>().int(),
  size: z.coerce.number<number>().int().positive(),
  signature: asciiTokenSchema(100),
});
export type BlobPutQuery = z.infer<typeof blobPutQuerySchema>;

/** Query of a signed GET address: the content type to serve and, for a download, the file's name. */
export const blobGetQuerySchema = z.object({
  expires: z.coerce.number<number>().int(),
  type: asciiTokenSchema(255),
  name: textSchema({ max: 255 }).optional(),
  signature: asciiTokenSchema(100),
});
export type BlobGetQuery = z.infer<typeof blobGetQuerySchema>;

/** A stable avatar address: the image, or its 256 px thumbnail. */
export const avatarParamsSchema = z.object({ blobId: z.uuid() });
export const avatarQuerySchema = z.object({ size: z.enum(['thumb']).optional() });
export type AvatarParams = z.infer<typeof avatarParamsSchema>;
export type AvatarQuery = z.infer<typeof avatarQuerySchema>;
