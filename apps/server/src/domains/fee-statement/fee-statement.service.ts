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
  type FeeStatementPreview,
  type FeeStatementPreviewQuery,
  type FeeStatementQuery,
  type InvoiceInfo,
  isStatementEmpty,
} from '@trackit/contract/fee-statement.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { TEAM_RECIPIENT_MESSAGES } from '@trackit/contract/team-recipient.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { createShareLink, revokeShareLink } from '../share/share-link.service';
import { getTeamName } from '../team/team.service';
import {
  presentFeeStatement,
  presentInvoiceInfo,
  presentPublicFeeStatement,
} from './fee-statement.presenter';
import {
  type FeeStatementListRow,
  type FeeStatementRecord,
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
  listClientEntities,
} from './fee-statement-records.repository';
import { loadStatementView } from './fee-statement-view.service';

export interface FeeStatementDeps {
  db: Database;
  clock: () => Date;
}

const DAY_MS = 86_400_000;
const notFound = (message: string) => new AppError('notFound', { message });

/** What the statement covers, in the log's words: the order's number, or the period. */
export const whatOf = (row: {
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

/** A statement as staff list it, read again after a change. */
export async function rereadFeeStatement(
  deps: FeeStatementDeps,
  teamId: number,
  id: number,
): Promise<FeeStatement> {
  const row = await findFeeStatementRow(deps.db, teamId, id);
  if (!row) throw notFound(FEE_STATEMENT_MESSAGES.notFound);
  const [presented] = await present(deps, teamId, [row]);
  if (!presented) throw notFound(FEE_STATEMENT_MESSAGES.notFound);
  return presented;
}

/**
 * A period statement's payee entity: the one asked for; else the entity of the client's billed orders with
 * the most outstanding (docs/decisions.md "One period statement per payee entity"); else, for a client with
 * no billed order, the team's default. With the entities the client's orders use, most outstanding first.
 */
async function periodRecipient(db: Database, teamId: number, companyId: number, asked: number | undefined) {
  const entities = await listClientEntities(db, teamId, companyId);
  const first = entities[0];
  const recipient =
    asked !== undefined
      ? await findRecipient(db, teamId, asked)
      : first
        ? await findRecipient(db, teamId, first.id)
        : await findDefaultRecipient(db, teamId);
  if (!recipient) {
    if (asked === undefined) {
      throw new AppError('conflict', { message: FEE_STATEMENT_MESSAGES.noDefaultPayee });
    }
    throw notFound(TEAM_RECIPIENT_MESSAGES.notFound);
  }
  return { recipient, entities };
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
  const { recipient } = await periodRecipient(db, teamId, company.id, input.team_recipient_id);
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
  return rereadFeeStatement(deps, auth.teamId, id);
}

/**
 * GET /v1/fee_statements/preview: the period statement the client would read if it were shared now, worked
 * out by the share page's own code (loadStatementView, presentPublicFeeStatement); nothing is written.
 */
export async function previewFeeStatement(
  deps: FeeStatementDeps,
  auth: AuthContext,
  query: FeeStatementPreviewQuery,
): Promise<FeeStatementPreview> {
  const now = deps.clock();
  const company = await findCompany(deps.db, auth.teamId, query.company_id);
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const { recipient, entities } = await periodRecipient(
    deps.db,
    auth.teamId,
    company.id,
    query.team_recipient_id,
  );
  const unsaved: FeeStatementRecord = {
    id: 0,
    teamId: auth.teamId,
    kind: 'period',
    orderId: null,
    companyId: company.id,
    teamRecipientId: recipient.id,
    periodFrom: query.from,
    periodTo: query.to,
    createdByMembershipId: auth.membershipId,
    createdAt: now,
    confirmedName: null,
    confirmedAt: null,
  };
  const [view, teamName] = await Promise.all([
    loadStatementView(deps.db, unsaved, now),
    getTeamName(deps.db, auth.teamId),
  ]);
  if (!view) throw notFound(FEE_STATEMENT_MESSAGES.notFound);
  const statement = presentPublicFeeStatement(view, { teamName, expiresAt: null, queries: [], infos: [] });
  return {
    entities: entities.map((entity) => ({
      id: entity.id,
      short_name: entity.shortName,
      billed_orders: entity.billedOrders,
      outstanding: entity.outstanding,
    })),
    team_recipient_id: recipient.id,
    statement,
    empty: isStatementEmpty(statement),
  };
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
  return rereadFeeStatement(deps, auth.teamId, id);
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
