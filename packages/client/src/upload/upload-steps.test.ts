import { MESSAGES } from '@trackit/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import {
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

const fakeApi = (request: ReturnType<typeof vi.fn>, post = vi.fn()) =>
  ({ request, post }) as unknown as UploadApi & { post: ReturnType<typeof vi.fn> };

describe('directUploadRequest', () => {
  it('describes the file (spec §3), the suffix absent without a dot (spec §5)', () => {
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
    expect(api.request).toHaveBeenCalledWith(expect.objectContaining({ meta: { skipCodeCheck: true } }));
  });

  it('goes through the regular session refresh once when the token expired', async () => {
    const post = vi.fn().mockResolvedValue(answer);
    const api = fakeApi(vi.fn().mockResolvedValue({ code: 10401, message: '登录已过期', data: null }), post);
    await expect(requestDirectUpload(api, request)).resolves.toEqual(answer);
    expect(post).toHaveBeenCalledWith(
      '/v1/direct_uploads',
      request,
      expect.objectContaining({ hideToast: true }),
    );
  });

  it('reads an answer that is not the envelope as a network problem', async () => {
    const api = fakeApi(vi.fn().mockResolvedValue('<html>502</html>'));
    await expect(requestDirectUpload(api, request)).rejects.toThrow(MESSAGES.networkError);
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
    await expect(
      uploadBlob(
        deps(async () => 204),
        png,
        { onChecksum },
      ),
    ).resolves.toEqual({
      signedId: 's1',
      previewUrl: '/v',
      checksum: 'sum',
    });
    expect(onChecksum).toHaveBeenCalledWith('sum');
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
