import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMember } from '../test/factories';

/**
 * Enumerated columns carry CHECK constraints with the contract's values: the database refuses a value
 * the code does not know, whoever writes it.
 */
describe('enumerated columns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.database.db.execute(statement);
      return 'accepted';
    } catch (error) {
      return String((error as { cause?: unknown }).cause ?? error);
    }
  };

  it('refuses values outside the contract’s enumerations, and accepts the declared ones', async () => {
    const { team, membership } = await createMember(t.database.db);
    expect(
      await refusal(sql`insert into operation_logs (team_id, action) values (${team.id}, 'drop_everything')`),
    ).toContain('operation_logs_action_check');
    expect(
      await refusal(sql`insert into operation_logs (team_id, action) values (${team.id}, 'folder_create')`),
    ).toBe('accepted');
    expect(
      await refusal(sql`update memberships set status = 'retired' where id = ${membership.id}`),
    ).toContain('memberships_status_check');
    expect(
      await refusal(
        sql`insert into notifications (team_id, recipient_membership_id, type, title) values (${team.id}, ${membership.id}, 'spam', 'x')`,
      ),
    ).toContain('notifications_type_check');
  });
});
