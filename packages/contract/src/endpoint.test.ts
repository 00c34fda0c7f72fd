import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointSpec } from './endpoint';
import { endpoint, fillPath, json } from './endpoint';
import { endpoints } from './endpoints';
import { PERMISSION_LEVELS } from './enums';
import { PERMISSION_KEYS } from './permissions';

describe('fillPath', () => {
  it('fills named parameters', () => {
    expect(fillPath('/v1/folders/:id', { id: 12 })).toBe('/v1/folders/12');
    expect(fillPath('/v1/folders/:id/files', { id: '7' })).toBe('/v1/folders/7/files');
    expect(fillPath('/v1/teams/:teamId/members/:member_id', { teamId: 1, member_id: 2 })).toBe(
      '/v1/teams/1/members/2',
    );
    expect(fillPath('/v1/things/:id', { id: 0 })).toBe('/v1/things/0');
  });

  it('leaves a path without parameters as it is, and ignores extra values', () => {
    expect(fillPath('/v1/profile', undefined)).toBe('/v1/profile');
    expect(fillPath('/v1/profile', { id: 1 })).toBe('/v1/profile');
    expect(fillPath('/openapi.json', {})).toBe('/openapi.json');
  });

  it('URL-encodes a named parameter as one segment', () => {
    expect(fillPath('/v1/things/:id', { id: 'a b/c' })).toBe('/v1/things/a%20b%2Fc');
    expect(fillPath('/v1/things/:id', { id: '王?x=1#y&z' })).toBe('/v1/things/%E7%8E%8B%3Fx%3D1%23y%26z');
    expect(fillPath('/v1/things/:id', { id: '100%' })).toBe('/v1/things/100%25');
  });

  it('keeps the slashes of a trailing wildcard and encodes each of its segments', () => {
    expect(fillPath('/v1/blobs/*', { '*': 'ab/cd/abcdef' })).toBe('/v1/blobs/ab/cd/abcdef');
    expect(fillPath('/v1/blobs/*', { '*': 'ab/我的 照片#1.png' })).toBe(
      '/v1/blobs/ab/%E6%88%91%E7%9A%84%20%E7%85%A7%E7%89%87%231.png',
    );
    expect(fillPath('/docs/*', { '*': 'assets/app.js' })).toBe('/docs/assets/app.js');
  });

  it('fills named parameters and a wildcard of the same path', () => {
    expect(fillPath('/v1/teams/:id/files/*', { id: 3, '*': 'a b/c' })).toBe('/v1/teams/3/files/a%20b/c');
  });

  it('throws on a missing, null or empty parameter, naming it and the path', () => {
    expect(() => fillPath('/v1/folders/:id', undefined)).toThrow(
      new TypeError('missing path parameter id for /v1/folders/:id'),
    );
    expect(() => fillPath('/v1/folders/:id', {})).toThrow(TypeError);
    expect(() => fillPath('/v1/folders/:id', { id: null })).toThrow('missing path parameter id');
    expect(() => fillPath('/v1/folders/:id', { id: '' })).toThrow('missing path parameter id');
    expect(() => fillPath('/v1/folders/:id/files/:fileId', { id: 1 })).toThrow(
      'missing path parameter fileId for /v1/folders/:id/files/:fileId',
    );
    expect(() => fillPath('/v1/blobs/*', {})).toThrow('missing path parameter * for /v1/blobs/*');
    expect(() => fillPath('/v1/blobs/*', { '*': '' })).toThrow('missing path parameter *');
  });

  it('refuses . and .. segments, which a URL would resolve into another path', () => {
    for (const id of ['.', '..']) {
      expect(() => fillPath('/v1/folders/:id/files', { id })).toThrow('is not a path segment');
    }
    for (const key of ['a/../../profile', './a', 'a//b', 'a/.']) {
      expect(() => fillPath('/v1/blobs/*', { '*': key }), key).toThrow('is not a path segment');
    }
    expect(fillPath('/v1/blobs/*', { '*': 'a/..b/c.d' })).toBe('/v1/blobs/a/..b/c.d');
  });
});

/** `:name` segments of a path, as `fillPath` reads them, plus '*' for a trailing wildcard. */
const pathParams = (path: string): string[] => [
  ...[...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] as string),
  ...(path.endsWith('*') ? ['*'] : []),
];

const declared: { name: string; spec: EndpointSpec }[] = Object.entries(endpoints).flatMap(([group, specs]) =>
  Object.entries(specs).map(([name, spec]) => ({ name: `${group}.${name}`, spec: spec as EndpointSpec })),
);

const HAN = /\p{Script=Han}/u;

describe('the endpoint map', () => {
  it('declares endpoints in every group', () => {
    expect(declared.length).toBeGreaterThan(0);
    for (const [group, specs] of Object.entries(endpoints)) {
      expect(Object.keys(specs).length, group).toBeGreaterThan(0);
    }
  });

  it.each(declared)('$name: its path starts with / and has a wildcard only at its end', ({ spec }) => {
    expect(spec.path.startsWith('/')).toBe(true);
    expect(spec.path).not.toMatch(/\s|\?|#|\/\//);
    expect(spec.path.slice(0, -1)).not.toContain('*');
    if (spec.path.endsWith('*')) expect(spec.path.endsWith('/*')).toBe(true);
  });

  it('declares each method and path once', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { name, spec } of declared) {
      const key = `${spec.method} ${spec.path}`;
      const first = seen.get(key);
      if (first) duplicates.push(`${key}: ${first} and ${name}`);
      else seen.set(key, name);
    }
    expect(duplicates).toEqual([]);
  });

  it.each(declared)('$name: its path parameters are exactly the keys of its params schema', ({ spec }) => {
    const inPath = pathParams(spec.path).sort();
    const inSchema = Object.keys(spec.params?.shape ?? {}).sort();
    expect(inSchema).toEqual(inPath);
    expect(new Set(inPath).size).toBe(inPath.length);
  });

  it.each(declared.filter(({ spec }) => spec.method === 'GET'))(
    '$name: a GET declares no body',
    ({ spec }) => {
      expect(spec.body).toBeUndefined();
      expect(spec.rawBody).toBeUndefined();
    },
  );

  it.each(declared.filter(({ spec }) => spec.answer.kind === 'page'))(
    '$name: a page answer is a GET with page and per_page in its query',
    ({ spec }) => {
      expect(spec.method).toBe('GET');
      expect(spec.query).toBeDefined();
      expect(Object.keys(spec.query?.shape ?? {})).toEqual(expect.arrayContaining(['page', 'per_page']));
    },
  );

  it.each(declared)('$name: declares who may call it, and a permission with a key and level', ({ spec }) => {
    expect(['public', 'session', 'permission']).toContain(spec.access.kind);
    if (spec.access.kind === 'permission') {
      expect(PERMISSION_KEYS).toContain(spec.access.key);
      expect(PERMISSION_LEVELS).toContain(spec.access.level);
    }
  });

  it('does not compile an endpoint without its access declaration', () => {
    const undeclared = {
      method: 'GET',
      path: '/v1/undeclared',
      summary: '未声明权限的接口',
      answer: json(z.null()),
    } as const;
    // The build (npm run typecheck) fails on a declaration without `access`: this line proves it does.
    // @ts-expect-error: `access` is required
    const spec = endpoint(undeclared);
    expect(spec).not.toHaveProperty('access');
  });

  it.each(declared)('$name: its summary is one non-empty line of Chinese', ({ spec }) => {
    expect(spec.summary.trim()).not.toBe('');
    expect(spec.summary).toMatch(HAN);
    expect(spec.summary).not.toMatch(/[\r\n]/);
  });
});

describe('the checks above', () => {
  it('read parameters as fillPath does', () => {
    expect(pathParams('/v1/folders/:id/files')).toEqual(['id']);
    expect(pathParams('/v1/teams/:teamId/files/*')).toEqual(['teamId', '*']);
    expect(pathParams('/v1/profile')).toEqual([]);
  });

  it('tell Chinese from other text', () => {
    expect('一个资源夹').toMatch(HAN);
    expect('本 API 的 OpenAPI 3.1 文档').toMatch(HAN);
    expect('test').not.toMatch(HAN);
    expect('テスト').not.toMatch(HAN);
  });
});
