/** Uploads: announcing a file, and the disk storage's signed addresses (docs/product.md §5, §7). */
import { z } from 'zod';
import { endpoint, json, publicAccess, raw, sessionAccess } from './endpoint';
import {
  blobGetQuerySchema,
  blobKeyParamsSchema,
  blobPutQuerySchema,
  directUploadRequestSchema,
  directUploadResponseSchema,
} from './upload.schema';

export const uploadEndpoints = {
  announce: endpoint({
    method: 'POST',
    path: '/v1/direct_uploads',
    summary: '声明要上传的文件（MD5、类型、大小），返回签名的上传地址和 signed_id',
    access: sessionAccess,
    body: directUploadRequestSchema,
    answer: json(directUploadResponseSchema),
  }),
  // The signature in the address is the authorisation of these two.
  putBlob: endpoint({
    method: 'PUT',
    path: '/v1/blobs/*',
    summary: '本地存储的签名上传地址：请求体为文件内容，需带签名时的 Content-Type 与 Content-MD5',
    access: publicAccess,
    params: blobKeyParamsSchema,
    query: blobPutQuerySchema,
    rawBody: true,
    answer: json(z.null()),
  }),
  getBlob: endpoint({
    method: 'GET',
    path: '/v1/blobs/*',
    summary: '本地存储的签名下载地址',
    access: publicAccess,
    params: blobKeyParamsSchema,
    query: blobGetQuerySchema,
    answer: raw(200, 'application/octet-stream', '文件内容'),
  }),
} as const;
