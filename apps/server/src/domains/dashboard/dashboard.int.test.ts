import { addDays, businessDate, monthEnd, weekOf } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  modelFee,
  orderDay,
  type SignedInMember,
  signInMemberWith,
  signInTeamByLevel,
  usageFee,
} from '../../test/factories';
import { memberships } from '../organization/organization.tables';
import { packagePicks, packages, packageViews } from '../package/package.tables';
import { shareLinks } from '../share/share.tables';
import { valueByDay } from './dashboard.service';

type Headers = Record<string, string>;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('the data dashboard', () => {
  let t: TestApp;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let outsider: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let week: { from: string; to: string };
  /** A working day of this week other than today. */
  let otherDay: string;
  let lastMonthFirst: string;

  const api = <T>(method: string, path: string, headers: Headers, body?: unknown) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const dashboard = (headers: Headers) => ok(api<Dashboard>('GET', '/v1/dashboard', headers));
  const newModel = (name: string, headers: Headers = owner.headers) =>
    ok(api<Model>('POST', '/v1/models', headers, { name, gender: 'female' }));
  const draft = (headers: Headers, body: Record<string, unknown>) =>
    ok(api<OrderCreated>('POST', '/v1/orders', headers, { job_type: 'ad', title: '拍摄', ...body }));
  const step = (id: number, action: string, headers: Headers, body?: unknown) =>
    ok(api<Order>('POST', `/v1/orders/${id}/${action}`, headers, body));
  /** Submitted, approved and confirmed by the team's owner (who manages everything). */
  const confirm = async (id: number, headers: Headers = owner.headers) => {
    await step(id, 'submit', headers);
    await step(id, 'approval', headers, { result: 'passed' });
    return step(id, 'confirm', headers);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'dashboard');
    owner = team.owner;
    reader = team.levels.read;
    stranger = team.stranger;
    editor = await signInMemberWith(
      t,
      team.teamId,
      [
        { key: 'dashboard', level: 'read' },
        { key: 'my_bill', level: 'edit' },
      ],
      '小周',
    );
    outsider = await signInMemberWith(t, team.teamId, [{ key: 'my_bill', level: 'manage' }], '财务');
    const now = t.clock.now();
    today = businessDate(now);
    week = weekOf(today);
    otherDay = today === week.from ? addDays(today, 1) : week.from;
    lastMonthFirst = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;

    const company = await ok(api<Company>('POST', '/v1/companies', owner.headers, { name: '光年传媒' }));
    const sunny = await newModel('刘晓阳');
    const anna = await newModel('安娜');
    await newModel('卡拉'); // active, free all week
    const left = await newModel('离开');
    await ok(api('PATCH', `/v1/models/${left.id}`, owner.headers, { status: 'left' }));
    const base = { company_id: company.id };

    // A: the owner's, confirmed, today; a day fee and a licence ending in 20 days.
    const a = await draft(owner.headers, {
      ...base,
      days: [orderDay(today)],
      models: [
        {
          model_id: sunny.id,
          fees: [modelFee(100_000), usageFee(50_000, today, addDays(today, 20))],
        },
      ],
    });
    await confirm(a.id);
    // B: the editor's, last month, confirmed and billed.
    const b = await draft(owner.headers, {
      ...base,
      owner_member_id: editor.membershipId,
      days: [orderDay(lastMonthFirst)],
      models: [{ model_id: anna.id, fees: [modelFee(200_000)] }],
    });
    await confirm(b.id);
    await step(b.id, 'bill', owner.headers);
    // C: the editor's, confirmed, today; a licence ending in 31 days (not counted).
    const c = await draft(owner.headers, {
      ...base,
      owner_member_id: editor.membershipId,
      days: [orderDay(today)],
      models: [
        {
          model_id: anna.id,
          fees: [modelFee(30_000, 2), usageFee(10_000, today, addDays(today, 31))],
        },
      ],
    });
    await confirm(c.id);
    // D: the owner's, confirmed, another day of this week; no fees.
    const d = await draft(owner.headers, {
      ...base,
      days: [orderDay(otherDay)],
      models: [{ model_id: sunny.id }],
    });
    await confirm(d.id);
    // E: a draft held for 24 hours (its option expires within 48 h); a licence of a draft (not counted).
    await draft(owner.headers, {
      ...base,
      hold_until: new Date(now.getTime() + 24 * HOUR_MS).toISOString(),
      days: [orderDay(addDays(today, 3))],
      models: [{ model_id: sunny.id, fees: [usageFee(10_000, today, addDays(today, 5))] }],
    });
    // F: a draft on the default hold (72 h): not expiring within 48 h.
    await draft(owner.headers, {
      ...base,
      days: [orderDay(addDays(today, 4))],
      models: [{ model_id: anna.id }],
    });
    // G: submitted, waiting for approval; its option holds 72 h.
    const g = await draft(owner.headers, {
      ...base,
      days: [orderDay(addDays(today, 5))],
      models: [{ model_id: anna.id, fees: [modelFee(999_000)] }],
    });
    await step(g.id, 'submit', owner.headers);

    // Packages: P1 opened twice in the last 7 days (and once before), P2 last opened 9 days ago.
    const db = t.database.db;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
    const insertPackage = async (teamId: number, shareId: string, lastViewedAt: Date) => {
      const [row] = await db
        .insert(packages)
        .values({ teamId, title: '套餐', fields: [], lastViewedAt })
        .returning({ id: packages.id, createdAt: packages.createdAt });
      if (!row) throw new Error('package not created');
      await db.insert(shareLinks).values({
        id: shareId,
        teamId,
        kind: 'package',
        recordId: row.id,
        expiresAt: at(-30),
        createdAt: row.createdAt,
      });
      return row.id;
    };
    const view = (teamId: number, packageId: number, key: string, openedAt: Date) => ({
      teamId,
      packageId,
      viewKey: key,
      visitorId: key,
      page: 'package' as const,
      app: 'h5' as const,
      device: 'mobile' as const,
      openedAt,
      updatedAt: openedAt,
    });
    const pick = (
      teamId: number,
      packageId: number,
      modelId: number,
      visitor: string,
      picked: boolean,
      updatedAt: Date,
    ) => ({
      teamId,
      packageId,
      modelId,
      visitorId: visitor,
      picked,
      updatedAt,
    });
    const p1 = await insertPackage(team.teamId, 'dash-p1', at(1));
    const p2 = await insertPackage(team.teamId, 'dash-p2', at(9));
    await db
      .insert(packageViews)
      .values([
        view(team.teamId, p1, 'v1', at(1)),
        view(team.teamId, p1, 'v2', at(2)),
        view(team.teamId, p1, 'v3', at(10)),
        view(team.teamId, p2, 'v4', at(9)),
      ]);
    await db
      .insert(packagePicks)
      .values([
        pick(team.teamId, p1, sunny.id, 'v1', true, at(1)),
        pick(team.teamId, p1, anna.id, 'v1', false, at(1)),
        pick(team.teamId, p1, anna.id, 'v2', true, at(8)),
        pick(team.teamId, p2, sunny.id, 'v4', true, at(2)),
      ]);

    // Another team's data of every kind, never counted.
    const foreignCompany = await ok(
      api<Company>('POST', '/v1/companies', stranger.headers, { name: '外队公司' }),
    );
    const foreignModel = await newModel('外队模特', stranger.headers);
    const foreign = await draft(stranger.headers, {
      company_id: foreignCompany.id,
      days: [orderDay(today)],
      models: [
        { model_id: foreignModel.id, fees: [modelFee(777_000), usageFee(1_000, today, addDays(today, 3))] },
      ],
    });
    await confirm(foreign.id, stranger.headers);
    await draft(stranger.headers, {
      hold_until: new Date(now.getTime() + HOUR_MS).toISOString(),
      days: [orderDay(addDays(today, 2))],
      models: [{ model_id: foreignModel.id }],
    });
    const submitted = await draft(stranger.headers, {
      company_id: foreignCompany.id,
      days: [orderDay(addDays(today, 6))],
      models: [{ model_id: foreignModel.id }],
    });
    await step(submitted.id, 'submit', stranger.headers);
    const [strangerMembership] = await db
      .select({ teamId: memberships.teamId })
      .from(memberships)
      .where(eq(memberships.id, stranger.membershipId));
    const strangerTeamId = strangerMembership?.teamId ?? 0;
    const p3 = await insertPackage(strangerTeamId, 'dash-p3', at(1));
    await db.insert(packageViews).values([view(strangerTeamId, p3, 'v5', at(1))]);
    await db.insert(packagePicks).values([pick(strangerTeamId, p3, foreignModel.id, 'v5', true, at(1))]);
  });
  afterAll(() => t.close());

  it('answers every figure of the team exactly, the money over the whole team for a manager', async () => {
    const sameMonth = otherDay.slice(0, 7) === today.slice(0, 7);
    const answer = await dashboard(owner.headers);
    expect(answer).toMatchObject({
      today,
      week,
      jobs_today: 2,
      jobs_this_week: 3,
      jobs_by_day: Array.from({ length: 7 }, (_, index) => {
        const date = addDays(week.from, index);
        return { date, jobs: date === today ? 2 : date === otherDay ? 1 : 0 };
      }),
      models_booked_this_week: 2,
      models_free_this_week: 1,
      options_expiring_48h: 1,
      approvals_waiting: 1,
      packages_opened_7d: 1,
      package_views_7d: 2,
      package_picks_7d: 2,
      value_scope: 'team',
      licences_expiring_30d: 1,
    });
    // A (1 000 + 500 yuan) and C (2 × 300 + 100 yuan) this month, before tax; D has no fees; B last month.
    expect(answer.this_month).toEqual({
      from: `${today.slice(0, 8)}01`,
      to: monthEnd(today),
      orders: sameMonth ? 3 : 2,
      value: 220_000,
    });
    expect(answer.last_month).toEqual({
      from: lastMonthFirst,
      to: monthEnd(lastMonthFirst),
      orders: sameMonth ? 1 : 2,
      value: 200_000,
    });
    const day = Number(today.slice(8, 10));
    expect(answer.value_by_day).toHaveLength(31);
    expect(answer.value_by_day[day - 1]).toEqual({
      day,
      this_month: 220_000,
      last_month: day <= Number(monthEnd(lastMonthFirst).slice(8, 10)) ? 200_000 : null,
    });
    expect(answer.value_by_day.filter((entry) => entry.this_month !== null)).toHaveLength(day);
  });

  it('counts only their own orders’ money, and no approvals, for a member below my_bill manage', async () => {
    const answer = await dashboard(editor.headers);
    expect(answer).toMatchObject({
      value_scope: 'mine',
      approvals_waiting: 0,
      this_month: { orders: 1, value: 70_000 },
      last_month: { orders: 1, value: 200_000 },
      // The counts of work are the team's.
      jobs_today: 2,
      options_expiring_48h: 1,
      licences_expiring_30d: 1,
    });
    const none = await dashboard(reader.headers);
    expect(none).toMatchObject({
      value_scope: 'mine',
      this_month: { orders: 0, value: 0 },
      last_month: { orders: 0, value: 0 },
    });
  });

  it('refuses a member without the dashboard key', async () => {
    const res = await api<Dashboard>('GET', '/v1/dashboard', outsider.headers);
    expect(res.status).toBe(403);
  });

  it('cumulates value per day, null after today and past the last month’s end', () => {
    const rows = valueByDay(
      new Map([
        [1, 5],
        [3, 7],
      ]),
      3,
      new Map([
        [2, 4],
        [30, 1],
      ]),
      30,
    );
    expect(rows.slice(0, 4)).toEqual([
      { day: 1, this_month: 5, last_month: 0 },
      { day: 2, this_month: 5, last_month: 4 },
      { day: 3, this_month: 12, last_month: 4 },
      { day: 4, this_month: null, last_month: 4 },
    ]);
    expect(rows[29]).toEqual({ day: 30, this_month: null, last_month: 5 });
    expect(rows[30]).toEqual({ day: 31, this_month: null, last_month: null });
    expect(weekOf('2026-11-24')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
  });
});
