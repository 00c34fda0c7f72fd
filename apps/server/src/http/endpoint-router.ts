import { API_BASE_PATH } from '@trackit/contract/constants';
import type {
  Access,
  AnswerData,
  EndpointGroup,
  EndpointSpec,
  PageItem,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
} from '@trackit/contract/endpoint';
import type { Endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { envelopeSchema, PAGE_HEADERS, type PageQuery } from '@trackit/contract/envelope';
import type { PermissionKey } from '@trackit/contract/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { AuthContext, RequestOrigin } from './auth-context';
import { ok } from './envelope';
import { originOf } from './request-context';

/** How the registrar checks `access`; app.ts wires it to the session and permission services. */
export interface AccessControl {
  /** The caller of a bearer token; throws 10401 / 10498 / 10499. */
  authenticate(request: FastifyRequest): Promise<AuthContext>;
  /** Throws 403 unless the caller holds `key` at `level` or above in the current team. */
  authorize(auth: AuthContext, key: PermissionKey, level: PermissionLevel): Promise<void>;
}

/** What a handler receives: the validated input, the caller (null only on public endpoints) and where from. */
export interface HandlerContext<E extends EndpointSpec> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  auth: E['access'] extends { kind: 'public' } ? null : AuthContext;
  origin: RequestOrigin;
  /** Only for raw answers (redirects, files) and the few routes that read headers. */
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One page of a list: the items and how many there are in all. */
export interface PageResult<T> {
  items: T[];
  total: number;
}

/** A `json` endpoint returns its data, a `page` endpoint a PageResult, a `raw` one the reply it sent. */
export type HandlerResult<E extends EndpointSpec> = E['answer'] extends { kind: 'json' }
  ? AnswerData<E>
  : E['answer'] extends { kind: 'page' }
    ? PageResult<PageItem<E>>
    : FastifyReply;

export type Handler<E extends EndpointSpec> = (context: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** A domain's handlers: exactly one per endpoint it declares (a missing one fails the typecheck). */
export type Handlers<G extends EndpointGroup> = { readonly [K in keyof G]: Handler<G[K]> };

/** Every domain's handlers: a domain left out fails the typecheck. */
export type ApiHandlers = { readonly [G in keyof Endpoints]: Handlers<Endpoints[G]> };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; null only on public endpoints. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The declaration the route was registered from (tests and the OpenAPI check read it). */
    endpoint?: EndpointSpec;
  }
}

function answerSchemas(endpoint: EndpointSpec): FastifySchema['response'] {
  switch (endpoint.answer.kind) {
    case 'json':
      return { 200: envelopeSchema(endpoint.answer.data) };
    case 'page':
      return { 200: envelopeSchema(z.array(endpoint.answer.item)) };
    case 'raw':
      return undefined;
  }
}

/** Authenticates before the body is even read, and refuses a caller without the declared permission. */
function accessGuard(access: Access, control: AccessControl) {
  return async (request: FastifyRequest) => {
    if (access.kind === 'public') return;
    const auth = await control.authenticate(request);
    request.auth = auth;
    if (access.kind === 'permission') await control.authorize(auth, access.key, access.level);
  };
}

function registerEndpoint(
  router: FastifyInstance,
  endpoint: EndpointSpec,
  handler: Handler<EndpointSpec>,
  control: AccessControl,
  bodyLimit: number | undefined,
) {
  router.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.rawBody && bodyLimit ? { bodyLimit } : {}),
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: answerSchemas(endpoint),
    },
    config: { endpoint },
    onRequest: accessGuard(endpoint.access, control),
    handler: async (request, reply) => {
      const result: unknown = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        auth: request.auth,
        origin: originOf(request),
        request,
        reply,
      } as HandlerContext<EndpointSpec>);
      if (endpoint.answer.kind === 'raw') return result;
      if (endpoint.answer.kind === 'page') {
        const { items, total } = result as PageResult<unknown>;
        const query = request.query as PageQuery;
        reply.header(PAGE_HEADERS.page, String(query.page));
        reply.header(PAGE_HEADERS.perPage, String(query.per_page));
        reply.header(PAGE_HEADERS.total, String(total));
        return ok(items);
      }
      return ok(result);
    },
  });
}

/**
 * Refuses, at start-up, any route under /storm_api that was not registered from an endpoint declaration:
 * the map is the whole API (and the OpenAPI document, generated from it, describes every route).
 */
export function guardApiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const underApi = route.url === API_BASE_PATH || route.url.startsWith(`${API_BASE_PATH}/`);
    if (underApi && !route.config?.endpoint) {
      throw new Error(`${String(route.method)} ${route.url} is not declared in the endpoint map`);
    }
  });
}

/** Registers a group of endpoints on a router (its prefix applies), each with its handler and access check. */
export function registerEndpoints<G extends EndpointGroup>(
  router: FastifyInstance,
  group: G,
  handlers: Handlers<G>,
  control: AccessControl,
  options: { rawBodyLimit?: number } = {},
) {
  for (const [name, endpoint] of Object.entries(group)) {
    const handler = (handlers as Record<string, Handler<EndpointSpec> | undefined>)[name];
    if (!handler) throw new Error(`no handler for endpoint ${name}`);
    registerEndpoint(router, endpoint, handler, control, options.rawBodyLimit);
  }
}

const pick = (group: EndpointGroup, rawBody: boolean): EndpointGroup =>
  Object.fromEntries(Object.entries(group).filter(([, endpoint]) => Boolean(endpoint.rawBody) === rawBody));

/**
 * Registers every endpoint of the contract's map under /storm_api with its handler, its schemas and its
 * access check; nothing else reaches the API. Endpoints whose body is a file's raw bytes are registered
 * in a scope of their own, where the body stays a stream.
 */
export async function registerApi(
  app: FastifyInstance,
  map: Endpoints,
  handlers: ApiHandlers,
  control: AccessControl,
  options: { rawBodyLimit: number },
) {
  app.decorateRequest('auth', null);
  const groups = Object.entries(map) as [keyof Endpoints, EndpointGroup][];
  const handlersOf = (name: keyof Endpoints) => handlers[name] as Handlers<EndpointGroup>;
  await app.register(
    async (api) => {
      for (const [name, group] of groups)
        registerEndpoints(api, pick(group, false), handlersOf(name), control);
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      for (const [name, group] of groups) {
        registerEndpoints(scope, pick(group, true), handlersOf(name), control, options);
      }
    },
    { prefix: API_BASE_PATH },
  );
}
