import type { PageQuery } from '@trackit/contract/envelope';

/** The rows of one page, as LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: PageQuery): PageWindow {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}
