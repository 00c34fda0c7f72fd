import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addDays, businessDate, dayBounds } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Notification } from '@trackit/contract/notify.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import { ORDER_NOTICES } from '@trackit/contract/order-messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../../../jobs/daily-jobs';
import { ok } from '../../../test/api-answers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  modelFee,
  orderDay,
  type SignedInMember,
  signInTeamByLevel,
  usageFee,
} from '../../../test/factories';
import { operationLogs } from '../../operation-log/operation-log.tables';
import { memberships } from '../../organization/organization.tables';
import { feeLines, orders } from '../order.tables';
import { RENEWAL_JOB_ORIGIN, renewedTerm, renewUsageLicences } from './usage-renewal.service';

type Headers = Record<string, string>;
type Stage = 'draft' | 'submitted' | 'confirmed' | 'billed' | 'cancelled';
const DAY_MS = 86_400_000;

describe('usage-licence renewals', () => {
  let t: TestApp;
  let teamId: number;
  let strangerTeamId: number;
  let owner: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let sunny: Model;
  let strangerModel: Model;
  let company: Company;
  let contact: Contact;
  let today: string;
  /** Each order works on a day of its own, so confirming never meets another's locked day. */
  let nextDay = 40;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const deps = () => ({ db: t.database.db, log: Fastify().log });

  /** A licence ending `endsIn` days from today, a year long, on an order taken to `stage`. */
  async function orderWithLicence(
    stage: Stage,
    licence: { media: string; endsIn: number; renewal: 'pending' | 'automatically' | 'not_renew' },
    options: { headers?: Headers; modelId?: number; companyId?: number; owner?: number; title?: string } = {},
  ) {
    const headers = options.headers ?? owner.headers;
    const end = addDays(today, licence.endsIn);
    // A billed order's work is done: its day is past.
    const day = stage === 'billed' ? addDays(today, -nextDay) : addDays(today, nextDay);
    nextDay += 1;
    const created = await ok(
      api<OrderCreated>(
        'POST',
        '/v1/orders',
        {
          company_id: options.companyId ?? company.id,
          ...(options.companyId ? {} : { contact_id: contact.id }),
          brand: 'Lumière',
          job_type: 'campaign',
          title: options.title ?? `春季大片 ${licence.media}`,
          days: [orderDay(day)],
          models: [
            {
              model_id: options.modelId ?? sunny.id,
              fees: [
                modelFee(200_000),
                { ...usageFee(1_234_500, addDays(end, -364), end, licence.renewal), media: licence.media },
              ],
            },
          ],
          ...(options.owner ? { owner_member_id: options.owner } : {}),
        },
        headers,
      ),
    );
    const step = (path: string, body?: unknown) =>
      ok(api('POST', `/v1/orders/${created.id}${path}`, body, headers));
    if (stage !== 'draft') await step('/submit');
    if (stage === 'confirmed' || stage === 'billed' || stage === 'cancelled') {
      await step('/approval', { result: 'passed' });
      await step('/confirm');
    }
    if (stage === 'billed') await step('/bill');
    if (stage === 'cancelled') await step('/cancel', { reason: '客户取消' });
    const [line] = await t.database.db
      .select({ id: feeLines.id })
      .from(feeLines)
      .where(and(eq(feeLines.orderId, created.id), eq(feeLines.kind, 'UsageFee')));
    if (!line) throw new Error('usage line expected');
    return { ...created, lineId: line.id, end };
  }

  const lineState = async (lineIds: number[]) => {
    const rows = await t.database.db
      .select({
        id: feeLines.id,
        handledAt: feeLines.renewalHandledAt,
        renewalOrderId: feeLines.renewalOrderId,
      })
      .from(feeLines)
      .where(inArray(feeLines.id, lineIds))
      .orderBy(asc(feeLines.id));
    return rows;
  };
  const notices = async (headers: Headers = owner.headers) =>
    ok(api<Notification[]>('GET', '/v1/notifies?per_page=100', undefined, headers));
  const orderTotal = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'my_bill');
    teamId = team.teamId;
    owner = team.owner;
    manager = team.levels.manage;
    stranger = team.stranger;
    today = businessDate(t.clock.now());
    sunny = await ok(
      api<Model>('POST', '/v1/models', { name: '刘晓阳', english_name: 'Sunny', gender: 'female' }),
    );
    company = await ok(api<Company>('POST', '/v1/companies', { name: '光年传媒' }));
    contact = await ok(api<Contact>('POST', '/v1/contacts', { name: '王经理', company_id: company.id }));
    strangerModel = await ok(
      api<Model>('POST', '/v1/models', { name: '外队模特', gender: 'female' }, stranger.headers),
    );
    const [strangerMembership] = await t.database.db
      .select({ teamId: memberships.teamId })
      .from(memberships)
      .where(eq(memberships.id, stranger.membershipId));
    strangerTeamId = strangerMembership?.teamId ?? 0;
  });
  afterAll(() => t.close());

  it('renews a licence for as long again from the day after its end', () => {
    expect(renewedTerm('2026-01-01', '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(renewedTerm('2026-03-01', '2026-03-01')).toEqual({ start: '2026-03-02', end: '2026-03-02' });
  });

  it('deals once with each licence ending within 30 days, as its renewal option says', async () => {
    const automatic = await orderWithLicence('confirmed', {
      media: '微博',
      endsIn: 10,
      renewal: 'automatically',
    });
    const pending = await orderWithLicence('confirmed', { media: '小红书', endsIn: 30, renewal: 'pending' });
    const stop = await orderWithLicence('billed', { media: '抖音', endsIn: 0, renewal: 'not_renew' });
    const later = await orderWithLicence('confirmed', { media: '公众号', endsIn: 31, renewal: 'pending' });
    const past = await orderWithLicence('confirmed', {
      media: '电梯广告',
      endsIn: -1,
      renewal: 'automatically',
    });
    const draft = await orderWithLicence('draft', { media: '官网', endsIn: 5, renewal: 'automatically' });
    const submitted = await orderWithLicence('submitted', { media: '天猫', endsIn: 5, renewal: 'pending' });
    const cancelled = await orderWithLicence('cancelled', {
      media: '京东',
      endsIn: 5,
      renewal: 'automatically',
    });
    const strangers = await orderWithLicence(
      'confirmed',
      { media: '外队', endsIn: 5, renewal: 'pending' },
      {
        headers: stranger.headers,
        modelId: strangerModel.id,
        companyId: (await ok(api<Company>('POST', '/v1/companies', { name: '外队公司' }, stranger.headers)))
          .id,
      },
    );
    const ordersBefore = await orderTotal();
    const now = t.clock.now();

    const run = await renewUsageLicences(deps(), teamId, now);
    // Soonest end first.
    expect(run.handled.map((entry) => [entry.lineId, entry.outcome])).toEqual([
      [stop.lineId, 'stop'],
      [automatic.lineId, 'draft'],
      [pending.lineId, 'decide'],
    ]);
    const renewalId = run.handled[1]?.renewalOrderId ?? 0;
    expect(await orderTotal()).toBe(ordersBefore + 1);

    // The draft renewal: same client and job, the model with the licence alone, from the day after the end.
    const renewal = await ok(api<Order>('GET', `/v1/orders/${renewalId}`));
    expect(renewal).toMatchObject({
      status: 'draft',
      approval_status: null,
      company: { id: company.id },
      contact: { id: contact.id },
      brand: 'Lumière',
      job_type: 'campaign',
      title: '续约：春季大片 微博',
      days: [],
      owner: { id: owner.membershipId },
      renewal_of: { id: automatic.id, number: automatic.number },
      entries: [],
    });
    expect(renewal.models).toHaveLength(1);
    expect(renewal.models[0]?.model_id).toBe(sunny.id);
    expect(renewal.models[0]?.fees).toMatchObject([
      {
        kind: 'UsageFee',
        amount: 1_234_500,
        tax_rate: 6,
        media: '微博',
        territory: '中国大陆',
        start_date: addDays(automatic.end, 1),
        end_date: addDays(automatic.end, 365),
        renewal: 'automatically',
      },
    ]);
    const [created] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'order'), eq(operationLogs.targetId, String(renewalId))));
    expect(created).toMatchObject({
      action: 'order_create',
      teamId,
      membershipId: null,
      userId: null,
      userAgent: RENEWAL_JOB_ORIGIN.userAgent,
      detail: { name: renewal.number.concat('「续约：春季大片 微博」'), source: 'renewal' },
    });

    // The owner hears of each, with a link to the renewal or to the licence's order.
    const received = (await notices()).filter((notice) => notice.title.includes('肖像授权'));
    expect(received.map((notice) => [notice.title, notice.body, notice.link]).sort()).toEqual(
      [
        [
          ORDER_NOTICES.renewalDraft('刘晓阳', '微博'),
          ORDER_NOTICES.renewalBody(automatic.end, automatic.number),
          ADMIN_PATHS.order(renewalId),
        ],
        [
          ORDER_NOTICES.renewalDecide('刘晓阳', '小红书'),
          ORDER_NOTICES.renewalBody(pending.end, pending.number),
          ADMIN_PATHS.order(pending.id),
        ],
        [
          ORDER_NOTICES.renewalStop('刘晓阳', '抖音'),
          ORDER_NOTICES.renewalStopBody(stop.end, stop.number),
          ADMIN_PATHS.order(stop.id),
        ],
      ].sort(),
    );

    // Marked handled; outside the window, not agreed yet, cancelled, another team's: untouched.
    const handled = await lineState([automatic.lineId, pending.lineId, stop.lineId]);
    expect(handled.every((line) => line.handledAt?.getTime() === now.getTime())).toBe(true);
    expect(handled.map((line) => line.renewalOrderId)).toEqual([renewalId, null, null]);
    const untouched = await lineState([
      later.lineId,
      past.lineId,
      draft.lineId,
      submitted.lineId,
      cancelled.lineId,
      strangers.lineId,
    ]);
    expect(untouched.every((line) => line.handledAt === null)).toBe(true);

    // Again the same day: nothing more is made or said.
    const noticeCount = (await notices()).length;
    expect((await renewUsageLicences(deps(), teamId, new Date(now.getTime() + 60_000))).handled).toEqual([]);
    // The next day, only the licence that came into the window.
    const tomorrow = await renewUsageLicences(deps(), teamId, new Date(now.getTime() + DAY_MS));
    expect(tomorrow.handled).toEqual([{ lineId: later.lineId, outcome: 'decide', renewalOrderId: null }]);
    expect(await orderTotal()).toBe(ordersBefore + 1);
    expect((await notices()).length).toBe(noticeCount + 1);

    // The other team's licence is its own run's, and its owner's to hear of.
    const theirs = await renewUsageLicences(deps(), strangerTeamId, now);
    expect(theirs.handled.map((entry) => entry.lineId)).toEqual([strangers.lineId]);
    expect((await notices(stranger.headers)).map((notice) => notice.title)).toContain(
      ORDER_NOTICES.renewalDecide('外队模特', '外队'),
    );
    expect((await notices()).length).toBe(noticeCount + 1);
  });

  it('asks the order managers to decide when the automatic draft cannot be made', async () => {
    const licence = await orderWithLicence(
      'confirmed',
      { media: '线下门店', endsIn: 20, renewal: 'automatically' },
      { owner: manager.membershipId },
    );
    // The owner has since left the agency: a draft cannot be theirs.
    await t.database.db
      .update(memberships)
      .set({ status: 'off_duty' })
      .where(eq(memberships.id, manager.membershipId));
    const ordersBefore = await orderTotal();
    const now = new Date(t.clock.now().getTime() + 2 * DAY_MS);
    const run = await renewUsageLicences(deps(), teamId, now);
    expect(run.handled).toEqual([{ lineId: licence.lineId, outcome: 'decide', renewalOrderId: null }]);
    expect(await orderTotal()).toBe(ordersBefore);
    const titles = (await notices()).map((notice) => notice.title);
    expect(titles).toContain(ORDER_NOTICES.renewalDecide('刘晓阳', '线下门店'));
  });

  it('cuts a long title to the limit by characters, never through an emoji', async () => {
    // 96 letters and an emoji: 97 characters, 98 UTF-16 units. With 续约： the renewal's title is 100
    // characters; cut at 100 units, it would end in half an emoji (a lone surrogate the log refuses).
    const title = `${'a'.repeat(96)}😀`;
    const licence = await orderWithLicence(
      'confirmed',
      { media: '户外大屏', endsIn: 3, renewal: 'automatically' },
      { title },
    );
    const run = await renewUsageLicences(deps(), teamId, new Date(t.clock.now().getTime() + 3 * DAY_MS));
    const renewed = run.handled.find((entry) => entry.lineId === licence.lineId);
    expect(renewed?.outcome).toBe('draft');
    const renewal = await ok(api<Order>('GET', `/v1/orders/${renewed?.renewalOrderId ?? 0}`));
    expect(renewal.title).toBe(`续约：${title}`);
  });

  it('runs as a daily job of every team, once per business date', async () => {
    const licence = await orderWithLicence('confirmed', { media: '地铁灯箱', endsIn: 8, renewal: 'pending' });
    const jobDeps = { ...deps(), clock: () => t.clock.now() };
    // 10:00 business time five days on, so an hour later is still the same business date whenever the
    // suite runs (at 23:30 in Beijing, `now + 5 days + 1 hour` would be the next one).
    const at = new Date(dayBounds(addDays(businessDate(t.clock.now()), 5)).from.getTime() + 10 * 3_600_000);
    const first = await runDailyJobs(jobDeps, at);
    expect(first.failed).toEqual([]);
    expect(first.ran.map((key) => [key.job, key.teamId])).toEqual(
      expect.arrayContaining([
        ['usage_renewal', teamId],
        ['usage_renewal', strangerTeamId],
      ]),
    );
    expect((await lineState([licence.lineId]))[0]?.handledAt).toEqual(at);
    expect((await runDailyJobs(jobDeps, new Date(at.getTime() + 3_600_000))).ran).toEqual([]);
  });
  it('keeps the renewed order’s payee entity while it is active, else takes the default', async () => {
    const entity = (name: string, credit_code: string, extra: object = {}) =>
      ok(
        api<{ id: number }>('POST', '/v1/team_recipients', {
          name,
          short_name: name.slice(2, 6),
          credit_code,
          taxpayer_type: 'general',
          bank: 'cmb',
          branch: '上海静安支行',
          account_number: '121909876510201',
          ...extra,
        }),
      );
    const studio = await entity('上海星光摄影工作室', '92310104MA1KB6T08Y', { is_default: true });
    const soon = await orderWithLicence('confirmed', {
      media: '地铁灯箱',
      endsIn: 4,
      renewal: 'automatically',
    });
    const later = await orderWithLicence('confirmed', {
      media: '机场灯箱',
      endsIn: 45,
      renewal: 'automatically',
    });
    const company = await entity('上海星辰模特经纪有限公司', '91310106MA1FY4XK3E', { is_default: true });
    const renewalOf = async (lineId: number, at: Date) => {
      const run = await renewUsageLicences(deps(), teamId, at);
      const id = run.handled.find((entry) => entry.lineId === lineId)?.renewalOrderId ?? 0;
      return ok(api<Order>('GET', `/v1/orders/${id}`));
    };
    expect((await renewalOf(soon.lineId, t.clock.now())).team_recipient_id).toBe(studio.id);
    await ok(api('PATCH', `/v1/team_recipients/${studio.id}`, { status: 'disabled' }));
    const renewed = await renewalOf(later.lineId, new Date(t.clock.now().getTime() + 20 * DAY_MS));
    expect(renewed.team_recipient_id).toBe(company.id);
  });
});
