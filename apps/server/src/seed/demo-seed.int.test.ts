import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamWithOwner } from '../domains/team/team.service';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, signIn } from '../test/factories';
import { DEMO_MOBILES, isDatabaseEmpty, seedDemo } from './demo-seed';

describe('demo data and team set-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds a demo agency once, that the demo numbers can use', async () => {
    expect(await isDatabaseEmpty(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await isDatabaseEmpty(t.database.db)).toBe(false);

    const owner = await signIn(t, DEMO_MOBILES.owner);
    expect(owner.valid_members).toHaveLength(2);
    const ownerKeys = await t.request<{ key: string }[]>('GET', '/storm_api/v1/permissions/my', {
      headers: bearer(owner.token),
    });
    expect(ownerKeys.body.data).toHaveLength(8);
    // The demo agency's folders, newest first, each created with its log entry.
    const folders = await t.request<{ name: string }[]>('GET', '/storm_api/v1/folders', {
      headers: bearer(owner.token),
    });
    expect(folders.body.data.map((folder) => folder.name).slice(0, 2)).toEqual([
      'Bella 走秀视频',
      '周雨 Lookbook',
    ]);
    expect(folders.headers.get('x-total')).toBe('6');
    const created = await t.request<{ sentence: string; link: string | null }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=folder_create',
      { headers: bearer(owner.token) },
    );
    expect(created.body.data[0]).toMatchObject({ sentence: '新建了资源夹「Bella 走秀视频」' });
    expect(created.body.data[0]?.link).toMatch(/^\/admin\/information\/folder\/\d+$/);

    const agent = await signIn(t, DEMO_MOBILES.agent);
    expect(agent.valid_members).toHaveLength(1);
    const agentKeys = await t.request<{ key: string }[]>('GET', '/storm_api/v1/permissions/my', {
      headers: bearer(agent.token),
    });
    expect(agentKeys.body.data.map((item) => item.key)).toEqual([
      'dashboard',
      'calendar',
      'data_management',
      'my_bill',
    ]);

    await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile: DEMO_MOBILES.paused } });
    expect(t.sms.last(DEMO_MOBILES.paused)).toBeUndefined();
  });

  it('creates a team with its owner, reusing the user of a known number', async () => {
    const { team, membership } = await createTeamWithOwner(t.database.db, {
      name: '新团队',
      ownerMobile: DEMO_MOBILES.agent,
      ownerNickname: '周总',
    });
    expect(membership).toMatchObject({ teamId: team.id, isOwner: true, nickname: '周总', status: 'valid' });
    const agent = await signIn(t, DEMO_MOBILES.agent);
    expect(agent.valid_members).toHaveLength(2);
  });
});
