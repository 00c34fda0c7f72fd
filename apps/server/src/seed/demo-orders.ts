/**
 * The demo agency's orders (docs/product.md "Orders", "Calendar", "Usage licences"): over the last and the
 * next two months, in every state (draft, submitted awaiting approval or approved, rejected back to draft,
 * confirmed, completed awaiting billing, billed, cancelled), with fee lines of both kinds; options ranked
 * on shared days (three orders holding one model's day, two another's), an option that has lapsed, a hold
 * over a model's trip, and two usage licences ending within 30 days (one renewed automatically, one
 * waiting for a decision) for the renewal job. Made through the order services at the times each step
 * would have happened, so numbers, calendar entries, the log and the notifications are the real ones.
 */
import { randomBytes } from 'node:crypto';
import { addDays, businessDate, businessInstant } from '@trackit/contract/business-time';
import type { JobType, RenewalOption } from '@trackit/contract/enums';
import type { FeeLineInput, Order, OrderCreate } from '@trackit/contract/order.schema';
import type { FeeUnit } from '@trackit/contract/order-constants';
import { and, asc, eq, gte } from 'drizzle-orm';
import { pino } from 'pino';
import type { Database } from '../db/client';
import { companies } from '../domains/company/company.tables';
import { contacts } from '../domains/contact/contact.tables';
import { models, modelTrips } from '../domains/model/model.tables';
import { createOrder, type OrderDeps } from '../domains/order/order.service';
import { holdFromCalendar } from '../domains/order/order-calendar.service';
import {
  billOrder,
  cancelOrder,
  confirmOrder,
  decideOrder,
  submitOrder,
} from '../domains/order/order-lifecycle.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import type { AuthContext } from '../http/auth-context';

const HOUR_MS = 3_600_000;
const silentLog = pino({ level: 'silent' });
const origin = { ip: '', userAgent: '' };

/** A day fee (or hour or job) of `yuan` × `quantity`. */
export const fee = (yuan: number, quantity: number, unit: FeeUnit = 'day', note = ''): FeeLineInput => ({
  kind: 'ModelFee',
  amount: yuan * 100,
  unit,
  quantity,
  tax_rate: 6,
  note,
});

/** A usage licence of `yuan` for `media` from `start` to `end`. */
export const licence = (
  yuan: number,
  media: string,
  start: string,
  end: string,
  renewal: RenewalOption,
  territory = '中国大陆',
): FeeLineInput => ({
  kind: 'UsageFee',
  amount: yuan * 100,
  tax_rate: 6,
  media,
  territory,
  start_date: start,
  end_date: end,
  renewal,
  note: '',
});

export interface Fixtures {
  /** Active models without a trip in the coming months, in creation order. */
  free: { id: number; name: string }[];
  /** A model away on a trip soon, and the trip's first day. */
  traveller: { id: number; day: string } | undefined;
  /** Companies with their first contact. */
  clients: { companyId: number; contactId: number | null }[];
}

export async function loadFixtures(db: Database, teamId: number, today: string): Promise<Fixtures> {
  const active = await db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(and(eq(models.teamId, teamId), eq(models.status, 'active')))
    .orderBy(asc(models.id));
  const trips = await db
    .select({ modelId: modelTrips.modelId, startDate: modelTrips.startDate })
    .from(modelTrips)
    .where(and(eq(modelTrips.teamId, teamId), gte(modelTrips.endDate, addDays(today, -70))))
    .orderBy(asc(modelTrips.startDate));
  const away = new Set(trips.map((trip) => trip.modelId));
  const soon = trips.find(
    (trip) => trip.startDate > today && active.some((model) => model.id === trip.modelId),
  );
  const clientRows = await db
    .select({ companyId: companies.id, contactId: contacts.id })
    .from(companies)
    .leftJoin(contacts, and(eq(contacts.companyId, companies.id), eq(contacts.teamId, teamId)))
    .where(and(eq(companies.teamId, teamId), eq(companies.status, 'active')))
    .orderBy(asc(companies.id), asc(contacts.id));
  const clients = new Map<number, number | null>();
  for (const row of clientRows) if (!clients.has(row.companyId)) clients.set(row.companyId, row.contactId);
  return {
    free: active.filter((model) => !away.has(model.id)),
    traveller: soon ? { id: soon.modelId, day: soon.startDate } : undefined,
    clients: [...clients].map(([companyId, contactId]) => ({ companyId, contactId })),
  };
}

/** Needs of the demo: this many free models and clients (the 80 demo models and 15 companies). */
const FREE_MODELS_NEEDED = 23;
const CLIENTS_NEEDED = 8;

/**
 * Seeds the orders of the demo agency as `author` (its owner, every permission); some are owned by the
 * agent. Answers the two billed orders (for demo-finance), none when the demo models or companies are missing.
 */
export async function seedDemoOrders(
  db: Database,
  storage: BlobStorage,
  author: AuthContext,
  agentMembershipId: number | undefined,
  /** The small-scale studio (收款主体) that invoices some small jobs at 1 %; the others get the default. */
  studioId?: number,
): Promise<Order[]> {
  const now = new Date();
  const today = businessDate(now);
  const { free, traveller, clients } = await loadFixtures(db, author.teamId, today);
  if (free.length < FREE_MODELS_NEEDED || clients.length < CLIENTS_NEEDED) return [];

  const blobKey = randomBytes(32);
  const deps = (at: Date): OrderDeps => ({ db, storage, clock: () => at, blobKey, log: silentLog });
  const day = (offset: number) => addDays(today, offset);
  /** `offset` days from today at `time` (business time): when a past step happened. */
  const on = (offset: number, time = '10:00') => businessInstant(day(offset), time);
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const model = (index: number) => free[index]?.id ?? 0;
  const agent = agentMembershipId ? { owner_member_id: agentMembershipId } : {};
  const studio = studioId ? { team_recipient_id: studioId } : {};

  const place = async (
    at: Date,
    job: { title: string; brand: string; jobType: JobType; client: number; place: string },
    days: [number, string, string][],
    lines: [number, FeeLineInput[]][],
    extra: Partial<OrderCreate> = {},
  ) => {
    const client = clients[job.client % clients.length];
    const created = await createOrder(
      deps(at),
      author,
      {
        company_id: client?.companyId ?? null,
        contact_id: client?.contactId ?? null,
        brand: job.brand,
        job_type: job.jobType,
        title: job.title,
        place: job.place,
        days: days.map(([offset, start, end]) => ({ date: day(offset), start_time: start, end_time: end })),
        models: lines.map(([index, fees]) => ({ model_id: model(index), fees })),
        ...extra,
      },
      origin,
    );
    return created.id;
  };
  const submit = (id: number, at: Date) => submitOrder(deps(at), author, id, origin);
  const pass = (id: number, at: Date, comment = '') =>
    decideOrder(deps(at), author, id, { result: 'passed', comment }, origin);
  const reject = (id: number, at: Date, comment: string) =>
    decideOrder(deps(at), author, id, { result: 'rejected', comment }, origin);
  const confirm = (id: number, at: Date) => confirmOrder(deps(at), author, id, origin);
  const bill = (id: number, at: Date) => billOrder(deps(at), author, id, origin);
  const cancel = (id: number, at: Date, reason: string) =>
    cancelOrder(deps(at), author, id, { reason }, origin);
  const FULL_DAY: [string, string] = ['09:00', '18:00'];

  // --- Billed: work done and handed to finance. ---
  const catalog = await place(
    on(-60),
    {
      title: '2025 秋冬系列画册拍摄',
      brand: '青禾',
      jobType: 'catalog',
      client: 0,
      place: '上海市徐汇区漕溪北路 88 号 3 号棚',
    },
    [
      [-52, ...FULL_DAY],
      [-51, ...FULL_DAY],
    ],
    [
      [0, [fee(6000, 2), licence(30000, '品牌官网及电商详情页', day(-51), day(313), 'pending')]],
      [1, [fee(5500, 2)]],
    ],
    { notes: '客户自带造型团队，模特需提前 30 分钟到场。' },
  );
  await submit(catalog, on(-60, '11:00'));
  await pass(catalog, on(-59), '报价已与客户确认，造型团队由客户自带');
  await confirm(catalog, on(-59, '15:00'));
  const billed = [await bill(catalog, on(-45))];

  const show = await place(
    on(-45),
    {
      title: '新品发布会走秀',
      brand: 'Lumière',
      jobType: 'fashion_show',
      client: 1,
      place: '北京市朝阳区三里屯太古里',
    },
    [[-38, '14:00', '21:00']],
    [
      [2, [fee(8000, 1, 'job')]],
      [3, [fee(8000, 1, 'job')]],
      [4, [fee(9500, 1, 'job', '开场')]],
    ],
  );
  await submit(show, on(-45, '16:00'));
  await pass(show, on(-44));
  await confirm(show, on(-44, '14:00'));
  billed.push(await bill(show, on(-30)));

  // --- Completed (waiting for billing), two with usage licences ending within 30 days. ---
  const sunscreen = await place(
    on(-30),
    { title: '夏季防晒广告', brand: '晴空', jobType: 'ad', client: 2, place: '三亚市海棠湾' },
    [
      [-20, '07:00', '17:00'],
      [-19, '07:00', '17:00'],
    ],
    [[5, [fee(12000, 2), licence(50000, '社交媒体（微博、小红书）', day(-18), day(12), 'automatically')]]],
  );
  await submit(sunscreen, on(-30, '15:00'));
  await pass(sunscreen, on(-29));
  await confirm(sunscreen, on(-28));

  const skincare = await place(
    on(-15),
    {
      title: '护肤品电商主图拍摄',
      brand: '沐光',
      jobType: 'network_shooting',
      client: 3,
      place: '杭州市余杭区',
    },
    [[-8, '10:00', '16:00']],
    [[6, [fee(1500, 6, 'hour'), licence(30000, '天猫、京东旗舰店', day(-8), day(25), 'pending')]]],
    agent,
  );
  await submit(skincare, on(-15, '14:00'));
  await pass(skincare, on(-14));
  await confirm(skincare, on(-12));

  const reshoot = await place(
    on(-12),
    { title: 'Lookbook 补拍', brand: '青禾', jobType: 'lookbook', client: 5, place: '上海市静安区' },
    [[-3, '13:00', '18:00']],
    [[9, [{ ...fee(5000, 1), tax_rate: 1 }]]],
    studio,
  );
  await submit(reshoot, on(-12, '15:00'));
  await pass(reshoot, on(-11));
  await confirm(reshoot, on(-10));

  // --- Cancelled: once approved, and once a draft. ---
  const motorShow = await place(
    on(-40),
    {
      title: '车展活动模特',
      brand: '远途汽车',
      jobType: 'activity',
      client: 4,
      place: '广州市海珠区琶洲展馆',
    },
    [
      [-25, ...FULL_DAY],
      [-24, ...FULL_DAY],
    ],
    [
      [7, [fee(4000, 2)]],
      [8, [fee(4000, 2)]],
    ],
  );
  await submit(motorShow, on(-39));
  await pass(motorShow, on(-38));
  await cancel(motorShow, on(-33), '客户活动延期，另行安排');

  const live = await place(
    on(-6),
    { title: '电商直播', brand: '沐光', jobType: 'other', client: 4, place: '杭州市滨江区' },
    [[40, '19:00', '23:00']],
    [[19, [fee(600, 4, 'hour')]]],
  );
  await cancel(live, on(-5), '客户取消需求');

  // --- Confirmed: at work today and tomorrow (the dashboard's jobs of the day and the week). ---
  const campaign = await place(
    on(-10),
    {
      title: '春季大片拍摄',
      brand: 'Lumière',
      jobType: 'campaign',
      client: 6,
      place: '上海市长宁区 1933 老场坊',
    },
    [
      [0, '09:00', '19:00'],
      [1, '09:00', '19:00'],
    ],
    [
      [
        10,
        [
          fee(15000, 2),
          licence(80000, '户外广告及社交媒体', day(5), day(369), 'not_renew', '中国大陆、香港'),
        ],
      ],
      [11, [fee(12000, 2)]],
    ],
  );
  await submit(campaign, on(-9));
  await pass(campaign, on(-9, '16:00'));
  await confirm(campaign, on(-8));

  const fashionWeek = await place(
    on(-2),
    { title: '时装周走秀', brand: '青禾', jobType: 'fashion_show', client: 3, place: '上海市黄浦区新天地' },
    [
      [45, '12:00', '22:00'],
      [46, '12:00', '22:00'],
      [47, '12:00', '22:00'],
    ],
    [
      [16, [fee(10000, 3, 'job')]],
      [17, [fee(10000, 3, 'job')]],
      [18, [fee(10000, 3, 'job')]],
    ],
  );
  await submit(fashionWeek, on(-2, '15:00'));
  await pass(fashionWeek, on(-1));
  await confirm(fashionWeek, hoursAgo(10));

  // --- Submitted: approved (options pending), and one waiting for a decision. ---
  const video = await place(
    on(-4),
    { title: '品牌短视频拍摄', brand: '晴空', jobType: 'ad', client: 7, place: '北京市海淀区' },
    [[12, ...FULL_DAY]],
    [[12, [fee(9000, 1), licence(20000, '抖音、视频号', day(12), day(192), 'pending')]]],
  );
  await submit(video, on(-3));
  await pass(video, on(-2));

  const fitting = await place(
    hoursAgo(30),
    { title: '高定礼服试装', brand: 'Maison Lin', jobType: 'fitting', client: 0, place: '上海市静安区' },
    [[15, '14:00', '18:00']],
    [[13, [{ ...fee(800, 4, 'hour'), tax_rate: 1 }]]],
    { ...agent, ...studio },
  );
  await submit(fitting, hoursAgo(20));

  // --- Drafts: one rejected back to its owner, one being written. ---
  const magazine = await place(
    on(-5),
    { title: '杂志内页拍摄', brand: 'VOGUE+', jobType: 'catalog', client: 1, place: '北京市东城区' },
    [[20, ...FULL_DAY]],
    [[14, [fee(4000, 1)]]],
  );
  await submit(magazine, on(-4));
  await reject(magazine, on(-3), '报价低于模特底价，请与客户重新议价');

  await place(
    hoursAgo(5),
    { title: '秋季 Lookbook 预约', brand: '青禾', jobType: 'lookbook', client: 2, place: '' },
    [
      [30, ...FULL_DAY],
      [31, ...FULL_DAY],
    ],
    [[15, [fee(7000, 2)]]],
  );

  // An option placed five days ago and never confirmed: lapsed.
  await place(
    on(-5, '09:00'),
    { title: '新人试拍', brand: '', jobType: 'test', client: 0, place: '' },
    [[9, '10:00', '15:00']],
    [[22, []]],
  );

  // --- Options ranked on shared days: three orders on one model's day, two on another's. ---
  const shared = 8;
  await place(
    hoursAgo(50),
    { title: '面膜广告拍摄', brand: '沐光', jobType: 'ad', client: 5, place: '上海市普陀区' },
    [[shared, ...FULL_DAY]],
    [[20, [fee(7000, 1)]]],
  );
  const sports = await place(
    hoursAgo(26),
    { title: '运动品牌画册', brand: '疾风', jobType: 'catalog', client: 6, place: '深圳市南山区' },
    [[shared, ...FULL_DAY]],
    [
      [20, [fee(6500, 1)]],
      [21, [fee(6500, 1)]],
    ],
  );
  await submit(sports, hoursAgo(25));
  await place(
    hoursAgo(3),
    { title: '珠宝广告试镜', brand: '星屿珠宝', jobType: 'test', client: 7, place: '' },
    [[shared, '13:00', '17:00']],
    [[20, []]],
    agent,
  );
  await place(
    hoursAgo(1),
    { title: '饮料户外广告', brand: '晴空', jobType: 'ad', client: 2, place: '' },
    [[shared, ...FULL_DAY]],
    [[21, [fee(8000, 1)]]],
  );

  // --- A hold over a model's trip: allowed, and shown with the trip. ---
  if (traveller) {
    await holdFromCalendar(
      deps(hoursAgo(2)),
      author,
      {
        model_ids: [traveller.id],
        days: [{ date: traveller.day, start_time: '10:00', end_time: '18:00' }],
        title: '行程期间的预留',
      },
      origin,
    );
  }
  return billed;
}
