/**
 * What the receipt domain sets on orders (docs/product.md "Payments received"): each fee line's payment
 * status (spec §3), in the allocation's transaction, from the contract's feeLinePaymentStatus.
 */
import type { PaymentStatus } from '@trackit/contract/enums';
import type { Database } from '../../db/client';
import { setFeeLinePaymentStatuses } from './order.repository';

export async function applyFeeLinePaymentStatuses(
  tx: Database,
  teamId: number,
  statuses: readonly { id: number; status: PaymentStatus }[],
  at: Date,
): Promise<void> {
  for (const status of ['paid', 'unpaid'] as const) {
    const ids = statuses.filter((line) => line.status === status).map((line) => line.id);
    await setFeeLinePaymentStatuses(tx, teamId, status, ids, at);
  }
}
