/**
 * How an API endpoint is declared: method, path, what it requires, and the schemas of its input and
 * answer. Each domain lists its endpoints in `<domain>.endpoints.ts`; `endpoints.ts` gathers them. The
 * server registers its routes from these declarations (and enforces `access` exactly), the apps' client
 * calls through them, and the OpenAPI document is generated from them: a renamed field or path fails
 * the typecheck on both sides.
 */
import type { z } from 'zod';
import type { PermissionLevel } from './enums';
import type { PermissionKey } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, any signed-in member, or a member holding a permission key at a level or above. */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | { readonly kind: 'permission'; readonly key: PermissionKey; readonly level: PermissionLevel };

export const publicAccess = { kind: 'public' } as const;
export const sessionAccess = { kind: 'session' } as const;
export const requires = <K extends PermissionKey, L extends PermissionLevel>(key: K, level: L) =>
  ({ kind: 'permission', key, level }) as const;

/**
 * What a successful call answers: the envelope around `data`; the envelope around a page of `item`s
 * (position in the x-page / x-per-page / x-total headers); or something else entirely (a redirect to a
 * signed address, a file's bytes, the OpenAPI document), described for the reference.
 */
export type Answer =
  | { readonly kind: 'json'; readonly data: z.ZodType }
  | { readonly kind: 'page'; readonly item: z.ZodType }
  | {
      readonly kind: 'raw';
      readonly status: 200 | 302;
      readonly contentType: string;
      readonly description: string;
    };

export const json = <T extends z.ZodType>(data: T) => ({ kind: 'json', data }) as const;
export const page = <T extends z.ZodType>(item: T) => ({ kind: 'page', item }) as const;
export const raw = <S extends 200 | 302>(status: S, contentType: string, description: string) =>
  ({ kind: 'raw', status, contentType, description }) as const;

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Below /storm_api, with `:name` parameters (`/v1/folders/:id`) and `*` for a trailing wildcard. */
  readonly path: string;
  /** One line in Chinese, for the API reference. */
  readonly summary: string;
  readonly access: Access;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The body is a file's raw bytes (a storage upload), not JSON. */
  readonly rawBody?: true;
  readonly answer: Answer;
}

/** Declares an endpoint, keeping its literal types (method, path, access) for the client and server. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** A domain's endpoints, by name. */
export type EndpointGroup = Readonly<Record<string, EndpointSpec>>;

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** The parsed (server-side) params, query and body of an endpoint; undefined where it declares none. */
export type ParsedParams<E> =
  Schema<E, 'params'> extends z.ZodType ? z.output<Schema<E, 'params'>> : undefined;
export type ParsedQuery<E> = Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : undefined;
export type ParsedBody<E> = Schema<E, 'body'> extends z.ZodType ? z.output<Schema<E, 'body'>> : undefined;

/** The data of a `json` answer, or one item of a `page` answer. */
export type AnswerData<E extends EndpointSpec> = E['answer'] extends {
  kind: 'json';
  data: infer S extends z.ZodType;
}
  ? z.output<S>
  : never;
/** The `data` of the envelope: the answer's data, or the array of a page. */
export type EnvelopeData<E extends EndpointSpec> = E['answer'] extends { kind: 'page' }
  ? PageItem<E>[]
  : AnswerData<E>;
export type PageItem<E extends EndpointSpec> = E['answer'] extends {
  kind: 'page';
  item: infer S extends z.ZodType;
}
  ? z.output<S>
  : never;

type InputPart<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { readonly [P in K]?: z.input<S> }
    : // Params and query whose every field is optional may be left out too.
      Record<never, never> extends z.input<S>
      ? { readonly [P in K]?: z.input<S> }
      : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: never };

/** A declared body is required unless its schema itself accepts none (a refine may need one field of several). */
type BodyPart<S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { readonly body?: z.input<S> }
    : { readonly body: z.input<S> }
  : { readonly body?: never };

/** What a caller passes: `params`, `query` and `body`, each only when the endpoint declares it. */
export type CallInput<E extends EndpointSpec> = InputPart<'params', Schema<E, 'params'>> &
  InputPart<'query', Schema<E, 'query'>> &
  BodyPart<Schema<E, 'body'>>;

/** The concrete path of a call: `/v1/folders/:id` with `{ id: 12 }` gives `/v1/folders/12`. */
export const fillPath = (path: string, params: Readonly<Record<string, unknown>> | undefined): string =>
  path.replace(/:([A-Za-z_]\w*)|\*$/g, (_match, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`missing path parameter ${name ?? '*'} for ${path}`);
    }
    // A wildcard keeps its slashes (a storage key); a named parameter is one segment.
    const segments = name ? [String(value)] : String(value).split('/');
    // `.` and `..` survive encoding and URLs resolve them: the call would reach another path.
    if (segments.some((segment) => segment === '.' || segment === '..' || segment === '')) {
      throw new TypeError(`path parameter ${name ?? '*'} of ${path} is not a path segment`);
    }
    return segments.map(encodeURIComponent).join('/');
  });
