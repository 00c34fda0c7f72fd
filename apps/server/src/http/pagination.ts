import { PAGE_HEADERS, PAGINATION } from '@trackit/contract/envelope';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok } from './envelope';

/** Query of every paged list: page from 1, per_page 1..100 (default 20). Extend it per list. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGINATION.maxPerPage).default(PAGINATION.defaultPerPage),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: PageQuery): PageWindow {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

/** Sends a page: the rows as `data`, the position in x-page / x-per-page / x-total. */
export function sendPage<T>(reply: FastifyReply, query: PageQuery, rows: T[], total: number) {
  reply.header(PAGE_HEADERS.page, String(query.page));
  reply.header(PAGE_HEADERS.perPage, String(query.per_page));
  reply.header(PAGE_HEADERS.total, String(total));
  return ok(rows);
}
