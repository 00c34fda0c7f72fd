/**
 * The daily check of what is paid (docs/decisions.md "One owner for what is paid"): every cache the payment
 * domain keeps is compared with what it caches (receipts' and invoices' allocated amounts with their live
 * allocations, each line's paid amount and status with the payments ledger, each order's sums with its
 * lines), lines paid past their total are counted, and the ledger itself is compared with what the
 * allocations say (the contract's paidByFeeLine, in batches). What differs is counted in the metrics
 * (`payment_drift_rows_total`) and told to the team's accounting managers, once a day. Nothing is repaired
 * on its own: a difference means a bug or a hand-made change, for a person to look at. Run once per team and
 * business day by jobs/daily-jobs.ts.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { businessDate } from '@trackit/contract/business-time';
import {
  PAYMENT_DRIFT_KINDS,
  PAYMENT_DRIFT_LABELS,
  PAYMENT_DRIFT_NOTICES,
  type PaymentDriftKind,
} from '@trackit/contract/receipt.schema';
import type { Database } from '../../db/client';
import type { AppMetrics } from '../../metrics/metrics';
import { notifyMembers } from '../notify/notify.service';
import { listMemberIdsHolding } from '../organization/organization.service';
import { countCacheDrift, ledgerPaidOfFeeLines, paidFeeLineIds } from './payment.repository';
import { paidFromAllocations } from './payment.service';

export interface PaymentDriftDeps {
  db: Database;
  metrics?: AppMetrics | undefined;
}

export type PaymentDrift = Record<PaymentDriftKind, number>;

/** Lines compared with the allocations per query. */
const LEDGER_BATCH = 500;

/** Lines whose ledger differs from what the allocations pay of them. */
async function countLedgerDrift(db: Database, teamId: number): Promise<number> {
  let drifted = 0;
  for (let after = 0; ; ) {
    const ids = await paidFeeLineIds(db, teamId, after, LEDGER_BATCH);
    if (ids.length === 0) return drifted;
    const [truth, ledger] = await Promise.all([
      paidFromAllocations(db, teamId, ids),
      ledgerPaidOfFeeLines(db, teamId, ids),
    ]);
    drifted += ids.filter((id) => (truth.get(id) ?? 0) !== (ledger.get(id) ?? 0)).length;
    after = ids.at(-1) ?? after;
  }
}

/** One team's check at `now`: the differences found, counted and told (once a business day). */
export async function checkPaymentDrift(
  deps: PaymentDriftDeps,
  teamId: number,
  now: Date,
): Promise<PaymentDrift> {
  const drift: PaymentDrift = {
    ...(await countCacheDrift(deps.db, teamId)),
    ledger: await countLedgerDrift(deps.db, teamId),
  };
  const found = PAYMENT_DRIFT_KINDS.filter((kind) => drift[kind] > 0);
  for (const kind of found) deps.metrics?.paymentDrift(kind, drift[kind]);
  if (found.length > 0) {
    const managers = await listMemberIdsHolding(deps.db, teamId, 'accounting', 'manage');
    const total = found.reduce((sum, kind) => sum + drift[kind], 0);
    await deps.db.transaction((tx) =>
      notifyMembers(tx, {
        teamId,
        recipientMembershipIds: managers,
        type: 'event_notice',
        title: PAYMENT_DRIFT_NOTICES.title(total),
        body: PAYMENT_DRIFT_NOTICES.body(
          found.map((kind) => PAYMENT_DRIFT_NOTICES.part(PAYMENT_DRIFT_LABELS[kind], drift[kind])).join('，'),
        ),
        link: ADMIN_PATHS.fees,
        at: now,
        once: { key: `payment-drift:${businessDate(now)}`, intervalMs: 86_400_000 },
      }),
    );
  }
  return drift;
}
