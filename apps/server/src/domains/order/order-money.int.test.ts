import { businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import type { Model } from '@trackit/contract/model.schema';
import { MAX_FEE_FEN, MAX_FEE_QUANTITY, MAX_LINE_FEN, MAX_ORDER_FEN } from '@trackit/contract/money';
import type { Order, OrderCreated, OrderListItem } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember, signInTeamByLevel } from '../../test/factories';
import { operationLogs } from '../operation-log/operation-log.tables';
import { feeLines, orders } from './order.tables';

/** An error line of the server's log (pino: 50 error, 60 fatal). */
const isErrorLine = (line: string) => (JSON.parse(line) as { level: number }).level >= 50;

/**
 * Money stays within bounds an answer can carry exactly (packages/contract/src/money.ts): a line at most
 * MAX_LINE_FEN, an order at most MAX_ORDER_FEN, quantities positive with at most two decimals. Beyond,
 * a Chinese 400 on the field that writes nothing and logs no error; the database refuses such rows
 * whoever writes them.
 */
describe('order money within bounds', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let company: Company;
  const models: Model[] = [];
  let today: string;

  const api = <T>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `/storm_api${path}`, {
      headers: owner.headers,
      ...(body === undefined ? {} : { body }),
    });
  const tableCount = async (table: typeof orders | typeof feeLines | typeof operationLogs) => {
    const [row] = await t.database.db.select({ total: count() }).from(table);
    return row?.total ?? 0;
  };
  const written = async () => ({
    orders: await tableCount(orders),
    fees: await tableCount(feeLines),
    logs: await tableCount(operationLogs),
  });
  const job = (fees: unknown[][]) => ({
    company_id: company.id,
    job_type: 'ad',
    title: '金额边界',
    days: [orderDay(today)],
    models: fees.map((lines, index) => ({ model_id: models[index]?.id, fees: lines })),
  });
  /** 5 models × 20 lines: the most lines that stay within an order's limit when each is at its own. */
  const fullOrder = (line: unknown) =>
    Array.from({ length: 5 }, () => Array.from({ length: 20 }, () => line));

  /** Sends `body`, expects a 400 with `message` on `field`, nothing written and no error logged. */
  const refused = async (
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    field: string,
    message?: string,
  ) => {
    const before = await written();
    const logLines = t.logs.length;
    const res = await api<null>(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(ERROR_CATALOGUE.validationFailed.code);
    const fields = (res.body.data as unknown as { fields: Record<string, string> }).fields;
    expect(fields[field], JSON.stringify(fields)).toBeDefined();
    expect(fields[field]).toMatch(/[\u4e00-\u9fff]/);
    if (message) expect(fields[field]).toBe(message);
    expect(await written()).toEqual(before);
    expect(t.logs.slice(logLines).filter(isErrorLine)).toEqual([]);
    return fields[field];
  };

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' });
    const team = await signInTeamByLevel(t, 'my_bill');
    teamId = team.teamId;
    owner = team.owner;
    today = businessDate(t.clock.now());
    company = await ok(api<Company>('POST', '/v1/companies', { name: '边界传媒' }));
    for (const name of ['一号', '二号', '三号', '四号', '五号', '六号']) {
      models.push(await ok(api<Model>('POST', '/v1/models', { name, gender: 'female' })));
    }
  });
  afterAll(() => t.close());

  it('refuses the order of 5 models × 20 lines of ¥100,000,000 × 10,000, created or saved, writing nothing', async () => {
    const hostile = job(fullOrder(modelFee(10_000_000_000, 10_000, 6)));
    const message = await refused(
      'POST',
      '/v1/orders',
      hostile,
      'models.0.fees.0.amount',
      ORDER_MESSAGES.lineTooLarge,
    );
    expect(message).toContain('¥100,000,000.00');

    const draft = await ok(api<OrderCreated>('POST', '/v1/orders', job([[modelFee(150_000, 2)]])));
    await refused(
      'PATCH',
      `/v1/orders/${draft.id}`,
      hostile,
      'models.0.fees.0.amount',
      ORDER_MESSAGES.lineTooLarge,
    );
    const stored = await ok(api<Order>('GET', `/v1/orders/${draft.id}`));
    expect(stored.totals).toMatchObject({ subtotal: 300_000, tax: 18_000, total: 318_000 });
  });

  it.each([
    [5e-9, ORDER_MESSAGES.quantityDecimals],
    [0, ORDER_MESSAGES.quantityPositive],
    [-1, ORDER_MESSAGES.quantityPositive],
    [1.005, ORDER_MESSAGES.quantityDecimals],
    [MAX_FEE_QUANTITY + 0.01, ORDER_MESSAGES.quantityTooLarge],
  ])(
    'refuses the quantity %s with a Chinese message on its field, writing nothing',
    async (quantity, message) => {
      await refused(
        'POST',
        '/v1/orders',
        job([[modelFee(100_00, quantity)]]),
        'models.0.fees.0.quantity',
        message,
      );
    },
  );

  it('takes a line at its limit and refuses it one fen beyond, on the amount', async () => {
    // ¥99,009,900.99 at 1 %: tax 990,099.01 (rounded up from .0099) makes exactly ¥100,000,000.00.
    const atLimit = await ok(api<OrderCreated>('POST', '/v1/orders', job([[modelFee(9_900_990_099, 1, 1)]])));
    expect((await ok(api<Order>('GET', `/v1/orders/${atLimit.id}`))).totals?.total).toBe(MAX_LINE_FEN);
    // One fen more before tax is one fen more after: ¥100,000,000.01.
    await refused(
      'POST',
      '/v1/orders',
      job([[modelFee(9_900_990_100, 1, 1)]]),
      'models.0.fees.0.amount',
      ORDER_MESSAGES.lineTooLarge,
    );
    // The unit price at its own limit, and a fen beyond it.
    await ok(api<OrderCreated>('POST', '/v1/orders', job([[modelFee(MAX_FEE_FEN, 1, 0)]])));
    await refused(
      'POST',
      '/v1/orders',
      job([[modelFee(MAX_FEE_FEN + 1, 1, 0)]]),
      'models.0.fees.0.amount',
      ORDER_MESSAGES.amountInvalid,
    );
    // A quantity that takes a line past its limit: ¥1,000,000 × 100 is the limit, × 100.01 is beyond.
    await ok(api<OrderCreated>('POST', '/v1/orders', job([[modelFee(100_000_000, 100, 0)]])));
    await refused(
      'POST',
      '/v1/orders',
      job([[modelFee(100_000_000, 100.01, 0)]]),
      'models.0.fees.0.amount',
      ORDER_MESSAGES.lineTooLarge,
    );
  });

  it('takes an order at its limit through its whole life, the list and the dashboard, and refuses one fen beyond', async () => {
    const largest = job(fullOrder(modelFee(MAX_LINE_FEN, 1, 0)));
    const beyond = {
      ...largest,
      models: [...largest.models, { model_id: models[5]?.id, fees: [modelFee(1, 1, 0)] }],
    };
    const message = await refused('POST', '/v1/orders', beyond, 'models', ORDER_MESSAGES.orderTooLarge);
    expect(message).toContain('¥10,000,000,000.00');

    const logLines = t.logs.length;
    const { id, number } = await ok(api<OrderCreated>('POST', '/v1/orders', largest));
    await refused('PATCH', `/v1/orders/${id}`, beyond, 'models', ORDER_MESSAGES.orderTooLarge);
    const order = await ok(api<Order>('GET', `/v1/orders/${id}`));
    expect(order.totals).toEqual({
      subtotal: MAX_ORDER_FEN,
      tax: 0,
      total: MAX_ORDER_FEN,
      model_fees: MAX_ORDER_FEN,
      usage_fees: 0,
    });
    expect(order.models.map((model) => model.totals?.total)).toEqual(Array(5).fill(MAX_ORDER_FEN / 5));
    await ok(api<Order>('POST', `/v1/orders/${id}/submit`));
    await ok(api<Order>('POST', `/v1/orders/${id}/approval`, { result: 'passed' }));
    expect((await ok(api<Order>('POST', `/v1/orders/${id}/confirm`))).status).toBe('confirmed');
    const list = await ok(api<OrderListItem[]>('GET', `/v1/orders?keyword=${number}`));
    expect(list.map((item) => item.totals?.total)).toEqual([MAX_ORDER_FEN]);
    const dashboard = await ok(api<Dashboard>('GET', '/v1/dashboard'));
    expect(dashboard.this_month.value).toBe(MAX_ORDER_FEN);
    expect(t.logs.slice(logLines).filter(isErrorLine)).toEqual([]);
  });

  it('lets the database refuse a line or an order beyond its limit, whoever writes it', async () => {
    const { id: orderId } = await ok(api<OrderCreated>('POST', '/v1/orders', job([[]])));
    const modelId = models[0]?.id;
    const line = (values: {
      amount: number;
      quantity: number | null;
      subtotal: number;
      tax: number;
      total: number;
    }) =>
      sql`insert into fee_lines (team_id, order_id, model_id, position, kind, amount, unit, quantity_hundredths, tax_rate, subtotal, tax, total)
        values (${teamId}, ${orderId}, ${modelId}, 0, 'ModelFee', ${values.amount}, 'day', ${values.quantity}, 0, ${values.subtotal}, ${values.tax}, ${values.total})`;
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    };
    const big = MAX_LINE_FEN;
    expect(
      await refusal(line({ amount: MAX_FEE_FEN + 1, quantity: 100, subtotal: 0, tax: 0, total: 0 })),
    ).toContain('fee_lines_amount_check');
    expect(await refusal(line({ amount: 1, quantity: 0, subtotal: 0, tax: 0, total: 0 }))).toContain(
      'fee_lines_quantity_check',
    );
    expect(
      await refusal(line({ amount: 1, quantity: MAX_FEE_QUANTITY * 100 + 1, subtotal: 0, tax: 0, total: 0 })),
    ).toContain('fee_lines_quantity_check');
    expect(
      await refusal(line({ amount: 1, quantity: 100, subtotal: big, tax: 1, total: big + 1 })),
    ).toContain('fee_lines_total_check');
    expect(await refusal(line({ amount: 1, quantity: 100, subtotal: 1, tax: 1, total: 1 }))).toContain(
      'fee_lines_total_check',
    );

    // 99 lines at the limit and one 5 fen short of it: the order is 5 fen short of its own limit.
    const fill = (subtotal: number) => line({ amount: 1, quantity: 100, subtotal, tax: 0, total: subtotal });
    for (let index = 0; index < 99; index += 1) expect(await refusal(fill(big))).toBe('accepted');
    expect(await refusal(fill(big - 5))).toBe('accepted');
    expect(await refusal(fill(6))).toContain('orders_fees_total_check');
    expect(await refusal(fill(5))).toBe('accepted');
    const last = sql`(select max(id) from fee_lines where order_id = ${orderId})`;
    expect(await refusal(sql`update fee_lines set subtotal = 6, total = 6 where id = ${last}`)).toContain(
      'orders_fees_total_check',
    );
    // Removing a line makes room again; the order's sum follows every statement.
    expect(await refusal(sql`delete from fee_lines where id = ${last}`)).toBe('accepted');
    const [row] = await t.database.db
      .select({ feesTotal: orders.feesTotal })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row?.feesTotal).toBe(MAX_ORDER_FEN - 5);
  });

  it('lets only one of two transactions adding lines at once take an order past its limit', async () => {
    const { id: orderId } = await ok(api<OrderCreated>('POST', '/v1/orders', job([[]])));
    const modelId = models[0]?.id;
    const fill = (lines: number) =>
      sql`insert into fee_lines (team_id, order_id, model_id, position, kind, amount, unit, quantity_hundredths, tax_rate, subtotal, tax, total)
        select ${teamId}, ${orderId}, ${modelId}, n, 'ModelFee', ${MAX_FEE_FEN}, 'day', 100, 0, ${MAX_LINE_FEN}, 0, ${MAX_LINE_FEN}
        from generate_series(1, ${lines}) as n`;
    // Each adds 60 lines: either alone fits (60 × ¥1亿), both together (120) do not.
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const waitingForLock = async () => {
      if (t.database.driver !== 'postgres') return; // PGlite runs one transaction at a time
      for (;;) {
        const result = await t.database.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        const [first] = (result as unknown as { rows: { waiting: number }[] }).rows;
        if ((first?.waiting ?? 0) > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const first = t.database.db.transaction(async (tx) => {
      await tx.execute(fill(60));
      firstInserted();
      await waitingForLock();
    });
    await Promise.race([inserted, first]);
    const second = t.database.db.transaction(async (tx) => {
      await tx.execute(fill(60));
    });
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [row] = await t.database.db
      .select({ feesTotal: orders.feesTotal })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row?.feesTotal).toBe(60 * MAX_LINE_FEN);
  });

  it('never answers 500 for a lifecycle step that took effect: a failing answer rolls the step back', async () => {
    const { id } = await ok(api<OrderCreated>('POST', '/v1/orders', job([[modelFee(150_000, 1)]])));
    // A day the answer cannot show (its hours are not text), which the cancellation itself never reads.
    await t.database.db.execute(
      sql`update orders set days = '[{"date": "2030-01-01", "start_time": 9, "end_time": 18}]'::jsonb where id = ${id}`,
    );
    const logsBefore = await tableCount(operationLogs);
    const res = await api<null>('POST', `/v1/orders/${id}/cancel`, { reason: '客户取消' });
    expect(res.status).toBe(500);
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('draft');
    expect(await tableCount(operationLogs)).toBe(logsBefore);
  });
});
