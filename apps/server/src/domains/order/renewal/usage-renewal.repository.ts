/**
 * The queries of the usage-licence renewal job (usage-renewal.service.ts): the team's licences ending
 * soon that no run has dealt with yet, and the marking of one as dealt with.
 */
import type { JobType, RenewalOption } from '@trackit/contract/enums';
import { and, asc, between, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { models } from '../../model/model.tables';
import { teamRecipients } from '../../team-recipient/team-recipient.tables';
import { feeLines, orders } from '../order.tables';

/** A usage licence (UsageFee line) of a confirmed or billed order, with what its renewal needs. */
export interface DueLicence {
  lineId: number;
  orderId: number;
  orderNumber: string;
  orderTitle: string;
  companyId: number | null;
  contactId: number | null;
  /** The order's payee entity while it is active (a renewal is invoiced by the same one); else null. */
  teamRecipientId: number | null;
  brand: string;
  jobType: JobType | null;
  ownerMembershipId: number | null;
  modelId: number;
  modelName: string;
  amount: number;
  taxRate: number;
  media: string;
  territory: string;
  startDate: string;
  endDate: string;
  renewal: RenewalOption;
  note: string;
}

/**
 * The team's licences ending from `from` to `to` (business dates, both included) not yet handled, on
 * orders whose work stands (stored confirmed or billed: drafts, submissions and cancellations are not
 * agreements yet, or no more). The partial index fee_lines_usage_end_idx serves the range.
 */
export async function listDueLicences(
  db: Database,
  teamId: number,
  from: string,
  to: string,
): Promise<DueLicence[]> {
  const rows = await db
    .select({
      lineId: feeLines.id,
      orderId: orders.id,
      orderNumber: orders.number,
      orderTitle: orders.title,
      companyId: orders.companyId,
      contactId: orders.contactId,
      teamRecipientId: teamRecipients.id,
      brand: orders.brand,
      jobType: orders.jobType,
      ownerMembershipId: orders.ownerMembershipId,
      modelId: feeLines.modelId,
      modelName: models.name,
      amount: feeLines.amount,
      taxRate: feeLines.taxRate,
      media: feeLines.media,
      territory: feeLines.territory,
      startDate: feeLines.startDate,
      endDate: feeLines.endDate,
      renewal: feeLines.renewal,
      note: feeLines.note,
    })
    .from(feeLines)
    .innerJoin(orders, and(eq(orders.id, feeLines.orderId), eq(orders.teamId, teamId)))
    .innerJoin(models, and(eq(models.id, feeLines.modelId), eq(models.teamId, teamId)))
    .leftJoin(
      teamRecipients,
      and(
        eq(teamRecipients.id, orders.teamRecipientId),
        eq(teamRecipients.teamId, teamId),
        eq(teamRecipients.status, 'active'),
      ),
    )
    .where(
      and(
        eq(feeLines.teamId, teamId),
        eq(feeLines.kind, 'UsageFee'),
        isNull(feeLines.renewalHandledAt),
        between(feeLines.endDate, from, to),
        inArray(orders.status, ['confirmed', 'billed']),
      ),
    )
    .orderBy(asc(feeLines.endDate), asc(feeLines.id));
  // A usage line always has its terms (the contract requires them); a row without is skipped.
  return rows.flatMap((row) =>
    row.media !== null && row.territory !== null && row.startDate !== null && row.endDate !== null
      ? [
          {
            ...row,
            media: row.media,
            territory: row.territory,
            startDate: row.startDate,
            endDate: row.endDate,
            renewal: row.renewal ?? 'pending',
          },
        ]
      : [],
  );
}

/**
 * Marks the licence handled, in the transaction of what its handling writes: true for the one caller
 * that finds it still unhandled (another process, or an earlier run, may have been first).
 */
export async function claimLicence(tx: Database, teamId: number, lineId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(feeLines)
    .set({ renewalHandledAt: at })
    .where(and(eq(feeLines.teamId, teamId), eq(feeLines.id, lineId), isNull(feeLines.renewalHandledAt)))
    .returning({ id: feeLines.id });
  return rows.length > 0;
}

/** Records the renewal order made for the licence. */
export async function setRenewalOrder(tx: Database, teamId: number, lineId: number, renewalOrderId: number) {
  await tx
    .update(feeLines)
    .set({ renewalOrderId })
    .where(and(eq(feeLines.teamId, teamId), eq(feeLines.id, lineId)));
}
