/**
 * The permission matrix, generated from the endpoint map: every endpoint gated by a permission key is
 * called by one member at each level of that key (none, read, edit, manage). A level below the declared
 * one is refused with 403 and its Chinese message, and the database is exactly as before; a level at or
 * above it gets past the check (whatever the handler then answers for a made-up record). The member's
 * role is rewritten between rounds, which also proves that a change of role counts from the next request.
 */
import { API_BASE_PATH } from '@trackit/contract/constants';
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import { levelAllows, PERMISSION_KEYS, type PermissionKey } from '@trackit/contract/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '../domains/organization/organization.tables';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMember, createMembership, createRole, createUser, signIn } from '../test/factories';

interface GatedEndpoint {
  id: string;
  endpoint: EndpointSpec;
  key: PermissionKey;
  level: PermissionLevel;
}

const gated: GatedEndpoint[] = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members as Record<string, EndpointSpec>).flatMap(([name, endpoint]) =>
    endpoint.access.kind === 'permission'
      ? [{ id: `${group}.${name}`, endpoint, key: endpoint.access.key, level: endpoint.access.level }]
      : [],
  ),
);

const LEVELS = ['none', 'read', 'edit', 'manage'] as const;
type TestedLevel = (typeof LEVELS)[number];

/** An id no record has: an allowed call then answers for a record it cannot find, changing nothing of note. */
const MISSING_ID = '987654321';
const urlOf = (endpoint: EndpointSpec) =>
  `${API_BASE_PATH}${endpoint.path.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'blobId' ? '00000000-0000-4000-8000-000000000000' : MISSING_ID,
  )}`.replace(/\*$/, 'x');

const FORBIDDEN = {
  code: ERROR_CATALOGUE.forbidden.code,
  message: ERROR_CATALOGUE.forbidden.message,
  data: null,
};

describe('every gated endpoint at every level of its key', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let roleId: number;

  /**
   * One hash per table of everything in it: a refused call must leave every row as it was. The sessions
   * table is left out: an authenticated request may note when the session was last seen.
   */
  const fingerprint = async () => {
    const db = t.database.db;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'user_sessions'
          order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const hashes: Record<string, string> = {};
    for (const { table_name: table } of tables.rows) {
      const result = (await db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(table)} t`,
      )) as unknown as { rows: { hash: string }[] };
      hashes[table] = result.rows[0]?.hash ?? '';
    }
    return hashes;
  };

  /** The member's role grants `key` at `level` and nothing else (none: nothing at all). */
  const grantOnly = async (key: PermissionKey, level: TestedLevel) => {
    const db = t.database.db;
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (level !== 'none') await db.insert(rolePermissions).values({ roleId, permissionKey: key, level });
  };

  /** Over real HTTP; the answer may be a file (an export), so JSON is read only when it is JSON. */
  const call = async (endpoint: EndpointSpec) => {
    const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
    const res = await fetch(`${t.baseUrl}${urlOf(endpoint)}`, {
      method: endpoint.method,
      redirect: 'manual',
      headers: { ...headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { body: '{}' } : {}),
    });
    const json = res.headers.get('content-type')?.includes('application/json');
    return { status: res.status, body: json ? ((await res.json()) as unknown) : await res.text() };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    // The team has an owner (who keeps organization manage whatever the member's role says).
    const { team } = await createMember(db, { nickname: '店长' });
    const role = await createRole(db, team.id, []);
    roleId = role.id;
    const user = await createUser(db);
    await createMembership(db, { teamId: team.id, userId: user.id, roleId, nickname: '被测成员' });
    headers = bearer((await signIn(t, user.mobile)).token);
  });
  afterAll(() => t.close());

  it('covers every permission key that gates an endpoint', () => {
    const keys = new Set(gated.map(({ key }) => key));
    expect([...keys].sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(gated.length).toBeGreaterThan(60);
  });

  for (const key of PERMISSION_KEYS) {
    const ofKey = gated.filter((entry) => entry.key === key);
    if (ofKey.length === 0) continue;
    for (const level of LEVELS) {
      it(`${key} at ${level}: ${ofKey.length} endpoints allowed or refused as declared`, async () => {
        await grantOnly(key, level);
        const held = level === 'none' ? undefined : level;
        const refused = ofKey.filter((entry) => !levelAllows(held, entry.level));
        const allowed = ofKey.filter((entry) => levelAllows(held, entry.level));

        const before = await fingerprint();
        for (const { id, endpoint } of refused) {
          const res = await call(endpoint);
          expect([res.status, res.body], id).toEqual([403, FORBIDDEN]);
        }
        expect(await fingerprint()).toEqual(before);

        for (const { id, endpoint } of allowed) {
          const res = await call(endpoint);
          expect(
            [401, 403],
            `${id} at ${level} answered ${res.status} ${JSON.stringify(res.body)}`,
          ).not.toContain(res.status);
        }
      });
    }
  }
});
