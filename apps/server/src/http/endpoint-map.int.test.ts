import { randomUUID } from 'node:crypto';
import { API_BASE_PATH } from '@trackit/contract/constants';
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders } from '../domains/folder/folder.tables';
import { notifications } from '../domains/notify/notify.tables';
import { operationLogs } from '../domains/operation-log/operation-log.tables';
import { blobs, files } from '../domains/upload/upload.tables';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMembership, createTeam, createUser, signIn } from '../test/factories';
import { guardApiRoutes } from './endpoint-router';

const declared = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members as Record<string, EndpointSpec>).map(([name, endpoint]) => ({
    id: `${group}.${name}`,
    endpoint,
  })),
);

/** A concrete URL of an endpoint, with placeholder path parameters. */
const urlOf = (endpoint: EndpointSpec) =>
  `${API_BASE_PATH}${endpoint.path.replace(':id', '1').replace(':blobId', randomUUID()).replace(/\*$/, 'x')}`;

describe('the endpoint map is the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('registers every declared endpoint', () => {
    for (const { id, endpoint } of declared) {
      expect(t.app.hasRoute({ method: endpoint.method, url: `${API_BASE_PATH}${endpoint.path}` }), id).toBe(
        true,
      );
    }
  });

  it('refuses at start-up a route under /storm_api that the map does not declare', async () => {
    const app = Fastify();
    guardApiRoutes(app);
    app.get('/admin/anything', async () => 'not the API');
    let refusal: unknown;
    try {
      app.get(`${API_BASE_PATH}/v1/undeclared`, async () => 'rogue');
      await app.ready();
    } catch (error) {
      refusal = error;
    }
    expect(String(refusal)).toContain('/storm_api/v1/undeclared is not declared in the endpoint map');
    await app.close();
  });

  it('describes every endpoint in /storm_api/openapi.json, with its access', async () => {
    const res = await fetch(`${t.baseUrl}${API_BASE_PATH}/openapi.json`);
    expect(res.headers.get('content-type')).toContain('application/json');
    const document = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { operationId: string; security: unknown[]; 'x-access': unknown }>
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(declared.length);
    for (const { id, endpoint } of declared) {
      const path = `${API_BASE_PATH}${endpoint.path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{key}')}`;
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, id).toBe(id);
      expect(operation?.['x-access']).toEqual(endpoint.access);
      expect(operation?.security).toEqual(endpoint.access.kind === 'public' ? [] : [{ bearer: [] }]);
    }
    const folderList = document.paths[`${API_BASE_PATH}/v1/folders`]?.get as unknown as {
      parameters: { name: string; in: string }[];
    };
    expect(folderList.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'keyword', 'sort']),
    );
  });

  it('serves a readable reference page under the strict CSP, with only its own files', async () => {
    const page = await fetch(`${t.baseUrl}${API_BASE_PATH}/docs`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '';
      expect(src.startsWith(`${API_BASE_PATH}/docs/`)).toBe(true);
      const script = await fetch(`${t.baseUrl}${src}`);
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect((await script.text()).length).toBeGreaterThan(0);
    }
    for (const name of ['package.json', 'index.html', '..%2Fpackage.json']) {
      const refused = await fetch(`${t.baseUrl}${API_BASE_PATH}/docs/${name}`);
      await refused.text();
      expect(refused.status, name).toBe(404);
    }
  });
});

describe('the server enforces exactly what each endpoint declares', () => {
  let t: TestApp;
  let bare: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    // A member of a team whose role grants nothing: signed in, but no permission key at any level.
    const team = await createTeam(t.database.db);
    const user = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: user.id });
    bare = bearer((await signIn(t, user.mobile)).token);
  });
  afterAll(() => t.close());

  const call = (endpoint: EndpointSpec, headers: Record<string, string> = {}) =>
    t.request(endpoint.method, urlOf(endpoint), {
      headers,
      ...(endpoint.method === 'GET' ? {} : { body: {} }),
    });

  const rowCounts = async () => {
    const db = t.database.db;
    const tables = { operationLogs, folders, files, blobs, notifications };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await db.select({ total: count() }).from(table);
      counts[name] = row?.total ?? 0;
    }
    return counts;
  };

  it('answers 10401 to every non-public endpoint called without a token', async () => {
    for (const { id, endpoint } of declared.filter(({ endpoint }) => endpoint.access.kind !== 'public')) {
      const res = await call(endpoint);
      expect([res.status, res.body.code], id).toEqual([401, 10401]);
    }
  });

  it('answers 403 to every permission endpoint for a member without the key, changing nothing', async () => {
    const before = await rowCounts();
    const gated = declared.filter(({ endpoint }) => endpoint.access.kind === 'permission');
    expect(gated.length).toBeGreaterThan(0);
    for (const { id, endpoint } of gated) {
      const res = await call(endpoint, bare);
      expect(res.status, id).toBe(403);
      expect(res.body).toEqual({ code: 40300, message: '没有权限执行此操作', data: null });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('lets any signed-in member through the endpoints that need only a session', async () => {
    // Signing out goes last: it ends the session the others use.
    const sessionOnly = declared
      .filter(({ endpoint }) => endpoint.access.kind === 'session')
      .sort((a, b) => Number(a.id === 'session.signOut') - Number(b.id === 'session.signOut'));
    for (const { id, endpoint } of sessionOnly) {
      const res = await call(endpoint, bare);
      expect([401, 403], `${id} answered ${res.status}`).not.toContain(res.status);
    }
  });
});
