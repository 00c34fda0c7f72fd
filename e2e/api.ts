import { createHash } from 'node:crypto';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { DirectUploadResponse } from '@trackit/contract/upload.schema';
import { expect, inject } from 'vitest';
import { postApi } from './session';

/** Sends a JSON request with the session's token; resolves the envelope's data. */
export async function callApi<T>(
  method: string,
  apiPath: string,
  token: TokenPair,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${inject('e2eBaseUrl')}/storm_api${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  expect(envelope.code, envelope.message).toBe(0);
  return envelope.data;
}

/** Uploads a picture into a folder as the browser does (announce, PUT, add); resolves the file's id. */
export async function uploadPicture(token: TokenPair, folderId: number, bytes: Buffer, name: string) {
  const announced = await callApi<DirectUploadResponse>('POST', '/v1/direct_uploads', token, {
    checksum: createHash('md5').update(bytes).digest('base64'),
    content_type: 'image/jpeg',
    byte_size: bytes.length,
    filename: name,
  });
  const { url, headers } = announced.direct_upload;
  const stored = await fetch(new URL(url, inject('e2eBaseUrl')), {
    method: 'PUT',
    headers,
    body: new Uint8Array(bytes),
  });
  expect(stored.status).toBe(200);
  const added = await postApi<{ id: number }>(
    '/v1/files',
    { folder_id: folderId, signed_id: announced.signed_id },
    token.access_token,
  );
  expect(added.code).toBe(0);
  return added.data.id;
}
