/**
 * The one HTTP client of the three apps (docs/product.md §7, §8): axios under /storm_api with a 10 s time-out,
 * bracket arrays in query strings, a bearer header, and the envelope check. Every call goes through an
 * endpoint of the contract (`api.call(endpoints.profile.get)`), so its path, input and answer are typed
 * once, from the same declarations the server registers. The app injects its UI (toast, confirmation
 * dialog) and its session policy, so this file knows nothing of antd or routing.
 */
import { API_BASE_PATH, API_TIMEOUT_MS } from '@trackit/contract/constants';
import {
  type AnswerData,
  type CallInput,
  type EndpointSpec,
  type EnvelopeData,
  fillPath,
  type PageItem,
} from '@trackit/contract/endpoint';
import {
  type ConfirmationData,
  type Envelope,
  PAGE_HEADERS,
  PAGINATION,
  REQUEST_ID_HEADER,
} from '@trackit/contract/envelope';
import {
  ERROR_CATALOGUE,
  SESSION_ERROR_CODES,
  SUCCESS_CODE,
  TRANSPORT_ERROR_CODE,
} from '@trackit/contract/error-codes';
import { MESSAGES } from '@trackit/contract/messages';
import axios, {
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  fileNameFromDisposition,
  headerText,
  isEnvelope,
  isRecord,
  mergeResponseHeaders,
  parseJsonBytes,
  readConfirmation,
  serializeParams,
  toPositiveInt,
} from './api-response';

/** Per-call switches, passed as `meta` in an axios config or as the helpers' last argument. */
export interface RequestMeta {
  /** Send no bearer header (login, code request, share pages). */
  skipAuth?: boolean;
  /** Do not toast a failure: the caller shows it itself (e.g. under the login button). */
  hideToast?: boolean;
  /**
   * Resolve whatever code the server answers, with the whole envelope: no rejection, toast, dialog or
   * session handling. For calls that read `code` themselves (the profile probe on the login page).
   * A call that got no answer still rejects.
   */
  skipCodeCheck?: boolean;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    meta?: RequestMeta;
  }
}

/** Set on the copy of a call re-sent after a session refresh, so a call is retried at most once. */
interface InternalMeta extends RequestMeta {
  sessionRetried?: boolean;
}

/** Axios config of a call, with the typed `meta` field. */
export type ApiRequestConfig<D = unknown> = AxiosRequestConfig<D>;

/** Options of a call: the meta switches plus an abort signal (TanStack Query passes one). */
export interface CallOptions extends RequestMeta {
  signal?: AbortSignal;
}

/** Response headers starting with `x-`, copied into the body (docs/product.md §3); `x-total` is a number. */
export type ResponseHeaderFields = { [name: `x-${string}`]: string | number | undefined } & {
  'x-total'?: number;
};

/** What `request` resolves to: the envelope with the `x-` response headers merged in. */
export type ApiBody<T> = Envelope<T> & ResponseHeaderFields;

/** One page of a list, with the pagination the server sent in `x-page`, `x-per-page`, `x-total`. */
export interface Page<T> {
  data: T[];
  page: number;
  perPage: number;
  total: number;
}

export interface ApiErrorInit<D = unknown> {
  code: number;
  message: string;
  data?: D;
  /** HTTP status; 0 when no answer came back. */
  status: number;
  requestId?: string;
  cause?: unknown;
}

/**
 * The only error a call rejects with for what the server or the network said (besides an aborted call's
 * own cancellation error). A call made wrongly (a missing path parameter) throws a TypeError instead.
 */
export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly data: D | undefined;
  readonly status: number;
  /** The server's `x-request-id`, for matching a report to its log. */
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit<D>) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.data = init.data;
    this.status = init.status;
    this.requestId = init.requestId;
  }

  get isTransport(): boolean {
    return this.code === TRANSPORT_ERROR_CODE;
  }

  get isSession(): boolean {
    return SESSION_ERROR_CODES.includes(this.code);
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/**
 * What the app's session hook decided: `'retry'` re-sends the call once (after it refreshed the
 * token; the token getter is read again), anything else lets the call fail.
 */
export type SessionOutcome = 'retry' | 'fail';

export interface SessionErrorContext {
  /** True when this call was already re-sent once after a refresh: do not refresh again. */
  retried: boolean;
  /**
   * The access token the failed call was sent with (undefined when it went without one). A token that
   * differs from the stored one means a refresh already happened meanwhile: retry, do not refresh again.
   */
  accessToken: string | undefined;
}

export interface ApiClientOptions {
  /** Defaults to /storm_api (same origin). Tests pass an absolute address. */
  baseURL?: string;
  /** Defaults to 10 s (docs/product.md §9). */
  timeout?: number;
  /** Read before every call; no header when it returns nothing or the call has `skipAuth`. */
  getAccessToken?: () => string | null | undefined;
  /** Shows a failure; called with the server's message or 网络异常, unless the call has `hideToast`. */
  onErrorToast?: (message: string) => void;
  /** Opens the single-button dialog of a 30110 answer. Without it, 30110 is toasted like any error. */
  onConfirm?: (confirmation: ConfirmationData) => void;
  /**
   * Called on 10401, 10498, 10499. The place for a single-flight token refresh: resolve `'retry'` once
   * a fresh token is stored, or send the user to the login page and resolve `'fail'`.
   */
  onSessionError?: (
    error: ApiError,
    context: SessionErrorContext,
  ) => SessionOutcome | undefined | Promise<SessionOutcome | undefined>;
}

/** What `call` resolves: the answer's data, or a `Page` for a paged list. */
export type CallResult<E extends EndpointSpec> = E['answer'] extends { kind: 'page' }
  ? Page<PageItem<E>>
  : AnswerData<E>;

/** The arguments after the endpoint: its input (optional when nothing in it is required), then options. */
export type CallArgs<E extends EndpointSpec> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/** An endpoint answering the envelope (not a redirect, a file or a document), which the client can call. */
export type CallableEndpoint = EndpointSpec & { readonly answer: { readonly kind: 'json' | 'page' } };

/** An endpoint answering a file the server makes (a PDF, a spreadsheet), which the client downloads. */
export type DownloadableEndpoint = EndpointSpec & {
  readonly answer: { readonly kind: 'raw'; readonly status: 200 };
};

/** An endpoint whose body is a file's bytes (a spreadsheet to import), answering the envelope. */
export type FileBodyEndpoint = CallableEndpoint & { readonly rawBody: true };

/** A downloaded file: its bytes and type, and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/** Files made on request (photos scaled for print, a whole sheet) take longer than a JSON answer. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface ApiClient {
  /**
   * Calls an endpoint of the contract; resolves its data, or a `Page` (items plus x-page/x-total). A
   * public endpoint is called without the bearer token.
   */
  call<E extends CallableEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<CallResult<E>>;
  /**
   * The whole envelope plus `x-` headers, for the calls that read `code` themselves (`skipCodeCheck`).
   * `data` is the endpoint's answer only when `code` is 0.
   */
  callEnvelope<E extends CallableEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<ApiBody<EnvelopeData<E>>>;
  /**
   * Downloads the file an endpoint answers, with the session like any call (one refresh and retry). A
   * refusal is the usual envelope: it rejects with an ApiError, toasted unless `hideToast`.
   */
  download<E extends DownloadableEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<DownloadedFile>;
  /**
   * Sends a file as the body of an endpoint that takes one, with its params and query; resolves and
   * rejects like `call`.
   */
  upload<E extends FileBodyEndpoint>(endpoint: E, file: Blob, ...args: CallArgs<E>): Promise<CallResult<E>>;
  /** The underlying axios instance (interceptors installed). */
  readonly instance: AxiosInstance;
}

export const createApiClient = (options: ApiClientOptions = {}): ApiClient => {
  const instance = axios.create({
    baseURL: options.baseURL ?? API_BASE_PATH,
    timeout: options.timeout ?? API_TIMEOUT_MS,
    paramsSerializer: { serialize: serializeParams },
    // Every answer with a body is judged by its envelope code, whatever the HTTP status.
    validateStatus: () => true,
  });

  const toast = (error: ApiError, meta: RequestMeta): void => {
    if (!meta.hideToast) options.onErrorToast?.(error.message || MESSAGES.networkError);
  };

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = config.meta?.skipAuth ? undefined : options.getAccessToken?.();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    return config;
  });

  const handleSessionError = async (error: ApiError, response: AxiosResponse): Promise<AxiosResponse> => {
    const meta: InternalMeta = response.config.meta ?? {};
    const retried = meta.sessionRetried === true;
    const authorization = headerText(response.config.headers?.Authorization);
    const accessToken = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    let outcome: SessionOutcome | undefined;
    try {
      outcome = await options.onSessionError?.(error, { retried, accessToken });
    } catch {
      outcome = 'fail';
    }
    if (outcome === 'retry' && !retried) {
      const retryMeta: InternalMeta = { ...meta, sessionRetried: true };
      return instance.request({ ...response.config, meta: retryMeta });
    }
    toast(error, meta);
    throw error;
  };

  const handleResponse = async (response: AxiosResponse): Promise<AxiosResponse> => {
    const meta: RequestMeta = response.config.meta ?? {};
    // A download answers bytes; a refusal is the envelope in bytes, judged like any answer below (and
    // bytes that are neither, such as a proxy's error page, are a network problem).
    if (response.config.responseType === 'arraybuffer') {
      const isJson = headerText(response.headers['content-type'])?.includes('application/json') ?? false;
      if (response.status === 200 && !isJson) return response;
      response.data = isJson ? parseJsonBytes(response.data) : undefined;
    }
    const body: unknown = response.data;
    if (isRecord(body)) mergeResponseHeaders(body, response.headers);
    if (meta.skipCodeCheck) return response;

    const requestId = headerText(response.headers[REQUEST_ID_HEADER]);
    if (!isEnvelope(body)) {
      // Not our API answering (a proxy's 502 page, a captive portal): for the user, a network problem.
      const error = new ApiError({
        code: TRANSPORT_ERROR_CODE,
        message: MESSAGES.networkError,
        data: body,
        status: response.status,
        requestId,
      });
      toast(error, meta);
      throw error;
    }
    if (body.code === SUCCESS_CODE) return response;

    const error = new ApiError({
      code: body.code,
      message: body.message || MESSAGES.networkError,
      data: body.data,
      status: response.status,
      requestId,
    });
    // A call sent without the token (skipAuth) says nothing about the session: it just fails.
    if (error.isSession && !meta.skipAuth) return handleSessionError(error, response);
    if (error.code === ERROR_CATALOGUE.needsConfirmation.code && options.onConfirm) {
      options.onConfirm(readConfirmation(body.data, error.message));
      throw error;
    }
    toast(error, meta);
    throw error;
  };

  const handleTransportError = (cause: unknown): never => {
    // An aborted call (query unmounted, superseded) is not a failure to show.
    if (axios.isCancel(cause)) throw cause;
    const config = axios.isAxiosError(cause) ? cause.config : undefined;
    const error = new ApiError({
      code: TRANSPORT_ERROR_CODE,
      message: MESSAGES.networkError,
      status: 0,
      cause,
    });
    toast(error, config?.meta ?? {});
    throw error;
  };

  instance.interceptors.response.use(handleResponse, handleTransportError);

  const request = <T, E extends EndpointSpec>(
    endpoint: E,
    input: CallInput<E> | undefined,
    callOptions: CallOptions = {},
    config: Pick<AxiosRequestConfig, 'responseType' | 'timeout' | 'data' | 'headers'> = {},
  ): Promise<AxiosResponse<T>> => {
    const { signal, ...meta } = callOptions;
    // A public endpoint never carries the session, so its failures never start a session refresh.
    if (endpoint.access.kind === 'public') meta.skipAuth ??= true;
    const { params, query, body } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    return instance.request<T>({
      method: endpoint.method,
      url: fillPath(endpoint.path, params),
      params: query,
      data: body,
      signal,
      meta,
      ...config,
    });
  };

  const send = async <E extends CallableEndpoint>(
    endpoint: E,
    input: CallInput<E> | undefined,
    callOptions?: CallOptions,
  ): Promise<ApiBody<EnvelopeData<E>>> =>
    (await request<ApiBody<EnvelopeData<E>>, E>(endpoint, input, callOptions)).data;

  const toPage = <T>(body: ApiBody<unknown>): Page<T> => {
    const data = (Array.isArray(body.data) ? body.data : []) as T[];
    return {
      data,
      page: toPositiveInt(body[PAGE_HEADERS.page]) ?? 1,
      perPage: toPositiveInt(body[PAGE_HEADERS.perPage]) ?? PAGINATION.defaultPerPage,
      total: body[PAGE_HEADERS.total] ?? data.length,
    };
  };

  /** What `call` resolves: the answer's data, or a page of it. */
  const resultOf = <E extends CallableEndpoint>(endpoint: E, body: ApiBody<EnvelopeData<E>>) =>
    (endpoint.answer.kind === 'page' ? toPage(body) : body.data) as CallResult<E>;

  return {
    instance,
    call: async <E extends CallableEndpoint>(endpoint: E, ...[input, callOptions]: CallArgs<E>) => {
      const body = await send(endpoint, input, callOptions);
      return resultOf(endpoint, body);
    },
    callEnvelope: <E extends CallableEndpoint>(endpoint: E, ...[input, callOptions]: CallArgs<E>) =>
      send(endpoint, input, callOptions),
    download: async <E extends DownloadableEndpoint>(endpoint: E, ...[input, callOptions]: CallArgs<E>) => {
      const response = await request<ArrayBuffer, E>(endpoint, input, callOptions, {
        responseType: 'arraybuffer',
        timeout: DOWNLOAD_TIMEOUT_MS,
      });
      return {
        blob: new Blob([response.data], {
          type: headerText(response.headers['content-type']) ?? endpoint.answer.contentType,
        }),
        fileName: fileNameFromDisposition(headerText(response.headers['content-disposition'])),
      };
    },
    upload: async <E extends FileBodyEndpoint>(
      endpoint: E,
      file: Blob,
      ...[input, callOptions]: CallArgs<E>
    ) => {
      // A file of a few megabytes gets the allowance of a download, not the 10 s of a JSON call.
      const response = await request<ApiBody<EnvelopeData<E>>, E>(endpoint, input, callOptions, {
        data: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        timeout: DOWNLOAD_TIMEOUT_MS,
      });
      return resultOf(endpoint, response.data);
    },
  };
};
