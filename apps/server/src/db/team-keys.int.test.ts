import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMember } from '../test/factories';
import * as schema from './schema';

/**
 * Tenancy in the database (docs/decisions.md "Tenancy in the database"): a row of a team can only point
 * at a record of the same team, whoever writes it. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('team keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const outcome = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.database.db.execute(statement);
      return 'accepted';
    } catch (error) {
      return String((error as { cause?: unknown }).cause ?? error);
    }
  };

  const companyOf = async (teamId: number, name: string) => {
    const [company] = await t.database.db
      .insert(schema.companies)
      .values({ teamId, name })
      .returning({ id: schema.companies.id });
    if (!company) throw new Error('company not created');
    return company.id;
  };

  it('refuses an order whose company belongs to another team, and accepts its own team’s', async () => {
    const first = await createMember(t.database.db);
    const second = await createMember(t.database.db);
    const theirs = await companyOf(first.team.id, '甲公司');
    const ours = await companyOf(second.team.id, '乙公司');

    expect(
      await outcome(
        sql`insert into orders (team_id, number, company_id) values (${second.team.id}, 'X1', ${theirs})`,
      ),
    ).toContain('orders_company_team_fk');
    expect(
      await outcome(
        sql`insert into orders (team_id, number, company_id) values (${second.team.id}, 'X2', ${ours})`,
      ),
    ).toBe('accepted');
    // Moving an existing row onto another team's record is refused as well.
    expect(
      await outcome(sql`update orders set company_id = ${theirs} where team_id = ${second.team.id}`),
    ).toContain('orders_company_team_fk');
    // A nullable reference left empty holds (MATCH SIMPLE).
    expect(
      await outcome(
        sql`insert into orders (team_id, number, company_id) values (${second.team.id}, 'X3', null)`,
      ),
    ).toBe('accepted');
    // A member of one team cannot be made another team's record owner either.
    expect(
      await outcome(
        sql`update companies set owner_membership_id = ${first.membership.id} where id = ${ours}`,
      ),
    ).toContain('companies_owner_membership_team_fk');
  });

  it('declares UNIQUE (team_id, id) on every team-owned table and composite references between them', () => {
    const tables = (Object.values(schema) as unknown[]).filter(
      (value): value is PgTable => is(value, PgTable) && 'teamId' in value,
    );
    const owned = new Set(tables.filter((table) => 'id' in table).map((table) => getTableConfig(table).name));
    const faults: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      if (owned.has(config.name)) {
        const key = config.uniqueConstraints.some(
          (unique) => unique.columns.map((column) => column.name).join() === 'team_id,id',
        );
        if (!key) faults.push(`${config.name}: no UNIQUE (team_id, id)`);
      }
      for (const reference of config.foreignKeys) {
        const { columns, foreignTable } = reference.reference();
        const target = getTableConfig(foreignTable).name;
        if (!owned.has(target)) continue;
        if (columns[0]?.name !== 'team_id' || columns.length !== 2) {
          faults.push(`${config.name} → ${target}: not a (team_id, …) reference`);
        }
      }
    }
    expect(owned.size).toBeGreaterThan(20);
    expect(faults).toEqual([]);
  });
});
