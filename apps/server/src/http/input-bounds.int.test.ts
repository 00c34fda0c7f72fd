/**
 * Dates and amounts out of bounds over HTTP (docs/product.md §9 "Input bounds"), generated from the endpoint
 * map: every date, month, instant and amount any endpoint takes, sent out of range by a signed-in owner,
 * answers 400 with a Chinese message on that field, and the server logs no SQL and no error for it (a date
 * of year 0000 used to reach PostgreSQL, answer 500 and log the failed query). Lists filtered at the very
 * ends of the range answer normally. Behind the schemas, a date the database itself refuses answers 400 too.
 */
import { addDays, BUSINESS_DATE_RANGE } from '@trackit/contract/business-time';
import { API_BASE_PATH } from '@trackit/contract/constants';
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { endpoint, json, publicAccess } from '@trackit/contract/endpoint';
import { INPUT_BOUND_MESSAGES } from '@trackit/contract/messages';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMember, signIn } from '../test/factories';
import { boundedInputFields, dottedPath, type InputField } from '../test/input-fields';
import { nobodyAccess } from '../test/nobody-access';
import { registerEndpoints } from './endpoint-router';

const CHINESE = /[\u4e00-\u9fff]/;

/** What each kind of field is sent out of range. */
const OUT_OF_RANGE: Record<InputField['kind'], unknown> = {
  date: '0000-01-01',
  month: '0000-01',
  instant: '0000-01-01T00:00:00Z',
  fen: MAX_AMOUNT_FEN + 1,
};

/** The endpoint's address with every path parameter filled in (validation answers before any lookup). */
const pathOf = (spec: EndpointSpec) =>
  `${API_BASE_PATH}${spec.path.replace(/:\w+/g, '1').replace(/\*$/, 'x')}`;

type Tree = Record<string | number, unknown>;

/** Puts `value` at `path` in `root`, making the objects and arrays on the way (`days.0.date`). */
function setAt(root: Tree, path: (string | number)[], value: unknown) {
  let node = root;
  path.forEach((key, index) => {
    const next = path[index + 1];
    if (next === undefined) {
      node[key] = value;
      return;
    }
    node[key] ??= typeof next === 'number' ? [] : {};
    node = node[key] as Tree;
  });
}

/** A body holding only `value` at the field's place, with the literals that choose its union option. */
function bodyWith(field: InputField, value: unknown): unknown {
  const root = (typeof field.path[0] === 'number' ? [] : {}) as Tree;
  for (const literal of field.literals) setAt(root, literal.path, literal.value);
  setAt(root, field.path, value);
  return root;
}

function requestOf(field: InputField, value: unknown) {
  const url = pathOf(field.endpoint);
  if (field.part === 'query') {
    const query = new URLSearchParams({ [String(field.path[0])]: String(value) });
    return { url: `${url}?${query}`, body: undefined };
  }
  return { url, body: bodyWith(field, value) };
}

const probes = {
  farDate: endpoint({
    method: 'GET',
    path: '/far-date',
    summary: '数据库拒绝的日期',
    access: publicAccess,
    answer: json(z.null()),
  }),
};

describe('dates and amounts out of bounds', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const fields = boundedInputFields();

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, (scope) =>
      registerEndpoints(
        scope,
        probes,
        {
          farDate: async () => {
            await t.database.db.execute(sql`select ${'0000-01-01'}::date`);
            return null;
          },
        },
        nobodyAccess,
      ),
    );
    const owner = await createMember(t.database.db);
    headers = bearer((await signIn(t, owner.mobile)).token);
  });
  afterAll(() => t.close());

  /** What the server logged while `call` ran: nothing at warn or above, and no query. */
  async function quietly<T>(call: () => Promise<T>, name: string): Promise<T> {
    const from = t.logs.length;
    const answer = await call();
    const logged = t.logs.slice(from);
    for (const line of logged) {
      const entry = JSON.parse(line) as { level: number };
      expect(entry.level, `${name} logged ${line.slice(0, 300)}`).toBeLessThan(40);
      expect(line, name).not.toMatch(/Failed query|"query"/);
    }
    return answer;
  }

  it('refuses each field out of range with 400 and a Chinese message on it, logging no SQL', async () => {
    expect(fields.length).toBeGreaterThan(40);
    for (const field of fields) {
      const name = `${field.id} ${field.part} ${dottedPath(field)}`;
      const { url, body } = requestOf(field, OUT_OF_RANGE[field.kind]);
      const res = await quietly(
        () =>
          t.request<{ fields?: Record<string, string> } | null>(field.endpoint.method, url, {
            headers,
            ...(body === undefined ? {} : { body }),
          }),
        name,
      );
      expect(res.status, `${name}: ${res.body.message}`).toBe(400);
      const messages = res.body.data?.fields ?? {};
      // The field's own message; a union (an allocation to an invoice or a fee line) answers on the option.
      const key = Object.keys(messages).find(
        (candidate) => candidate === dottedPath(field) || dottedPath(field).startsWith(`${candidate}.`),
      );
      expect(key, `${name}: ${JSON.stringify(messages)}`).toBeDefined();
      expect(messages[key ?? ''], name).toMatch(CHINESE);
    }
  });

  it('answers lists filtered at either end of the business range', async () => {
    const filters = fields.filter(
      (field) => field.part === 'query' && field.endpoint.method === 'GET' && field.kind !== 'fen',
    );
    expect(filters.length).toBeGreaterThan(10);
    const ends = {
      first: { date: BUSINESS_DATE_RANGE.from, month: BUSINESS_DATE_RANGE.from.slice(0, 7) },
      last: { date: BUSINESS_DATE_RANGE.to, month: BUSINESS_DATE_RANGE.to.slice(0, 7) },
    };
    for (const field of filters) {
      for (const end of Object.values(ends)) {
        const value = field.kind === 'month' ? end.month : end.date;
        const { url } = requestOf(field, value);
        const name = `${field.id} ${dottedPath(field)}=${value}`;
        // An export answers a file, not JSON: its status is what counts here.
        const status = await quietly(
          async () => (await fetch(`${t.baseUrl}${url}`, { method: field.endpoint.method, headers })).status,
          name,
        );
        expect(status, name).toBeLessThan(500);
      }
    }
    expect(addDays(BUSINESS_DATE_RANGE.to, 1)).toBe('2100-01-01');
  });

  it('answers 400 for a date the database refuses, without logging the query', async () => {
    const res = await quietly(() => t.request('GET', '/storm_api/test/far-date'), 'far date');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INPUT_BOUND_MESSAGES.dateOutOfRange);
  });
});
