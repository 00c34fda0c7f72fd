/**
 * Payments received (docs/product.md "Payments received"): a receipt is recorded into one of the team's
 * payee entities, listed and opened with its allocations and the three-flows warnings, and voided (with
 * a reason, by `accounting` manage) only while nothing of it is allocated. Allocations are in
 * ./allocation.service. Each write commits with its log entry.
 */
import { businessDate } from '@trackit/contract/business-time';
import type { PermissionLevel } from '@trackit/contract/enums';
import {
  RECEIPT_MESSAGES,
  type Receipt,
  type ReceiptCreate,
  type ReceiptDetail,
  type ReceiptQuery,
  type ReceiptVoid,
} from '@trackit/contract/receipt.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { requireTeamCompany } from '../company/company.service';
import { accountingLevel } from '../invoice/invoice.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { lockReceipt } from '../payment/payment.service';
import { findRecipientForDocument } from '../team-recipient/team-recipient.service';
import { presentReceipt, presentReceiptDetail } from './receipt.presenter';
import {
  findPayerCompanies,
  findReceipt,
  insertReceipt,
  listAllocations,
  listReceipts,
  updateReceiptRow,
} from './receipt.repository';

export interface ReceiptDeps {
  db: Database;
  clock: () => Date;
}

export const receiptNotFound = () => new AppError('notFound', { message: RECEIPT_MESSAGES.notFound });
export const receiptConflict = (message: string) => new AppError('conflict', { message });

/** The receipt with its allocations (undone ones too) and warnings, read through `db`. */
export async function loadReceiptDetail(
  db: Database,
  teamId: number,
  receiptId: number,
  level: PermissionLevel | undefined,
): Promise<ReceiptDetail> {
  const row = await findReceipt(db, teamId, receiptId);
  if (!row) throw receiptNotFound();
  return presentReceiptDetail(row, await listAllocations(db, teamId, receiptId), level);
}

/** GET /v1/receipts. */
export async function listReceiptsOf(
  deps: ReceiptDeps,
  auth: AuthContext,
  query: ReceiptQuery,
): Promise<{ items: Receipt[]; total: number }> {
  const [level, { rows, total }] = await Promise.all([
    accountingLevel(deps, auth),
    listReceipts(deps.db, auth.teamId, query, pageWindow(query)),
  ]);
  return { items: rows.map((row) => presentReceipt(row, level)), total };
}

/** GET /v1/receipts/{id}. */
export async function getReceipt(deps: ReceiptDeps, auth: AuthContext, receiptId: number) {
  return loadReceiptDetail(deps.db, auth.teamId, receiptId, await accountingLevel(deps, auth));
}

/** POST /v1/receipts: into an entity of the team (404 otherwise), received today or before. */
export async function createReceipt(
  deps: ReceiptDeps,
  auth: AuthContext,
  body: ReceiptCreate,
  origin: RequestOrigin,
): Promise<ReceiptDetail> {
  const now = deps.clock();
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const receiptId = await recordReceipt(tx, auth, body, now, origin);
    return loadReceiptDetail(tx, auth.teamId, receiptId, level);
  });
}

/**
 * Writes a receipt and its log entry in the caller's transaction (the form's, and a bank line's record):
 * into an entity of the team (404 otherwise), received today or before, from a client company of the team
 * when one is named (held until the transaction ends, so it cannot be deleted under the receipt).
 */
export async function recordReceipt(
  tx: Database,
  auth: AuthContext,
  body: ReceiptCreate,
  now: Date,
  origin: RequestOrigin,
): Promise<number> {
  const { teamId } = auth;
  const recipient = await findRecipientForDocument(tx, teamId, body.team_recipient_id);
  if (!recipient) throw new AppError('notFound', { message: RECEIPT_MESSAGES.recipientNotFound });
  if (body.received_on > businessDate(now)) {
    const message = RECEIPT_MESSAGES.receivedInFuture;
    throw new AppError('validationFailed', { message, data: { fields: { received_on: message } } });
  }
  const company =
    body.company_id === null
      ? null
      : await requireTeamCompany(tx, teamId, body.company_id).catch(() => {
          throw new AppError('notFound', { message: RECEIPT_MESSAGES.companyNotFound });
        });
  const receiptId = await insertReceipt(tx, {
    teamId,
    teamRecipientId: recipient.id,
    receivedOn: body.received_on,
    amount: body.amount,
    payerName: body.payer_name,
    companyId: company?.id ?? null,
    reference: body.reference,
    notes: body.notes,
    createdByMembershipId: auth.membershipId,
    createdAt: now,
    updatedAt: now,
  });
  await recordOperation(tx, {
    action: 'receipt_create',
    actor: memberActor(auth, origin, now),
    targetId: receiptId,
    detail: { name: body.payer_name, amount: body.amount, received_on: body.received_on },
  });
  return receiptId;
}

/** GET /v1/receipts/payer_companies: the client companies a payer's name may be, best first. */
export function suggestPayerCompanies(deps: ReceiptDeps, auth: AuthContext, payerName: string) {
  return findPayerCompanies(deps.db, auth.teamId, payerName);
}

/** POST /v1/receipts/{id}/void: 409 when voided already or while something of it is allocated. */
export async function voidReceipt(
  deps: ReceiptDeps,
  auth: AuthContext,
  receiptId: number,
  body: ReceiptVoid,
  origin: RequestOrigin,
): Promise<ReceiptDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const locked = await lockReceipt(tx, teamId, receiptId);
    if (!locked) throw receiptNotFound();
    if (locked.receipt.voidedAt !== null) throw receiptConflict(RECEIPT_MESSAGES.alreadyVoided);
    if (locked.allocated > 0) throw receiptConflict(RECEIPT_MESSAGES.notVoidable);
    await updateReceiptRow(tx, teamId, receiptId, {
      voidedAt: now,
      voidReason: body.reason,
      voidedByMembershipId: auth.membershipId,
      updatedAt: now,
    });
    await recordOperation(tx, {
      action: 'receipt_void',
      actor: memberActor(auth, origin, now),
      targetId: receiptId,
      detail: { name: locked.receipt.payerName, amount: locked.receipt.amount, reason: body.reason },
    });
    return loadReceiptDetail(tx, teamId, receiptId, level);
  });
}
