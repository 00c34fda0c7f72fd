import { createHash } from 'node:crypto';
import type { DirectUploadResponse, FileItem } from '@trackit/contract/upload.schema';
import { expect } from 'vitest';
import type { ApiResponse, TestApp } from './build-test-app';

/** Announces and PUTs the bytes the way a browser does; resolves the blob's signed_id. */
export async function uploadBlob(
  t: TestApp,
  headers: Record<string, string>,
  bytes: Buffer,
  file: { name: string; type: string },
): Promise<string> {
  const announced = await t.request<DirectUploadResponse>('POST', '/storm_api/v1/direct_uploads', {
    body: {
      checksum: createHash('md5').update(bytes).digest('base64'),
      content_type: file.type,
      byte_size: bytes.length,
      filename: file.name,
    },
    headers,
  });
  expect(announced.body.code, announced.body.message).toBe(0);
  const { url, headers: putHeaders } = announced.body.data.direct_upload;
  // Our disk's addresses are relative; a bucket's are absolute.
  const stored = await fetch(new URL(url, t.baseUrl), { method: 'PUT', headers: putHeaders, body: bytes });
  expect(stored.status).toBe(200);
  return announced.body.data.signed_id;
}

/** Uploads bytes and adds them to a folder (POST /v1/files). */
export async function uploadToFolder(
  t: TestApp,
  headers: Record<string, string>,
  folderId: number,
  bytes: Buffer,
  file: { name: string; type: string },
): Promise<ApiResponse<FileItem>> {
  const signedId = await uploadBlob(t, headers, bytes, file);
  return t.request<FileItem>('POST', '/storm_api/v1/files', {
    body: { folder_id: folderId, signed_id: signedId },
    headers,
  });
}
