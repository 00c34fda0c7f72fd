/**
 * The client's side of a fee statement (docs/product.md "Fee statements"): the share page reads it, and
 * the client confirms it, queries a line or submits invoice details, without an account. The statement is
 * the record its share link opens (`openShareLink`: unknown, revoked, expired or of another kind is the one
 * "not found"), read within the link's team; each answer tells the statement's creator (notify domain) in
 * the transaction that records it.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import {
  type ConfirmRequest,
  FEE_STATEMENT_LIMITS,
  FEE_STATEMENT_MESSAGES,
  type InvoiceInfoRequest,
  type QueryRequest,
} from '@trackit/contract/fee-statement.schema';
import { INVOICE_TYPE_LABELS } from '@trackit/contract/finance-enums';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { notifyMembers } from '../notify/notify.service';
import { shareNotFound } from '../share/share-id';
import { openShareLink } from '../share/share-link.service';
import { presentPublicFeeStatement } from './fee-statement.presenter';
import {
  confirmFeeStatement,
  countResponses,
  type FeeStatementRecord,
  findFeeStatement,
  insertInvoiceInfo,
  insertQuery,
  listResponses,
} from './fee-statement.repository';
import type { FeeStatementDeps } from './fee-statement.service';
import { loadStatementView } from './fee-statement-view.service';

/** The statement a share id opens, as of now, with what the client answered; else "not found". */
async function openStatement(db: Database, shareId: string, now: Date) {
  const { link, teamName } = await openShareLink(db, 'fee_statement', shareId, now);
  const statement = await findFeeStatement(db, link.teamId, link.recordId);
  if (!statement) throw shareNotFound();
  const view = await loadStatementView(db, statement, now);
  if (!view) throw shareNotFound();
  const responses = await listResponses(db, statement.teamId, [statement.id]);
  return { view, teamName, expiresAt: link.expiresAt, ...responses };
}

/** GET /v1/public/fee_statements/{share_id} (and what its PDF prints). */
export async function getPublicFeeStatement(deps: FeeStatementDeps, shareId: string) {
  const now = deps.clock();
  const opened = await openStatement(deps.db, shareId, now);
  return { statement: presentPublicFeeStatement(opened.view, opened), now };
}

/** The statement of the link, held until the transaction ends (a revocation waits for the answer). */
async function lockStatement(tx: Database, shareId: string, now: Date) {
  const { link } = await openShareLink(tx, 'fee_statement', shareId, now, true);
  const statement = await findFeeStatement(tx, link.teamId, link.recordId, true);
  if (!statement) throw shareNotFound();
  const view = await loadStatementView(tx, statement, now);
  if (!view) throw shareNotFound();
  return { statement, view };
}

/** The creator hears of the client's answer, linked to where staff see the statement. */
async function tellCreator(
  tx: Database,
  statement: FeeStatementRecord,
  notice: { title: string; body: string; at: Date },
) {
  if (!statement.createdByMembershipId) return;
  await notifyMembers(tx, {
    teamId: statement.teamId,
    recipientMembershipIds: [statement.createdByMembershipId],
    type: 'event_notice',
    title: notice.title,
    body: notice.body,
    link:
      statement.orderId !== null
        ? ADMIN_PATHS.financeOrder(statement.orderId)
        : ADMIN_PATHS.company(statement.companyId),
    at: notice.at,
  });
}

/** Runs a client's answer in one transaction, then answers the statement as it now reads. */
async function answer(
  deps: FeeStatementDeps,
  shareId: string,
  write: (tx: Database, locked: Awaited<ReturnType<typeof lockStatement>>, now: Date) => Promise<void>,
) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => write(tx, await lockStatement(tx, shareId, now), now));
  return (await getPublicFeeStatement(deps, shareId)).statement;
}

/** POST …/confirm: the first confirmation is kept (a second one changes nothing and tells nobody). */
export function confirmStatement(deps: FeeStatementDeps, shareId: string, input: ConfirmRequest) {
  return answer(deps, shareId, async (tx, { statement, view }, now) => {
    if (statement.confirmedAt) return;
    await confirmFeeStatement(tx, statement.teamId, statement.id, { name: input.name, at: now });
    await tellCreator(tx, statement, {
      title: FEE_STATEMENT_MESSAGES.confirmedNotice(view.company.name),
      body: FEE_STATEMENT_MESSAGES.noticeBody(input.name, ''),
      at: now,
    });
  });
}

/** POST …/queries: a comment on the statement or on one of its lines (a line of another record: not found). */
export function queryStatement(deps: FeeStatementDeps, shareId: string, input: QueryRequest) {
  return answer(deps, shareId, async (tx, { statement, view }, now) => {
    const feeLineId = input.fee_line_id ?? null;
    if (feeLineId !== null && !view.lines.some((line) => line.id === feeLineId)) {
      throw new AppError('notFound', { message: FEE_STATEMENT_MESSAGES.feeLineNotFound });
    }
    const counts = await countResponses(tx, statement.teamId, statement.id);
    if (counts.queries >= FEE_STATEMENT_LIMITS.queries) {
      throw new AppError('conflict', { message: FEE_STATEMENT_MESSAGES.tooManyQueries });
    }
    await insertQuery(tx, {
      teamId: statement.teamId,
      statementId: statement.id,
      feeLineId,
      comment: input.comment,
      name: input.name,
      createdAt: now,
    });
    const line = view.lines.find((one) => one.id === feeLineId);
    const about = line ? `${line.modelName}：` : '';
    await tellCreator(tx, statement, {
      title: FEE_STATEMENT_MESSAGES.queriedNotice(view.company.name),
      body: FEE_STATEMENT_MESSAGES.noticeBody(input.name, `${about}${input.comment}`),
      at: now,
    });
  });
}

/** POST …/invoice_info: the client's 开票信息, the latest of which prefills the client's invoice requests. */
export function submitInvoiceInfo(deps: FeeStatementDeps, shareId: string, input: InvoiceInfoRequest) {
  return answer(deps, shareId, async (tx, { statement, view }, now) => {
    const counts = await countResponses(tx, statement.teamId, statement.id);
    if (counts.invoiceInfos >= FEE_STATEMENT_LIMITS.invoiceInfos) {
      throw new AppError('conflict', { message: FEE_STATEMENT_MESSAGES.tooManyInvoiceInfos });
    }
    await insertInvoiceInfo(tx, {
      teamId: statement.teamId,
      statementId: statement.id,
      companyId: statement.companyId,
      type: input.type,
      buyerName: input.buyer.name,
      buyerTaxId: input.buyer.tax_id,
      buyerAddressPhone: input.buyer.address_phone,
      buyerBankAccount: input.buyer.bank_account,
      name: input.name,
      createdAt: now,
    });
    await tellCreator(tx, statement, {
      title: FEE_STATEMENT_MESSAGES.invoiceInfoNotice(view.company.name),
      body: FEE_STATEMENT_MESSAGES.noticeBody(
        input.name,
        `${INVOICE_TYPE_LABELS[input.type]} · ${input.buyer.name}`,
      ),
      at: now,
    });
  });
}
