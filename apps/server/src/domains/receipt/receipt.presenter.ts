import { receiptBalance } from '@trackit/contract/allocations';
import type { PermissionLevel } from '@trackit/contract/enums';
import { levelAllows } from '@trackit/contract/permissions';
import {
  type Allocation,
  RECEIPT_WARNINGS,
  type Receipt,
  type ReceiptDetail,
  type ReceiptWarning,
} from '@trackit/contract/receipt.schema';
import type { AllocationRow, ReceiptRow } from './receipt.repository';

const memberRef = (id: number | null, nickname: string | null) =>
  id !== null && nickname !== null ? { id, nickname } : null;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentReceipt(row: ReceiptRow, level: PermissionLevel | undefined): Receipt {
  const { receipt } = row;
  const { allocated, unallocated } = receiptBalance(receipt.amount, [{ amount: row.allocated }]);
  const live = receipt.voidedAt === null;
  return {
    id: receipt.id,
    received_on: receipt.receivedOn,
    amount: receipt.amount,
    payer_name: receipt.payerName,
    reference: receipt.reference,
    notes: receipt.notes,
    team_recipient: { id: row.recipient.id, name: row.recipient.name, short_name: row.recipient.shortName },
    company:
      receipt.companyId !== null && row.companyName !== null
        ? { id: receipt.companyId, name: row.companyName }
        : null,
    allocated,
    unallocated,
    voided_at: iso(receipt.voidedAt),
    void_reason: receipt.voidReason,
    created_by: memberRef(receipt.createdByMembershipId, row.createdByName),
    created_at: receipt.createdAt.toISOString(),
    can: {
      allocate: live && unallocated > 0 && levelAllows(level, 'edit'),
      void: live && allocated === 0 && levelAllows(level, 'manage'),
    },
  };
}

function presentAllocation(
  row: AllocationRow,
  voided: boolean,
  level: PermissionLevel | undefined,
): Allocation {
  const { allocation } = row;
  return {
    id: allocation.id,
    receipt_id: allocation.receiptId,
    amount: allocation.amount,
    invoice: row.invoice
      ? { id: row.invoice.id, number: row.invoice.number, buyer_name: row.invoice.buyerName }
      : null,
    fee_line:
      row.feeLine &&
      row.feeLine.id !== null &&
      row.feeLine.orderId !== null &&
      row.feeLine.orderNumber !== null
        ? {
            id: row.feeLine.id,
            order_id: row.feeLine.orderId,
            order_number: row.feeLine.orderNumber,
            model_name: row.feeLine.modelName ?? '',
          }
        : null,
    allocated_on: allocation.allocatedOn,
    created_by: memberRef(allocation.createdByMembershipId, row.createdByName),
    created_at: allocation.createdAt.toISOString(),
    undone_at: iso(allocation.undoneAt),
    undone_by: memberRef(allocation.undoneByMembershipId, row.undoneByName),
    moved_to_invoice:
      row.movedTo && row.movedTo.id !== null ? { id: row.movedTo.id, number: row.movedTo.number } : null,
    can_undo: allocation.undoneAt === null && !voided && levelAllows(level, 'edit'),
  };
}

/** Compared as people type them: white space and the case of Latin letters do not count. */
const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/**
 * Three flows (三流一致), shown and never refused: of each allocation not undone, the payer differs from
 * the invoice's buyer, or the receiving entity is not the invoice's or the order's.
 */
export function receiptWarnings(row: ReceiptRow, allocations: AllocationRow[]): ReceiptWarning[] {
  const warnings: ReceiptWarning[] = [];
  const { receipt } = row;
  for (const { allocation, invoice, feeLine } of allocations) {
    if (allocation.undoneAt !== null) continue;
    const allocation_id = allocation.id;
    if (invoice) {
      if (!sameName(receipt.payerName, invoice.buyerName)) {
        const message = RECEIPT_WARNINGS.payerName(receipt.payerName, invoice.buyerName);
        warnings.push({ kind: 'payer_name', allocation_id, message });
      }
      if (invoice.teamRecipientId !== receipt.teamRecipientId) {
        const message = RECEIPT_WARNINGS.teamRecipient(`发票 ${invoice.number ?? invoice.buyerName} `);
        warnings.push({ kind: 'team_recipient', allocation_id, message });
      }
    } else if (feeLine && feeLine.teamRecipientId !== receipt.teamRecipientId) {
      const message = RECEIPT_WARNINGS.teamRecipient(`订单 ${feeLine.orderNumber ?? ''} `);
      warnings.push({ kind: 'team_recipient', allocation_id, message });
    }
  }
  return warnings;
}

export function presentReceiptDetail(
  row: ReceiptRow,
  allocations: AllocationRow[],
  level: PermissionLevel | undefined,
): ReceiptDetail {
  const voided = row.receipt.voidedAt !== null;
  return {
    ...presentReceipt(row, level),
    allocations: allocations.map((allocation) => presentAllocation(allocation, voided, level)),
    warnings: receiptWarnings(row, allocations),
  };
}
