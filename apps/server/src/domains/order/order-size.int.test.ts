import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { and, count, eq, inArray, isNull, like, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { type ApiResponse, buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, modelFee, orderDay, signIn } from '../../test/factories';
import { calendarEntries } from '../calendar/calendar.tables';
import { notifications } from '../notify/notify.tables';
import { renderOrderConfirmation } from './documents/order-confirmation.pdf';
import { orders } from './order.tables';

type Headers = Record<string, string>;

/** The median of `values`. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The largest order ORDER_LIMITS allows: every model, as many days as the model-days allow, every fee
 * line the order may hold (docs/product.md "Orders", docs/decisions.md "What one order may hold").
 */
const LARGEST = {
  models: ORDER_LIMITS.models,
  days: Math.min(ORDER_LIMITS.days, Math.floor(ORDER_LIMITS.modelDays / ORDER_LIMITS.models)),
  feesPerModel: Math.min(ORDER_LIMITS.feesPerModel, Math.floor(ORDER_LIMITS.feeLines / ORDER_LIMITS.models)),
};

/**
 * How many times a small order's read the largest's may take. Measured on a busy two-core machine
 * (docs/benchmarks.md "The largest order"): 2.7-6.1 now; 21-47 when ranks were joined back per entry.
 */
const RATIO_BOUND = 12;

describe('the largest order an agency may book', () => {
  let t: TestApp;
  let headers: Headers;
  let teamId: number;
  let models: Model[];
  let first: string;
  let large: OrderCreated;
  let small: OrderCreated;

  const api = <T>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const days = (count: number, from = first) =>
    Array.from({ length: count }, (_, index) => orderDay(addDays(from, index)));
  const body = (modelCount: number, dayCount: number, feesPerModel: number) => ({
    title: '大型发布会',
    days: days(dayCount),
    models: models.slice(0, modelCount).map((model) => ({
      model_id: model.id,
      fees: Array.from({ length: feesPerModel }, (_, index) => modelFee(100_000 + index, 1 + (index % 3))),
    })),
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createMember(t.database.db, { nickname: '林晓', isOwner: true });
    headers = bearer((await signIn(t, owner.mobile)).token);
    teamId = owner.team.id;
    models = [];
    for (let index = 0; index < ORDER_LIMITS.models; index += 1) {
      models.push(await ok(api<Model>('POST', '/v1/models', { name: `模特${index + 1}`, gender: 'female' })));
    }
    first = addDays(businessDate(t.clock.now()), 10);
    // Options of other drafts on the same days, as a busy agency's: every model's days are held once
    // already, some twice or three times, so the order's entries rank behind them.
    for (const rivals of [ORDER_LIMITS.models, 25, 10]) {
      await ok(api('POST', '/v1/orders', { days: days(LARGEST.days), models: body(rivals, 0, 0).models }));
    }
    large = await ok(
      api<OrderCreated>('POST', '/v1/orders', body(LARGEST.models, LARGEST.days, LARGEST.feesPerModel)),
    );
    small = await ok(api<OrderCreated>('POST', '/v1/orders', body(2, 2, 1)));
  }, 120_000);
  afterAll(() => t.close());

  it('holds every model, day and fee line the limits allow, ranked behind the other options', async () => {
    const order = await ok(api<Order>('GET', `/v1/orders/${large.id}`));
    expect(order.models).toHaveLength(LARGEST.models);
    expect(order.days).toHaveLength(LARGEST.days);
    expect(order.entries).toHaveLength(LARGEST.models * LARGEST.days);
    expect(order.models.flatMap((model) => model.fees)).toHaveLength(LARGEST.models * LARGEST.feesPerModel);
    const ranks = (modelId: number | undefined) =>
      order.entries.filter((entry) => entry.model_id === modelId).map((entry) => entry.rank);
    // Behind three other drafts, two, one.
    expect(new Set(ranks(models[0]?.id))).toEqual(new Set([4]));
    expect(new Set(ranks(models[20]?.id))).toEqual(new Set([3]));
    expect(new Set(ranks(models[40]?.id))).toEqual(new Set([2]));
  });

  it('refuses, in Chinese and writing nothing, an order larger than an agency books', async () => {
    const orderCount = async () =>
      (await t.database.db.select({ total: count() }).from(orders).where(eq(orders.teamId, teamId)))[0]
        ?.total ?? 0;
    const entryCount = async (orderId: number) =>
      (
        await t.database.db
          .select({ total: count() })
          .from(calendarEntries)
          .where(eq(calendarEntries.orderId, orderId))
      )[0]?.total ?? 0;
    const refused = async (answer: Promise<ApiResponse>, field: string, message: string) => {
      const { status, body: envelope } = await answer;
      expect(status).toBe(400);
      expect(envelope.message).toBe(message);
      expect((envelope.data as { fields: Record<string, string> }).fields[field]).toBe(message);
    };
    const before = await orderCount();
    // One day more than models × days allow, together or against what is stored.
    await refused(
      api('POST', '/v1/orders', body(LARGEST.models, LARGEST.days + 1, 0)),
      'days',
      ORDER_MESSAGES.tooManyModelDays,
    );
    await refused(
      api('PATCH', `/v1/orders/${large.id}`, { days: days(LARGEST.days + 1) }),
      'days',
      ORDER_MESSAGES.tooManyModelDays,
    );
    const long = await ok(api<OrderCreated>('POST', '/v1/orders', body(10, ORDER_LIMITS.days, 1)));
    await refused(
      api('PATCH', `/v1/orders/${long.id}`, { models: body(11, 0, 1).models }),
      'models',
      ORDER_MESSAGES.tooManyModelDays,
    );
    await refused(
      api('POST', '/v1/calendar/holds', {
        model_ids: models.map((model) => model.id),
        days: days(LARGEST.days + 1),
      }),
      'days',
      ORDER_MESSAGES.tooManyModelDays,
    );
    // Each dimension alone, and the fee lines of the whole order.
    await refused(
      api('POST', '/v1/orders', { days: days(ORDER_LIMITS.days + 1) }),
      'days',
      ORDER_MESSAGES.tooManyDays,
    );
    await refused(
      api('POST', '/v1/orders', {
        models: [...models, models[0]].map((model, index) => ({ model_id: (model?.id ?? 0) + index * 1000 })),
      }),
      'models',
      ORDER_MESSAGES.tooManyModels,
    );
    await refused(
      api(
        'POST',
        '/v1/orders',
        body(ORDER_LIMITS.feeLines / ORDER_LIMITS.feesPerModel + 1, 1, ORDER_LIMITS.feesPerModel),
      ),
      'models',
      ORDER_MESSAGES.tooManyFeeLines,
    );
    expect(await orderCount()).toBe(before + 1);
    expect(await entryCount(large.id)).toBe(LARGEST.models * LARGEST.days);
    expect(await entryCount(long.id)).toBe(10 * ORDER_LIMITS.days);
  });

  it('reads the largest order in a bounded multiple of a small one’s time', async () => {
    const read = async (id: number) => {
      const started = performance.now();
      const answer = await api<Order>('GET', `/v1/orders/${id}`);
      expect(answer.body.code).toBe(0);
      return performance.now() - started;
    };
    // Warm both (the JIT, the planner's caches), then interleave so a busy machine slows both alike.
    await read(large.id);
    await read(small.id);
    const largeTimes: number[] = [];
    const smallTimes: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      largeTimes.push(await read(large.id));
      smallTimes.push(await read(small.id));
    }
    const ratio = median(largeTimes) / median(smallTimes);
    const figures = `largest ${median(largeTimes).toFixed(0)} ms, small ${median(smallTimes).toFixed(0)} ms`;
    // The largest holds 150 times the small one's entries and 200 times its fee lines: a read of a few
    // queries, proportional to what it answers, costs a few small reads more, not hundreds.
    expect(ratio, figures).toBeLessThan(RATIO_BOUND);
  });

  it('answers /health while the largest order’s confirmation is being drawn', async () => {
    const order = await ok(api<Order>('GET', `/v1/orders/${large.id}`));
    const smallOrder = await ok(api<Order>('GET', `/v1/orders/${small.id}`));
    // Fonts loaded and code warm: what follows is drawing only.
    await renderOrderConfirmation(smallOrder, { name: '星辰模特经纪', payee: null }, t.clock.now());
    const finished: string[] = [];
    const pdf = renderOrderConfirmation(order, { name: '星辰模特经纪', payee: null }, t.clock.now()).then(
      (bytes) => {
        finished.push('pdf');
        return bytes;
      },
    );
    // The server runs on this thread: it can answer only if drawing gives the event loop turns.
    const health = t.request('GET', '/storm_api/health').then((answer) => {
      finished.push('health');
      return answer;
    });
    const [bytes, answer] = await Promise.all([pdf, health]);
    expect(answer.status).toBe(200);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(finished).toEqual(['health', 'pdf']);
  });

  it('takes the largest order through approval, confirmation and cancellation, telling the others', async () => {
    const company = await ok(api<Company>('POST', '/v1/companies', { name: '光年传媒' }));
    const order = await ok(
      api<OrderCreated>('POST', '/v1/orders', {
        ...body(LARGEST.models, LARGEST.days, LARGEST.feesPerModel),
        company_id: company.id,
        job_type: 'fashion_event',
      }),
    );
    const statuses = async () =>
      new Set((await ok(api<Order>('GET', `/v1/orders/${order.id}`))).entries.map((entry) => entry.status));
    // Every day's hours changed: each entry moves.
    const moved = days(LARGEST.days).map((day) => ({ ...day, start_time: '10:00' }));
    const changed = await ok(api<Order>('PATCH', `/v1/orders/${order.id}`, { days: moved }));
    expect(new Set(changed.entries.map((entry) => new Date(entry.start).getUTCHours()))).toEqual(
      new Set([2]),
    );
    await ok(api('POST', `/v1/orders/${order.id}/submit`));
    await ok(api('POST', `/v1/orders/${order.id}/approval`, { result: 'passed' }));
    expect(await statuses()).toEqual(new Set(['pending']));
    // The live options of other orders on its model-days: each one's owner is told once it is locked.
    const mine = alias(calendarEntries, 'mine');
    const [others] = await t.database.db
      .select({ total: count() })
      .from(calendarEntries)
      .innerJoin(
        mine,
        and(
          eq(mine.orderId, order.id),
          eq(mine.modelId, calendarEntries.modelId),
          eq(mine.date, calendarEntries.date),
        ),
      )
      .where(
        and(
          ne(calendarEntries.orderId, order.id),
          isNull(calendarEntries.releasedAt),
          inArray(calendarEntries.status, ['reserved', 'pending']),
        ),
      );
    const lockedNotices = async () =>
      (
        await t.database.db
          .select({ total: count() })
          .from(notifications)
          .where(and(eq(notifications.teamId, teamId), like(notifications.title, '%已被其他订单确认')))
      )[0]?.total ?? 0;
    await ok(api('POST', `/v1/orders/${order.id}/confirm`));
    expect(await statuses()).toEqual(new Set(['locked']));
    expect(others?.total).toBeGreaterThan(LARGEST.models * LARGEST.days);
    expect(await lockedNotices()).toBe(others?.total);
    await ok(api('POST', `/v1/orders/${order.id}/cancel`, { reason: '客户取消' }));
    expect(await statuses()).toEqual(new Set(['cancelled']));
  });
});
