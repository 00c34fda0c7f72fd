import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createUser, signIn } from '../../test/factories';
import { notifyMembers } from './notify.service';

interface Item {
  id: number;
  type: string;
  title: string;
  read: boolean;
  link: string | null;
}

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A member with 3 notifications, a teammate with 1, and a member of another team with 1. */
  async function scenario() {
    const me = await createMember(t.database.db);
    const mate = await createUser(t.database.db);
    const mateMembership = await createMembership(t.database.db, { teamId: me.team.id, userId: mate.id });
    const stranger = await createMember(t.database.db);
    const at = t.clock.now();
    await notifyMembers(t.database.db, {
      teamId: me.team.id,
      recipientMembershipIds: [me.membership.id, mateMembership.id],
      type: 'audit_required',
      title: '订单待审批',
      link: '/admin/order/12',
      at: new Date(at.getTime() - 3000),
    });
    await notifyMembers(t.database.db, {
      teamId: me.team.id,
      recipientMembershipIds: [me.membership.id],
      type: 'event_notice',
      title: '档期已锁定',
      at: new Date(at.getTime() - 2000),
    });
    await notifyMembers(t.database.db, {
      teamId: me.team.id,
      recipientMembershipIds: [me.membership.id, me.membership.id],
      type: 'event_notice',
      title: '授权即将到期',
      at: new Date(at.getTime() - 1000),
    });
    await notifyMembers(t.database.db, {
      teamId: stranger.team.id,
      recipientMembershipIds: [stranger.membership.id],
      type: 'event_notice',
      title: '别的团队',
      at,
    });
    const session = await signIn(t, me.mobile);
    return { me, mate, stranger, headers: bearer(session.token) };
  }

  it('lists only the member’s own, newest first, paged', async () => {
    const { headers } = await scenario();
    const res = await t.request<Item[]>('GET', '/storm_api/v1/notifies?per_page=2', { headers });
    expect(res.body.data.map((item) => item.title)).toEqual(['授权即将到期', '档期已锁定']);
    expect(res.headers.get('x-total')).toBe('3');
    const page2 = await t.request<Item[]>('GET', '/storm_api/v1/notifies?per_page=2&page=2', { headers });
    expect(page2.body.data).toMatchObject([
      { title: '订单待审批', type: 'audit_required', link: '/admin/order/12', read: false },
    ]);
  });

  it('counts unread, filters by type and read state, and marks given ones or all as read', async () => {
    const { headers } = await scenario();
    const count = async () =>
      (await t.request<{ unread_count: number }>('GET', '/storm_api/v1/notifies/unread_count', { headers }))
        .body.data.unread_count;
    expect(await count()).toBe(3);
    const audits = await t.request<Item[]>('GET', '/storm_api/v1/notifies?type=audit_required', { headers });
    expect(audits.body.data).toHaveLength(1);
    const auditId = audits.body.data[0]?.id as number;

    const marked = await t.request<{ updated: number }>('PATCH', '/storm_api/v1/notifies', {
      body: { ids: [auditId] },
      headers,
    });
    expect(marked.body.data).toEqual({ updated: 1 });
    expect(await count()).toBe(2);
    const read = await t.request<Item[]>('GET', '/storm_api/v1/notifies?read=true', { headers });
    expect(read.body.data.map((item) => item.id)).toEqual([auditId]);
    const unread = await t.request<Item[]>('GET', '/storm_api/v1/notifies?read=false', { headers });
    expect(unread.body.data).toHaveLength(2);

    const all = await t.request<{ updated: number }>('PATCH', '/storm_api/v1/notifies', {
      body: { all: true },
      headers,
    });
    expect(all.body.data).toEqual({ updated: 2 });
    expect(await count()).toBe(0);
  });

  it('never shows or marks another member’s or another team’s notifications', async () => {
    const { headers, stranger } = await scenario();
    const strangerSession = await signIn(t, stranger.mobile);
    const theirs = await t.request<Item[]>('GET', '/storm_api/v1/notifies', {
      headers: bearer(strangerSession.token),
    });
    expect(theirs.body.data.map((item) => item.title)).toEqual(['别的团队']);
    const theirId = theirs.body.data[0]?.id as number;

    const attempt = await t.request<{ updated: number }>('PATCH', '/storm_api/v1/notifies', {
      body: { ids: [theirId] },
      headers,
    });
    expect(attempt.body.data).toEqual({ updated: 0 });
    const still = await t.request<{ unread_count: number }>('GET', '/storm_api/v1/notifies/unread_count', {
      headers: bearer(strangerSession.token),
    });
    expect(still.body.data.unread_count).toBe(1);
    const mine = await t.request<Item[]>('GET', '/storm_api/v1/notifies', { headers });
    expect(mine.body.data.map((item) => item.title)).not.toContain('别的团队');
  });

  it('sends a notification given `once` at most once per key and interval, of many sent at once', async () => {
    const me = await createMember(t.database.db);
    const other = await createMember(t.database.db);
    const once = { key: 'package:1:visitor:abc', intervalMs: 600_000 };
    const start = t.clock.now();
    const send = (at: Date, teamId = me.team.id, membershipId = me.membership.id) =>
      // Each in its own transaction, nothing else locked: the slot alone decides.
      t.database.db.transaction((tx) =>
        notifyMembers(tx, {
          teamId,
          recipientMembershipIds: [membershipId],
          type: 'event_notice',
          title: '客户留言',
          at,
          once,
        }),
      );
    const sent = await Promise.all(Array.from({ length: 8 }, () => send(start)));
    expect(sent.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(await send(new Date(start.getTime() + 599_999))).toBe(0);
    // The same key in another team is that team's own.
    expect(await send(start, other.team.id, other.membership.id)).toBe(1);
    expect(await send(new Date(start.getTime() + 600_000))).toBe(1);
    const headers = bearer((await signIn(t, me.mobile)).token);
    const list = await t.request<Item[]>('GET', '/storm_api/v1/notifies', { headers });
    expect(list.body.data.map((item) => item.title)).toEqual(['客户留言', '客户留言']);
  });

  it('refuses bad filters and bodies', async () => {
    const { headers } = await scenario();
    expect((await t.request('GET', '/storm_api/v1/notifies?type=spam', { headers })).status).toBe(400);
    expect((await t.request('GET', '/storm_api/v1/notifies?read=maybe', { headers })).status).toBe(400);
    for (const body of [{}, { ids: [] }, { ids: [1], all: true }, { all: false }]) {
      const res = await t.request('PATCH', '/storm_api/v1/notifies', { body, headers });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('GET', '/storm_api/v1/notifies')).status).toBe(401);
  });
});
