/**
 * Staff's answer to a client's query on a statement (docs/product.md "Fee statements", key `accounting`): a
 * reply the client reads on the statement page (a later one replaces it), and the query marked resolved for
 * good. Open queries (not resolved) show beside 已确认 and are counted on the finance dashboard.
 */
import {
  FEE_STATEMENT_MESSAGES,
  type FeeStatement,
  OPEN_QUERIES_LISTED,
  type OpenQueries,
  type QueryAnswerRequest,
} from '@trackit/contract/fee-statement.schema';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  findFeeStatementRow,
  findQueryForUpdate,
  listOpenQueries,
  updateQuery,
} from './fee-statement.repository';
import { type FeeStatementDeps, rereadFeeStatement, whatOf } from './fee-statement.service';

/** POST /v1/fee_statement_queries/{id}/answer: the reply and/or the resolution, logged, in one transaction. */
export async function answerStatementQuery(
  deps: FeeStatementDeps,
  auth: AuthContext,
  id: number,
  input: QueryAnswerRequest,
  origin: RequestOrigin,
): Promise<FeeStatement> {
  const now = deps.clock();
  const statementId = await deps.db.transaction(async (tx) => {
    const query = await findQueryForUpdate(tx, auth.teamId, id);
    if (!query) throw new AppError('notFound', { message: FEE_STATEMENT_MESSAGES.queryNotFound });
    const row = await findFeeStatementRow(tx, auth.teamId, query.statementId);
    if (!row) throw new AppError('notFound', { message: FEE_STATEMENT_MESSAGES.notFound });
    const reply = input.reply;
    const resolving = input.resolve && query.resolvedAt === null;
    if (!reply && !resolving) return query.statementId;
    await updateQuery(tx, auth.teamId, id, {
      ...(reply ? { reply, repliedAt: now, repliedByMembershipId: auth.membershipId } : {}),
      ...(resolving ? { resolvedAt: now, resolvedByMembershipId: auth.membershipId } : {}),
    });
    await recordOperation(tx, {
      action: 'fee_statement_query_answer',
      actor: memberActor(auth, origin, now),
      targetId: row.statement.companyId,
      detail: { name: row.companyName, what: whatOf(row), reply, resolved: resolving },
    });
    return query.statementId;
  });
  return rereadFeeStatement(deps, auth.teamId, statementId);
}

/** GET /v1/fee_statement_queries/open: how many queries are open, and the oldest OPEN_QUERIES_LISTED. */
export async function openStatementQueries(deps: FeeStatementDeps, auth: AuthContext): Promise<OpenQueries> {
  const { items, total } = await listOpenQueries(deps.db, auth.teamId, OPEN_QUERIES_LISTED);
  return {
    count: total,
    items: items.map((item) => ({
      id: item.query.id,
      statement_id: item.query.statementId,
      company: { id: item.companyId, name: item.companyName },
      order:
        item.orderId !== null && item.orderNumber !== null
          ? { id: item.orderId, number: item.orderNumber }
          : null,
      comment: item.query.comment,
      name: item.query.name,
      at: item.query.createdAt.toISOString(),
      replied: item.query.reply !== null,
    })),
  };
}
