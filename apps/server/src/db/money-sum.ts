/**
 * A sum of fen over a team's records, in any number (docs/decisions.md "Bounds on money, dates and races"):
 * summed as numeric (PostgreSQL's sum of bigint), which no row count overflows, and read as text, so the
 * driver never rounds it; the contract's `fenOfSum` answers it exactly within ±MAX_SUM_FEN and capped
 * beyond. Every sum an answer carries over rows whose number nothing bounds goes through here; a sum
 * within one record (an order's lines, a receipt's allocations) is bounded by that record's own limit.
 */
import { fenOfSum } from '@trackit/contract/money';
import { type SQLWrapper, sql } from 'drizzle-orm';

export const sumFen = (expression: SQLWrapper) =>
  sql<number>`coalesce(sum(${expression}), 0)::text`.mapWith(fenOfSum);
