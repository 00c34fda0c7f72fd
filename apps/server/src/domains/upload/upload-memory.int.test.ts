import type { DirectUploadResponse, FileItem } from '@trackit/contract/upload.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../test/poll';
import { putStream, repeatedBody, type ServerProcess, startServerProcess } from '../../test/server-process';

/** Large enough that reading it whole would show plainly in the peak memory. */
const SIZE = 320 * 1024 * 1024;

/**
 * A large file announced as an image must not be read into memory: neither when its thumbnail is made
 * nor when it is offered as an avatar. The server runs in its own process, whose peak resident memory
 * (VmHWM) is reset before each step and read after it.
 */
describe('memory stays bounded whatever the size of an uploaded image', () => {
  let server: ServerProcess;
  let headers: Record<string, string>;

  async function upload() {
    const body = repeatedBody(SIZE);
    const announced = await server.api<DirectUploadResponse>('POST', '/storm_api/v1/direct_uploads', {
      body: { checksum: body.checksum, content_type: 'image/jpeg', byte_size: SIZE, filename: '大图.jpg' },
      headers,
    });
    expect(announced.body.code, announced.body.message).toBe(0);
    const { url, headers: putHeaders } = announced.body.data.direct_upload;
    expect(await putStream(`${server.baseUrl}${url}`, putHeaders, body.stream(), SIZE)).toBe(200);
    return announced.body.data.signed_id;
  }

  /** Runs a step; answers its result and how far it raised the process's peak memory. */
  async function measured<T>(step: () => Promise<T>) {
    await server.resetPeakMemory();
    const before = await server.peakMemory();
    const result = await step();
    return { result, growth: (await server.peakMemory()) - before };
  }

  beforeAll(async () => {
    server = await startServerProcess();
    headers = await server.signIn();
  });
  afterAll(() => server?.stop());

  it('makes (or fails) the thumbnail without reading the file into memory', async () => {
    const folder = await server.api<{ id: number }>('POST', '/storm_api/v1/folders', {
      body: { name: '大文件' },
      headers,
    });
    expect(folder.body.code, folder.body.message).toBe(0);
    const signedId = await upload();
    const { result: state, growth } = await measured(async () => {
      const attached = await server.api<FileItem>('POST', '/storm_api/v1/files', {
        body: { folder_id: folder.body.data.id, signed_id: signedId },
        headers,
      });
      expect(attached.body.code, attached.body.message).toBe(0);
      return pollUntil(async () => {
        const files = await server.api<FileItem[]>(
          'GET',
          `/storm_api/v1/folders/${folder.body.data.id}/files`,
          { headers },
        );
        const state = files.body.data[0]?.thumbnail_state ?? 'pending';
        return state === 'pending' ? undefined : state;
      });
    });
    console.log(`thumbnail of a ${SIZE >> 20} MB file: peak memory +${growth >> 20} MB`);
    expect(state).toBe('failed'); // the bytes are no image
    expect(growth).toBeLessThan(SIZE / 4);
  });

  it('refuses an avatar too large before reading it', async () => {
    const signedId = await upload();
    const { result: res, growth } = await measured(() =>
      server.api('PATCH', '/storm_api/v1/profile', { body: { avatar_signed_id: signedId }, headers }),
    );
    console.log(`avatar of a ${SIZE >> 20} MB file: peak memory +${growth >> 20} MB`);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 41300, message: '头像图片不能超过 10 MB', data: null });
    expect(growth).toBeLessThan(SIZE / 4);
  });
});
