/**
 * The steps of one file's direct upload (docs/product.md §3, §5, §7): checksum → POST /v1/direct_uploads → PUT of
 * the bytes to the pre-signed address with the server's headers → 200 ms for storage to settle. What
 * the blob then becomes (a folder's file, an avatar) is the caller's next call with the `signed_id`.
 * Every dependency is injected, so the steps run in Node tests without a browser.
 */
import { DIRECT_UPLOAD_SETTLE_MS } from '@trackit/contract/constants';
import { SESSION_ERROR_CODES, SUCCESS_CODE } from '@trackit/contract/error-codes';
import { folderEndpoints } from '@trackit/contract/folder.endpoints';
import { MESSAGES, storageFailed } from '@trackit/contract/messages';
import { fileSuffix } from '@trackit/contract/patterns';
import { uploadEndpoints } from '@trackit/contract/upload.endpoints';
import type {
  DirectUploadRequest,
  DirectUploadResponse,
  FileCreate,
  FileItem,
} from '@trackit/contract/upload.schema';
import type { ApiClient } from '../api-client';
import { type ComputeMd5, computeMd5 } from './compute-md5';

/** The calls the steps make through the app's API client. */
export type UploadApi = Pick<ApiClient, 'call' | 'callEnvelope'>;

export interface PutRequest {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  /** Bytes sent so far, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Sends the PUT; resolves the HTTP status whatever it is, rejects only when no answer came back. */
export type PutFile = (request: PutRequest) => Promise<number>;

export interface UploadDeps {
  api: UploadApi;
  computeMd5: ComputeMd5;
  putFile: PutFile;
  sleep: (ms: number) => Promise<void>;
}

export type UploadPhase = 'checksum' | 'upload';

export interface UploadProgress {
  phase: UploadPhase;
  loaded: number;
  total: number;
}

export interface UploadedBlob {
  signedId: string;
  /** A signed address to view the stored file (expires like the upload address). */
  previewUrl: string;
  checksum: string;
}

export interface UploadBlobOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** A checksum computed earlier for this very file (a retry), to skip reading it again. */
  checksum?: string | undefined;
  /** Called once the checksum is known, to keep it for a retry. */
  onChecksum?: (checksum: string) => void;
  signal?: AbortSignal;
  /** Wait the settle time before returning (default). The queue waits itself, after freeing its slot. */
  settle?: boolean;
}

/** A step failed with a message for the user (the server's refusal, a storage status). */
export class UploadStepError extends Error {
  override readonly name = 'UploadStepError';
}

/** Sent when the browser does not know a file's type; the server then refuses it with its own message. */
const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** The direct-upload request of a file (docs/product.md §3); `suffix` is absent when the name has no dot (§5). */
export const directUploadRequest = (file: File, checksum: string): DirectUploadRequest => ({
  checksum,
  content_type: file.type || UNKNOWN_CONTENT_TYPE,
  byte_size: file.size,
  filename: file.name,
  suffix: fileSuffix(file.name),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * POST /v1/direct_uploads. It skips the client's code check (docs/product.md §7), so a refusal (type, size) is
 * read here and thrown with the server's message. An expired session is the one code not for the
 * user: the call is sent once more the regular way, which refreshes the token (a batch of hundreds of
 * files can outlive an access token).
 */
export async function requestDirectUpload(
  api: UploadApi,
  request: DirectUploadRequest,
  signal?: AbortSignal,
): Promise<DirectUploadResponse> {
  const body: unknown = await api.callEnvelope(
    uploadEndpoints.announce,
    { body: request },
    { signal, skipCodeCheck: true },
  );
  if (!isRecord(body) || typeof body.code !== 'number') throw new UploadStepError(MESSAGES.networkError);
  if (body.code === SUCCESS_CODE) return body.data as DirectUploadResponse;
  if (SESSION_ERROR_CODES.includes(body.code)) {
    return api.call(uploadEndpoints.announce, { body: request }, { hideToast: true, signal });
  }
  throw new UploadStepError(
    typeof body.message === 'string' && body.message ? body.message : MESSAGES.networkError,
  );
}

/** POST /v1/files: the stored blob becomes a file of the folder. Failures are shown on the item, not toasted. */
export const createFileRecord = (
  api: UploadApi,
  payload: FileCreate,
  signal?: AbortSignal,
): Promise<FileItem> => api.call(folderEndpoints.addFile, { body: payload }, { hideToast: true, signal });

/** The checksum of a file for its direct upload, unless one is already known (a retry). */
export async function checksumOf(
  deps: Pick<UploadDeps, 'computeMd5'>,
  file: File,
  { onProgress, checksum: known }: Pick<UploadBlobOptions, 'onProgress' | 'checksum'> = {},
): Promise<string> {
  const total = file.size;
  const checksum =
    known ?? (await deps.computeMd5(file, (loaded) => onProgress?.({ phase: 'checksum', loaded, total })));
  onProgress?.({ phase: 'checksum', loaded: total, total });
  return checksum;
}

/** POST /v1/direct_uploads for a file whose checksum is known: where to PUT it, and the blob's id. */
export const announceUpload = (
  deps: Pick<UploadDeps, 'api'>,
  file: File,
  checksum: string,
  signal?: AbortSignal,
): Promise<DirectUploadResponse> =>
  requestDirectUpload(deps.api, directUploadRequest(file, checksum), signal);

/** The PUT of the bytes to the announced address, with the server's headers; rejects unless 2xx. */
export async function putUpload(
  deps: Pick<UploadDeps, 'putFile'>,
  file: File,
  target: DirectUploadResponse['direct_upload'],
  { onProgress, signal }: Pick<UploadBlobOptions, 'onProgress' | 'signal'> = {},
): Promise<void> {
  const total = file.size;
  let status: number;
  try {
    status = await deps.putFile({
      url: target.url,
      headers: target.headers,
      body: file,
      onProgress: (loaded, bodyTotal) => onProgress?.({ phase: 'upload', loaded, total: bodyTotal || total }),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new UploadStepError(MESSAGES.networkError, { cause });
  }
  if (status < 200 || status > 299) throw new UploadStepError(storageFailed(status));
  onProgress?.({ phase: 'upload', loaded: total, total });
}

/**
 * Checksum, direct upload, PUT and the settling pause of one file. Rejects with a message for the user:
 * 读取文件 {file} 出错, the server's refusal, 文件存储失败（状态码 {status}）, or 网络异常. The upload queue
 * runs the same steps one by one, overlapping the files (checksums ahead of the PUTs).
 */
export async function uploadBlob(
  deps: UploadDeps,
  file: File,
  { onProgress, checksum: known, onChecksum, signal, settle = true }: UploadBlobOptions = {},
): Promise<UploadedBlob> {
  const checksum = await checksumOf(deps, file, { onProgress, checksum: known });
  onChecksum?.(checksum);
  const { direct_upload: target, signed_id } = await announceUpload(deps, file, checksum, signal);
  await putUpload(deps, file, target, { onProgress, signal });

  // docs/product.md §9: storage settles the object before the file record is created.
  if (settle) await settleUpload(deps);
  return { signedId: signed_id, previewUrl: target.preview_url, checksum };
}

/** The wait between the PUT and the record (docs/product.md §9: 200 ms). */
export const settleUpload = (deps: Pick<UploadDeps, 'sleep'>) => deps.sleep(DIRECT_UPLOAD_SETTLE_MS);

/** Headers a page may not set (the browser refuses them with a console error); it sends its own. */
const BROWSER_OWNED_HEADERS = new Set(['content-length', 'host', 'connection', 'expect']);

/** The PUT through XMLHttpRequest, whose upload events give real progress (fetch has none). */
export const xhrPut: PutFile = ({ url, headers, body, onProgress, signal }) =>
  new Promise<number>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      if (!BROWSER_OWNED_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) =>
        onProgress(event.loaded, event.lengthComputable ? event.total : body.size),
      );
    }
    xhr.addEventListener('load', () => resolve(xhr.status));
    xhr.addEventListener('error', () => reject(new Error(`PUT ${url} got no answer`)));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The browser's implementations of every step: worker checksums, XHR PUT, real time. */
export const browserUploadDeps = (api: UploadApi): UploadDeps => ({
  api,
  computeMd5,
  putFile: xhrPut,
  sleep,
});
