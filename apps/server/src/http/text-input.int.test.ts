/**
 * Text as it enters the API (issue 9): a NUL character is a 400 with a Chinese message (it was a 500
 * that logged the SQL and its values), names count characters as code points, invisible-only names are
 * empty, and a failed query never logs the values bound to it.
 */
import { endpoint, json, publicAccess } from '@trackit/contract/endpoint';
import { PATTERN_MESSAGES } from '@trackit/contract/patterns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { folders } from '../domains/folder/folder.tables';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMember, signIn } from '../test/factories';
import { nobodyAccess } from '../test/nobody-access';
import { registerEndpoints } from './endpoint-router';

const SECRET_VALUE = '刘晓阳 13912345678';

const probes = {
  failingQuery: endpoint({
    method: 'GET',
    path: '/failing-query',
    summary: '失败的查询',
    access: publicAccess,
    answer: json(z.null()),
  }),
};

describe('text entering the API', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, (scope) =>
      registerEndpoints(
        scope,
        probes,
        {
          failingQuery: async () => {
            await t.database.db.execute(sql`select ${SECRET_VALUE}::int`);
            return null;
          },
        },
        nobodyAccess,
      ),
    );
    const me = await createMember(t.database.db);
    headers = bearer((await signIn(t, me.mobile)).token);
  });
  afterAll(() => t.close());

  const createFolder = (name: string) =>
    t.request<{ id: number; name: string }>('POST', '/storm_api/v1/folders', { body: { name }, headers });
  const folderCount = async () => (await t.database.db.select().from(folders)).length;
  /** The server's log lines at level error (50) or above. */
  const errorLines = () => t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  it('refuses a NUL character in a body field with a Chinese message, writing nothing', async () => {
    const before = await folderCount();
    const res = await createFolder('样片\u0000');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40001, message: PATTERN_MESSAGES.invalidCharacters });
    expect(await folderCount()).toBe(before);
  });

  it('refuses a NUL character in a query', async () => {
    const res = await t.request('GET', `/storm_api/v1/folders?keyword=${encodeURIComponent('a\u0000')}`, {
      headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PATTERN_MESSAGES.invalidCharacters);
  });

  it('refuses a NUL character in a nickname and in a sign-in token', async () => {
    const nickname = await t.request('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '\u0000' },
      headers,
    });
    expect(nickname.status).toBe(400);
    const refresh = await t.request('POST', '/storm_api/v1/sessions/refresh', {
      body: { refresh_token: 'a\u0000b' },
    });
    expect(refresh.status).toBe(400);
  });

  it('refuses a lone surrogate in model notes, folder names and order notes: 400, nothing written, no error logged', async () => {
    const before = await folderCount();
    const errorsBefore = errorLines().length;
    const model = await t.request<{ id: number }>('POST', '/storm_api/v1/models', {
      body: { name: '刘晓阳', gender: 'female', notes: '备注\ud800' },
      headers,
    });
    const folder = await createFolder('样片\udc00');
    const order = await t.request('POST', '/storm_api/v1/orders', { body: { notes: '\ud83d说明' }, headers });
    for (const res of [model, folder, order]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40001, message: PATTERN_MESSAGES.invalidCharacters });
    }
    expect(await folderCount()).toBe(before);
    const created = await t.request<{ id: number }>('POST', '/storm_api/v1/models', {
      body: { name: '刘晓阳', gender: 'female' },
      headers,
    });
    const change = await t.request('PATCH', `/storm_api/v1/models/${created.body.data.id}`, {
      body: { notes: '\udfff' },
      headers,
    });
    expect(change.status).toBe(400);
    const search = await t.request(
      'GET',
      `/storm_api/v1/models?keyword=${encodeURIComponent('刘')}%ED%A0%80`,
      {
        headers,
      },
    );
    expect(search.status).toBeLessThan(500);
    expect(errorLines().slice(errorsBefore)).toEqual([]);
  });

  it('counts a name in characters (code points): 50 emoji fit, 51 do not', async () => {
    const fits = await createFolder('😀'.repeat(50));
    expect(fits.status).toBe(200);
    expect(fits.body.data.name).toBe('😀'.repeat(50));
    const tooLong = await createFolder('😀'.repeat(51));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(PATTERN_MESSAGES.text1To50);
  });

  it('refuses a name made only of invisible characters like an empty one', async () => {
    for (const name of ['\u200b\u200b', '\u200e\u200f', ' \u2060\ufeff ']) {
      const res = await createFolder(name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toBe(PATTERN_MESSAGES.text1To50);
    }
    const trimmed = await createFolder('\u200b模特书\u200f');
    expect(trimmed.body.data.name).toBe('模特书');
  });

  it('logs a failed query without the values bound to it', async () => {
    const res = await t.request('GET', '/storm_api/test/failing-query');
    expect(res.status).toBe(500);
    const line = t.logs.find((entry) => entry.includes('unexpected error'));
    expect(line).toBeDefined();
    expect(line).toContain('select $1::int');
    expect(line).not.toContain('13912345678');
    expect(line).not.toContain(JSON.stringify(SECRET_VALUE).slice(1, -1));
  });
});
