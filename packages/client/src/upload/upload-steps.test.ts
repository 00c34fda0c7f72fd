import { folderEndpoints } from '@trackit/contract/folder.endpoints';
import { MESSAGES } from '@trackit/contract/messages';
import { uploadEndpoints } from '@trackit/contract/upload.endpoints';
import { describe, expect, it, vi } from 'vitest';
import {
  createFileRecord,
  directUploadRequest,
  requestDirectUpload,
  type UploadApi,
  type UploadDeps,
  uploadBlob,
} from './upload-steps';

const answer = {
  direct_upload: {
    url: '/storm_api/v1/blobs/k',
    headers: { 'Content-Type': 'image/png' },
    preview_url: '/v',
  },
  signed_id: 's1',
};

type FakeApi = UploadApi & { call: ReturnType<typeof vi.fn>; callEnvelope: ReturnType<typeof vi.fn> };

/** The client as the steps see it: `callEnvelope` answers the direct upload's envelope, `call` the rest. */
const fakeApi = (callEnvelope: ReturnType<typeof vi.fn>, call = vi.fn()) =>
  ({ call, callEnvelope }) as unknown as FakeApi;

describe('directUploadRequest', () => {
  it('describes the file (docs/product.md §3), the suffix absent without a dot (docs/product.md §5)', () => {
    const file = new File(['abc'], 'IMG_0001.HEIC', { type: 'image/heic' });
    expect(directUploadRequest(file, 'sum')).toEqual({
      checksum: 'sum',
      content_type: 'image/heic',
      byte_size: 3,
      filename: 'IMG_0001.HEIC',
      suffix: 'HEIC',
    });
    const bare = directUploadRequest(new File(['a'], 'README'), 'sum');
    expect(bare.suffix).toBeUndefined();
    expect(JSON.parse(JSON.stringify(bare))).not.toHaveProperty('suffix');
    expect(bare.content_type).toBe('application/octet-stream');
  });
});

describe('requestDirectUpload', () => {
  const request = directUploadRequest(new File(['a'], 'a.png', { type: 'image/png' }), 'sum');

  it('skips the code check and throws the server’s message itself', async () => {
    const api = fakeApi(vi.fn().mockResolvedValue({ code: 10400, message: '不支持的文件类型', data: null }));
    await expect(requestDirectUpload(api, request)).rejects.toThrow('不支持的文件类型');
    expect(api.callEnvelope).toHaveBeenCalledExactlyOnceWith(
      uploadEndpoints.announce,
      { body: request },
      expect.objectContaining({ skipCodeCheck: true }),
    );
    expect(api.call).not.toHaveBeenCalled();
  });

  it('resolves the data of a successful answer, passing the abort signal on', async () => {
    const api = fakeApi(vi.fn().mockResolvedValue({ code: 0, message: 'ok', data: answer }));
    const { signal } = new AbortController();
    await expect(requestDirectUpload(api, request, signal)).resolves.toEqual(answer);
    expect(api.callEnvelope).toHaveBeenCalledWith(
      uploadEndpoints.announce,
      { body: request },
      {
        signal,
        skipCodeCheck: true,
      },
    );
  });

  it('falls back to 网络异常 when a refusal has no message', async () => {
    const api = fakeApi(vi.fn().mockResolvedValue({ code: 50000, message: '', data: null }));
    await expect(requestDirectUpload(api, request)).rejects.toThrow(MESSAGES.networkError);
  });

  it('goes through the regular session refresh once when the token expired', async () => {
    const call = vi.fn().mockResolvedValue(answer);
    const api = fakeApi(vi.fn().mockResolvedValue({ code: 10401, message: '登录已过期', data: null }), call);
    await expect(requestDirectUpload(api, request)).resolves.toEqual(answer);
    expect(call).toHaveBeenCalledExactlyOnceWith(
      uploadEndpoints.announce,
      { body: request },
      expect.objectContaining({ hideToast: true }),
    );
    expect(call.mock.calls[0]?.[2]).not.toHaveProperty('skipCodeCheck');
    expect(api.callEnvelope).toHaveBeenCalledOnce();
  });

  it('reads an answer that is not the envelope as a network problem', async () => {
    const api = fakeApi(vi.fn().mockResolvedValue('<html>502</html>'));
    await expect(requestDirectUpload(api, request)).rejects.toThrow(MESSAGES.networkError);
  });
});

describe('createFileRecord', () => {
  it('adds the blob to the folder through POST /v1/files, without a toast', async () => {
    const created = { id: 3, folder_id: 12 };
    const api = fakeApi(vi.fn(), vi.fn().mockResolvedValue(created));
    const { signal } = new AbortController();
    await expect(createFileRecord(api, { folder_id: 12, signed_id: 's1' }, signal)).resolves.toBe(created);
    expect(api.call).toHaveBeenCalledExactlyOnceWith(
      folderEndpoints.addFile,
      { body: { folder_id: 12, signed_id: 's1' } },
      { hideToast: true, signal },
    );
    expect(folderEndpoints.addFile).toMatchObject({ method: 'POST', path: '/v1/files' });
    expect(api.callEnvelope).not.toHaveBeenCalled();
  });
});

describe('uploadBlob', () => {
  const deps = (putFile: UploadDeps['putFile']): UploadDeps => ({
    api: fakeApi(vi.fn().mockResolvedValue({ code: 0, message: 'ok', data: answer })),
    computeMd5: async () => 'sum',
    putFile,
    sleep: async () => undefined,
  });
  const png = new File(['abc'], 'a.png', { type: 'image/png' });

  it('resolves the signed id and preview address of the stored blob', async () => {
    const onChecksum = vi.fn();
    const stored = deps(async () => 204);
    await expect(uploadBlob(stored, png, { onChecksum })).resolves.toEqual({
      signedId: 's1',
      previewUrl: '/v',
      checksum: 'sum',
    });
    expect(onChecksum).toHaveBeenCalledWith('sum');
    expect((stored.api as FakeApi).callEnvelope).toHaveBeenCalledExactlyOnceWith(
      uploadEndpoints.announce,
      { body: directUploadRequest(png, 'sum') },
      expect.objectContaining({ skipCodeCheck: true }),
    );
  });

  it('fails a PUT that got no answer with 网络异常', async () => {
    const failing = deps(async () => {
      throw new Error('offline');
    });
    await expect(uploadBlob(failing, png)).rejects.toThrow(MESSAGES.networkError);
  });

  it('fails a 3xx or 4xx answer of storage with its status', async () => {
    await expect(
      uploadBlob(
        deps(async () => 403),
        png,
      ),
    ).rejects.toThrow('文件存储失败（状态码 403）');
    await expect(
      uploadBlob(
        deps(async () => 304),
        png,
      ),
    ).rejects.toThrow('文件存储失败（状态码 304）');
  });

  it('skips the checksum when one is known', async () => {
    const computeMd5 = vi.fn();
    await uploadBlob({ ...deps(async () => 200), computeMd5 }, png, { checksum: 'known' });
    expect(computeMd5).not.toHaveBeenCalled();
  });
});
