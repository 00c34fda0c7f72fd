import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Calendar } from '@trackit/contract/calendar.schema';
import type { Company } from '@trackit/contract/company.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Order, OrderCreated, OrderEntry } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES, ORDER_NOTICES } from '@trackit/contract/order-messages';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { orderDay, type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { notifications } from '../notify/notify.tables';
import { operationLogs } from '../operation-log/operation-log.tables';
import { orders } from '../order/order.tables';
import { calendarEntries } from './calendar.tables';
import { calendarEntriesQuery } from './calendar-page.repository';

type Headers = Record<string, string>;

describe('the calendar: entries with ranks, holds and releases', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let holder: SignedInMember;
  let calendarManager: SignedInMember;
  let stranger: SignedInMember;
  let agent: SignedInMember;
  let company: Company;
  let amy: Model;
  let bo: Model;
  let cai: Model;
  let today: string;
  let d1: string;
  let d2: string;
  let d3: string;
  let o1: OrderCreated;
  let o2: OrderCreated;
  let o3: OrderCreated;
  let o4: OrderCreated;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const draft = (headers: Headers, modelIds: number[], days: string[], jobType = 'ad') =>
    ok(
      api<OrderCreated>(
        'POST',
        '/v1/orders',
        {
          company_id: company.id,
          job_type: jobType,
          title: '日历测试',
          days: days.map((day) => orderDay(day)),
          models: modelIds.map((id) => ({ model_id: id })),
        },
        headers,
      ),
    );
  const calendar = (query: string, headers: Headers = reader.headers) =>
    ok(api<Calendar>('GET', `/v1/calendar?${query}`, undefined, headers));
  const entryOf = async (orderId: number, modelId: number, date: string) => {
    const order = await ok(api<Order>('GET', `/v1/orders/${orderId}`));
    const entry = order.entries.find(
      (candidate) => candidate.model_id === modelId && candidate.date === date,
    );
    if (!entry) throw new Error('no such entry');
    return entry;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'calendar');
    teamId = team.teamId;
    owner = team.owner;
    reader = team.levels.read;
    holder = team.levels.edit;
    calendarManager = team.levels.manage;
    stranger = team.stranger;
    agent = await signInMemberWith(
      t,
      teamId,
      [
        { key: 'my_bill', level: 'edit' },
        { key: 'calendar', level: 'edit' },
      ],
      '经纪人',
    );
    today = businessDate(t.clock.now());
    d1 = addDays(today, 7);
    d2 = addDays(today, 8);
    d3 = addDays(today, 9);
    company = await ok(api<Company>('POST', '/v1/companies', { name: '光年传媒' }));
    amy = await ok(api<Model>('POST', '/v1/models', { name: '艾米', english_name: 'Amy', gender: 'female' }));
    bo = await ok(api<Model>('POST', '/v1/models', { name: '波波', gender: 'female' }));
    cai = await ok(api<Model>('POST', '/v1/models', { name: '蔡蔡', gender: 'female' }));
    await ok(
      api('POST', `/v1/models/${amy.id}/trips`, { kind: 'work', start_date: addDays(d1, -3), end_date: d1 }),
    );
    await ok(
      api('POST', `/v1/models/${cai.id}/trips`, {
        kind: 'vacation',
        start_date: d2,
        end_date: d3,
        place: '三亚',
      }),
    );
    o1 = await draft(agent.headers, [amy.id, bo.id], [d1, d2]);
    o2 = await draft(owner.headers, [amy.id], [d1], 'catalog');
    o3 = await draft(owner.headers, [amy.id], [d3]);
    await ok(api('POST', `/v1/orders/${o3.id}/submit`));
    await ok(api('POST', `/v1/orders/${o3.id}/approval`, { result: 'passed' }));
    await ok(api('POST', `/v1/orders/${o3.id}/confirm`));
    o4 = await draft(owner.headers, [bo.id], [d2]);
    await t.database.db
      .update(calendarEntries)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(calendarEntries.orderId, o4.id));
  });
  afterAll(() => t.close());

  it('answers the range’s entries with ranks and expiry, their orders once, trips and models', async () => {
    const answer = await calendar(`from=${d1}&to=${d3}`);
    const shape = answer.entries.map((entry) => [
      entry.order_id,
      entry.model_id,
      entry.date,
      entry.status,
      entry.rank,
    ]);
    expect(shape).toEqual([
      [o1.id, amy.id, d1, 'reserved', 1],
      [o2.id, amy.id, d1, 'reserved', 2],
      [o1.id, bo.id, d1, 'reserved', 1],
      [o1.id, amy.id, d2, 'reserved', 1],
      [o1.id, bo.id, d2, 'reserved', 1],
      [o4.id, bo.id, d2, 'expired', null],
      [o3.id, amy.id, d3, 'locked', null],
    ]);
    const first = answer.entries[0];
    expect(first?.start).toBe(new Date(`${d1}T01:00:00.000Z`).toISOString());
    expect(first?.end).toBe(new Date(`${d1}T10:00:00.000Z`).toISOString());
    expect(first?.expires_at).not.toBeNull();
    expect(answer.entries.find((entry) => entry.status === 'locked')?.expires_at).toBeNull();
    expect(answer.orders.map((order) => order.id)).toEqual([o1.id, o2.id, o3.id, o4.id]);
    expect(answer.orders[0]).toEqual({
      id: o1.id,
      number: o1.number,
      title: '日历测试',
      status: 'draft',
      job_type: 'ad',
      company_name: '光年传媒',
      owner: { id: agent.membershipId, nickname: '经纪人' },
    });
    expect(answer.orders[2]?.status).toBe('confirmed');
    expect(answer.trips).toEqual([
      {
        id: expect.any(Number),
        model_id: amy.id,
        kind: 'work',
        start_date: addDays(d1, -3),
        end_date: d1,
        place: null,
      },
      // A model away shows even without a booking in the range.
      {
        id: expect.any(Number),
        model_id: cai.id,
        kind: 'vacation',
        start_date: d2,
        end_date: d3,
        place: '三亚',
      },
    ]);
    expect(answer.models).toEqual([
      { id: amy.id, name: '艾米', english_name: 'Amy' },
      { id: bo.id, name: '波波', english_name: null },
      { id: cai.id, name: '蔡蔡', english_name: null },
    ]);
  });

  it('filters by model, displayed status, job type and owner without changing the ranks', async () => {
    const onlyCai = await calendar(`from=${d1}&to=${d3}&model_id[]=${cai.id}`);
    expect(onlyCai.entries).toEqual([]);
    expect(onlyCai.trips.map((trip) => [trip.model_id, trip.place])).toEqual([[cai.id, '三亚']]);
    expect(onlyCai.models.map((model) => model.id)).toEqual([cai.id]);
    const expired = await calendar(`from=${d1}&to=${d3}&status=expired`);
    expect(expired.entries.map((entry) => entry.order_id)).toEqual([o4.id]);
    expect(expired.orders.map((order) => order.id)).toEqual([o4.id]);
    const locked = await calendar(`from=${d1}&to=${d3}&status[]=locked&status[]=expired`);
    expect(locked.entries.map((entry) => entry.status)).toEqual(['expired', 'locked']);
    const catalog = await calendar(`from=${d1}&to=${d3}&job_type=catalog`);
    expect(catalog.entries.map((entry) => [entry.order_id, entry.rank])).toEqual([[o2.id, 2]]);
    const mine = await calendar(`from=${d1}&to=${d1}&owner_member_id=${owner.membershipId}`);
    expect(mine.entries.map((entry) => [entry.order_id, entry.rank])).toEqual([[o2.id, 2]]);
    expect((await api('GET', `/v1/calendar?from=${d2}&to=${d1}`, undefined, reader.headers)).status).toBe(
      400,
    );
    expect(
      (await api('GET', `/v1/calendar?from=${d1}&to=${addDays(d1, 100)}`, undefined, reader.headers)).status,
    ).toBe(400);
    const foreign = await calendar(`from=${d1}&to=${d3}`, stranger.headers);
    expect(foreign).toEqual({ entries: [], orders: [], trips: [], models: [] });
  });

  it('holds models’ days from the calendar as a draft of the caller’s, logged as placed there', async () => {
    const day = addDays(today, 14);
    const held = await ok(
      api<OrderCreated>(
        'POST',
        '/v1/calendar/holds',
        { model_ids: [amy.id, bo.id], days: [orderDay(day, '10:00', '12:00')], title: '试镜' },
        holder.headers,
      ),
    );
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, held.id));
    expect(order).toMatchObject({ status: 'draft', title: '试镜', ownerMembershipId: holder.membershipId });
    const answer = await calendar(`from=${day}&to=${day}`);
    expect(answer.entries.map((entry) => [entry.order_id, entry.model_id, entry.status, entry.rank])).toEqual(
      [
        [held.id, amy.id, 'reserved', 1],
        [held.id, bo.id, 'reserved', 1],
      ],
    );
    const [log] = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'order'), eq(operationLogs.targetId, String(held.id))));
    expect(log).toEqual({
      action: 'order_create',
      detail: { name: `${held.number}「试镜」`, source: 'calendar' },
    });

    const [before] = await t.database.db.select({ total: count() }).from(orders);
    const strangerModel = await ok(
      api<Model>('POST', '/v1/models', { name: '外人', gender: 'male' }, stranger.headers),
    );
    const foreign = await api(
      'POST',
      '/v1/calendar/holds',
      { model_ids: [strangerModel.id], days: [orderDay(day)] },
      holder.headers,
    );
    expect(foreign.status).toBe(404);
    expect(
      (
        await api(
          'POST',
          '/v1/calendar/holds',
          { model_ids: [amy.id], days: [orderDay(day)] },
          reader.headers,
        )
      ).status,
    ).toBe(403);
    const [after] = await t.database.db.select({ total: count() }).from(orders);
    expect(after?.total).toBe(before?.total);
  });

  it('releases an option by its order’s owner or a calendar manager, and moves the next one up', async () => {
    const day = addDays(today, 20);
    const first = await draft(agent.headers, [cai.id], [day]);
    const second = await draft(owner.headers, [cai.id], [day]);
    const entry = await entryOf(first.id, cai.id, day);
    expect(entry.rank).toBe(1);
    const release = (id: number, headers: Headers) =>
      api<OrderEntry>('POST', `/v1/calendar/entries/${id}/release`, undefined, headers);
    const wrong = await release(entry.id, holder.headers);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(ORDER_MESSAGES.notOwner);
    // Another team's entry is not found, even for the owner of that team.
    expect((await release(entry.id, stranger.headers)).status).toBe(404);

    const released = await ok(release(entry.id, agent.headers));
    expect(released).toMatchObject({ id: entry.id, status: 'cancelled', rank: null, expires_at: null });
    expect((await entryOf(second.id, cai.id, day)).rank).toBe(1);
    const promoted = await t.database.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientMembershipId, owner.membershipId),
          eq(notifications.body, ORDER_NOTICES.promotedBody(second.number)),
        ),
      );
    expect(promoted).toEqual([
      {
        title: ORDER_NOTICES.promoted('蔡蔡', day),
        body: ORDER_NOTICES.promotedBody(second.number),
        link: ADMIN_PATHS.order(second.id),
      },
    ]);
    const [log] = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, String(first.id)), eq(operationLogs.action, 'calendar_release')));
    expect(log?.detail).toEqual({ name: `${first.number}「日历测试」`, model: '蔡蔡', date: day });

    const again = await release(entry.id, agent.headers);
    expect([again.status, again.body.message]).toEqual([409, ORDER_MESSAGES.releaseNotLive]);
    const lockedEntry = await entryOf(o3.id, amy.id, d3);
    const locked = await release(lockedEntry.id, calendarManager.headers);
    expect([locked.status, locked.body.message]).toEqual([409, ORDER_MESSAGES.releaseLocked]);
    const expiredEntry = await entryOf(o4.id, bo.id, d2);
    expect((await release(expiredEntry.id, calendarManager.headers)).body.message).toBe(
      ORDER_MESSAGES.releaseNotLive,
    );
    const byManager = await ok(release((await entryOf(second.id, cai.id, day)).id, calendarManager.headers));
    expect(byManager.status).toBe('cancelled');
    expect(
      await t.database.db
        .select({ status: calendarEntries.status })
        .from(calendarEntries)
        .where(eq(calendarEntries.id, entry.id)),
    ).toEqual([{ status: 'cancelled' }]);
  });
});

describe('the calendar at scale', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads a quarter of 500 models through calendar_entries_team_date_idx', async () => {
    const team = await signInTeamByLevel(t, 'calendar');
    const db = t.database.db;
    const start = businessDate(t.clock.now());
    // 500 models, 40 orders, and an entry per model every 9 days over a year: 20,000 entries.
    await db.execute(sql`
      insert into models (team_id, name, pinyin_full, pinyin_initials, gender)
      select ${team.teamId}, 'M' || i, 'm' || i, 'm' || i, 'female' from generate_series(1, 500) as i`);
    await db.execute(sql`
      insert into orders (team_id, number, status, title)
      select ${team.teamId}, 'BENCH' || i, 'draft', '' from generate_series(1, 40) as i`);
    await db.execute(sql`
      insert into calendar_entries (team_id, order_id, model_id, date, start_at, end_at, status, placed_at, expires_at)
      select m.team_id, o.id, m.id, d.day, d.day + time '01:00', d.day + time '10:00', 'reserved', now(), now() + interval '3 days'
      from (select id, team_id, row_number() over (order by id) as n from models where team_id = ${team.teamId}) as m
      cross join lateral (select ${start}::date + (g * 9 + (m.n % 9))::int as day from generate_series(0, 39) as g) as d
      join lateral (select id from orders where team_id = m.team_id order by id offset (m.n % 40) limit 1) as o on true`);
    await t.database.maintain();
    const [total] = await db
      .select({ total: count() })
      .from(calendarEntries)
      .where(eq(calendarEntries.teamId, team.teamId));
    expect(total?.total).toBe(20_000);
    const query = calendarEntriesQuery(
      db,
      team.teamId,
      { from: start, to: addDays(start, 90) },
      t.clock.now(),
    );
    const plan = await db.execute(sql`explain ${query}`);
    const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map(
      (row) => Object.values(row)[0],
    );
    expect(lines.join('\n')).toContain('calendar_entries_team_date_idx');
    const answer = await ok(
      t.request<Calendar>('GET', `/storm_api/v1/calendar?from=${start}&to=${addDays(start, 90)}`, {
        headers: team.owner.headers,
      }),
    );
    expect(answer.entries.length).toBeGreaterThan(4000);
    expect(answer.models).toHaveLength(500);
    expect(answer.orders).toHaveLength(40);
  });
});
