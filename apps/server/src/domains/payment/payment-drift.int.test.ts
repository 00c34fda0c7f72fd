import { PAYMENT_DRIFT_NOTICES, type ReceiptDetail } from '@trackit/contract/receipt.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../../jobs/daily-jobs';
import type { AppMetrics } from '../../metrics/metrics';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';
import { notifications } from '../notify/notify.tables';
import { feeLines, orders } from '../order/order.tables';
import { receipts } from '../receipt/receipt.tables';
import { feeLinePayments } from './payment.tables';
import { checkPaymentDrift } from './payment-drift.service';

/** The daily check of what is paid: every cache against its truth, counted and told. */
describe('the daily payment check', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  const counted: { kind: string; count: number }[] = [];
  const metrics = {
    paymentDrift: (kind: string, count: number) => void counted.push({ kind, count }),
  } as unknown as AppMetrics;

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t);
  });
  afterAll(() => t.close());

  it('finds nothing after real payments, then names every cache changed by hand, once a day', async () => {
    const db = t.database.db;
    const { id: orderId, lines } = await finance.billedOrder([modelFee(100_000), modelFee(50_000)]);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines expected');
    const invoice = await finance.issuedInvoice([first.id]);
    const receipt = await finance.receipt({ amount: 200_000 });
    await ok(
      finance.api<ReceiptDetail>(
        'POST',
        `/receipts/${receipt.id}/allocations`,
        [
          { invoice_id: invoice.id, amount: 50_000 },
          { fee_line_id: second.id, amount: 53_000 },
        ],
        finance.editor.headers,
      ),
    );
    const deps = { db, metrics };
    const clean = await checkPaymentDrift(deps, finance.teamId, t.clock.now());
    expect(clean).toEqual({ receipts: 0, invoices: 0, lines: 0, overpaid: 0, orders: 0, ledger: 0 });
    expect(counted).toEqual([]);

    // Changed by hand, within the database's checks: each kept figure now differs from its truth.
    await db.update(receipts).set({ allocated: 1 }).where(eq(receipts.id, receipt.id));
    await db.update(orders).set({ received: 0 }).where(eq(orders.id, orderId));
    await db.update(feeLines).set({ paid: 1 }).where(eq(feeLines.id, second.id));
    await db
      .update(feeLinePayments)
      .set({ amount: sql`${feeLinePayments.amount} - 1` })
      .where(and(eq(feeLinePayments.teamId, finance.teamId), eq(feeLinePayments.feeLineId, first.id)));
    const drift = await checkPaymentDrift(deps, finance.teamId, t.clock.now());
    expect(drift).toEqual({ receipts: 1, invoices: 0, lines: 2, overpaid: 0, orders: 1, ledger: 1 });
    expect(counted).toEqual([
      { kind: 'receipts', count: 1 },
      { kind: 'lines', count: 2 },
      { kind: 'orders', count: 1 },
      { kind: 'ledger', count: 1 },
    ]);
    const told = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.teamId, finance.teamId),
          eq(notifications.title, PAYMENT_DRIFT_NOTICES.title(5)),
        ),
      );
    // Told to the accounting managers (the owner and the finance manager), with the kinds named.
    expect(told.map((row) => row.recipientMembershipId).sort()).toEqual(
      [finance.owner.membershipId, finance.manager.membershipId].sort(),
    );
    expect(told[0]?.body).toContain('订单的已开票或已收金额 1 处');
    // A second look the same day tells nobody again; the daily job runs it once per team and day.
    const before = await db.select().from(notifications).where(eq(notifications.teamId, finance.teamId));
    await checkPaymentDrift(deps, finance.teamId, t.clock.now());
    const after = await db.select().from(notifications).where(eq(notifications.teamId, finance.teamId));
    expect(after).toHaveLength(before.length);
    const round = await runDailyJobs({ db, clock: t.clock.now, log: t.app.log, metrics }, t.clock.now());
    expect(round.ran.filter((run) => run.job === 'payment_drift').map((run) => run.teamId)).toContain(
      finance.teamId,
    );
    expect(round.failed).toEqual([]);
  });
});
