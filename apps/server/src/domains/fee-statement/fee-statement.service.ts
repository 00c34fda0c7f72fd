/**
 * Staff's side of fee statements (docs/product.md "Fee statements", key `accounting`): share one (a billed
 * order's, or a client company's over a period for one payee entity), list them with the client's answers,
 * revoke one's link, and read a client's latest invoice details for an invoice request. A statement stores
 * what was asked, who and when; its link is a share link of kind `fee_statement` made in the same
 * transaction, open FEE_STATEMENT_LIMITS.expiryDays days.
 */
import { COMPANY_MESSAGES } from '@trackit/contract/company.schema';
import {
  FEE_STATEMENT_LIMITS,
  FEE_STATEMENT_MESSAGES,
  type FeeStatement,
  type FeeStatementCreate,
  type FeeStatementQuery,
  type InvoiceInfo,
} from '@trackit/contract/fee-statement.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { TEAM_RECIPIENT_MESSAGES } from '@trackit/contract/team-recipient.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { createShareLink, revokeShareLink } from '../share/share-link.service';
import { presentFeeStatement, presentInvoiceInfo } from './fee-statement.presenter';
import {
  type FeeStatementListRow,
  findFeeStatement,
  findFeeStatementRow,
  findLatestInvoiceInfo,
  insertFeeStatement,
  listFeeStatements,
  listResponses,
} from './fee-statement.repository';
import {
  findCompany,
  findDefaultRecipient,
  findOrder,
  findRecipient,
} from './fee-statement-records.repository';

export interface FeeStatementDeps {
  db: Database;
  clock: () => Date;
}

const DAY_MS = 86_400_000;
const notFound = (message: string) => new AppError('notFound', { message });

/** What the statement covers, in the log's words: the order's number, or the period. */
const whatOf = (row: {
  orderNumber: string | null;
  statement: { periodFrom: string | null; periodTo: string | null };
}) =>
  row.orderNumber !== null
    ? `订单 ${row.orderNumber}`
    : `${row.statement.periodFrom ?? ''} 至 ${row.statement.periodTo ?? ''}`;

async function present(deps: FeeStatementDeps, teamId: number, rows: FeeStatementListRow[]) {
  const responses = await listResponses(
    deps.db,
    teamId,
    rows.map((row) => row.statement.id),
  );
  const now = deps.clock();
  return rows.map((row) => presentFeeStatement(row, responses, now));
}

async function reread(deps: FeeStatementDeps, teamId: number, id: number): Promise<FeeStatement> {
  const row = await findFeeStatementRow(deps.db, teamId, id);
  if (!row) throw notFound(FEE_STATEMENT_MESSAGES.notFound);
  const [presented] = await present(deps, teamId, [row]);
  if (!presented) throw notFound(FEE_STATEMENT_MESSAGES.notFound);
  return presented;
}

/** The order, company and payee entity the request names, checked within the team. */
async function whatIsAsked(db: Database, teamId: number, input: FeeStatementCreate) {
  if (input.order_id !== undefined) {
    const order = await findOrder(db, teamId, input.order_id);
    if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (order.status !== 'billed') {
      throw new AppError('conflict', { message: FEE_STATEMENT_MESSAGES.orderNotBilled });
    }
    if (order.companyId === null) throw notFound(COMPANY_MESSAGES.companyNotFound);
    if (order.teamRecipientId === null) {
      throw new AppError('conflict', { message: FEE_STATEMENT_MESSAGES.noPayee });
    }
    return {
      kind: 'order' as const,
      orderId: order.id,
      companyId: order.companyId,
      teamRecipientId: order.teamRecipientId,
      periodFrom: null,
      periodTo: null,
    };
  }
  const company =
    input.company_id === undefined ? undefined : await findCompany(db, teamId, input.company_id);
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const recipient =
    input.team_recipient_id === undefined
      ? await findDefaultRecipient(db, teamId)
      : await findRecipient(db, teamId, input.team_recipient_id);
  if (!recipient) {
    if (input.team_recipient_id === undefined) {
      throw new AppError('conflict', { message: FEE_STATEMENT_MESSAGES.noDefaultPayee });
    }
    throw notFound(TEAM_RECIPIENT_MESSAGES.notFound);
  }
  return {
    kind: 'period' as const,
    orderId: null,
    companyId: company.id,
    teamRecipientId: recipient.id,
    periodFrom: input.from ?? null,
    periodTo: input.to ?? null,
  };
}

/** POST /v1/fee_statements: the statement, its link and its log entry, in one transaction. */
export async function createFeeStatement(
  deps: FeeStatementDeps,
  auth: AuthContext,
  input: FeeStatementCreate,
  origin: RequestOrigin,
): Promise<FeeStatement> {
  const now = deps.clock();
  const id = await deps.db.transaction(async (tx) => {
    const asked = await whatIsAsked(tx, auth.teamId, input);
    const statement = await insertFeeStatement(tx, {
      teamId: auth.teamId,
      ...asked,
      createdByMembershipId: auth.membershipId,
      createdAt: now,
    });
    await createShareLink(tx, {
      teamId: auth.teamId,
      kind: 'fee_statement',
      recordId: statement.id,
      expiresAt: new Date(now.getTime() + FEE_STATEMENT_LIMITS.expiryDays * DAY_MS),
      createdByMembershipId: auth.membershipId,
      now,
    });
    const row = await findFeeStatementRow(tx, auth.teamId, statement.id);
    if (!row) throw new Error('fee statement not found after insert');
    await recordOperation(tx, {
      action: 'fee_statement_share',
      actor: memberActor(auth, origin, now),
      targetId: statement.companyId,
      detail: { name: row.companyName, what: whatOf(row) },
    });
    return statement.id;
  });
  return reread(deps, auth.teamId, id);
}

/** GET /v1/fee_statements. */
export async function listTeamFeeStatements(
  deps: FeeStatementDeps,
  auth: AuthContext,
  query: FeeStatementQuery,
) {
  const { items, total } = await listFeeStatements(
    deps.db,
    auth.teamId,
    { orderId: query.order_id, companyId: query.company_id },
    pageWindow(query),
  );
  return { items: await present(deps, auth.teamId, items), total };
}

/** POST /v1/fee_statements/{id}/revoke: the link ends for good (revoking again changes nothing). */
export async function revokeFeeStatement(
  deps: FeeStatementDeps,
  auth: AuthContext,
  id: number,
  origin: RequestOrigin,
): Promise<FeeStatement> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    // Not locked: the client's answers lock the link, then the statement; revoking takes the link only.
    const statement = await findFeeStatement(tx, auth.teamId, id);
    if (!statement) throw notFound(FEE_STATEMENT_MESSAGES.notFound);
    const revoked = await revokeShareLink(tx, auth.teamId, 'fee_statement', id, now);
    if (!revoked) return;
    const row = await findFeeStatementRow(tx, auth.teamId, id);
    if (!row) return;
    await recordOperation(tx, {
      action: 'fee_statement_revoke',
      actor: memberActor(auth, origin, now),
      targetId: statement.companyId,
      detail: { name: row.companyName, what: whatOf(row) },
    });
  });
  return reread(deps, auth.teamId, id);
}

/** GET /v1/fee_statements/invoice_info: the client company's latest invoice details, or null. */
export async function latestInvoiceInfo(
  deps: FeeStatementDeps,
  auth: AuthContext,
  companyId: number,
): Promise<InvoiceInfo | null> {
  const company = await findCompany(deps.db, auth.teamId, companyId);
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const row = await findLatestInvoiceInfo(deps.db, auth.teamId, companyId);
  return row ? presentInvoiceInfo(row) : null;
}
