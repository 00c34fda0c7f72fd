/**
 * What allocations paid of fee lines, for whoever shows a line's or an order's payment (the order's answer,
 * finance): the contract's paidByFeeLine of the allocations not undone, in three queries whatever the
 * number of lines. Imports nothing of the order domain, which reads it.
 */
import { paidByFeeLine } from '@trackit/contract/allocations';
import type { Database } from '../../db/client';
import { paymentInputs } from './receipt.repository';

/** Paid fen by fee line id (a line with nothing paid is absent). */
export async function paidOfFeeLines(
  db: Database,
  teamId: number,
  feeLineIds: readonly number[],
): Promise<Map<number, number>> {
  const inputs = await paymentInputs(db, teamId, feeLineIds);
  return paidByFeeLine(inputs.invoices, inputs.direct);
}
