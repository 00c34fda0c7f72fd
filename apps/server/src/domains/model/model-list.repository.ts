/**
 * The model list's queries (docs/product.md "Models"): its filters, keyword search and sorts, a page of
 * rows with its total, every matching id for an export, and models by id. The other model queries are in
 * ./model.repository.
 */
import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { MODEL_SORTS, ParsedRange } from '@trackit/contract/model.schema';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  like,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { type ModelRecord, type ModelRow, selectModels, toModelRow } from './model.repository';
import { models } from './model.tables';

export interface ModelListFilter {
  keyword?: string | undefined;
  gender?: ModelRecord['gender'] | undefined;
  height?: ParsedRange[] | undefined;
  weight?: ParsedRange[] | undefined;
  /** Age ranges already turned into birthday bounds (see model-age.ts). */
  birthday?: { latest?: string; after?: string }[] | undefined;
  clothingSize?: NonNullable<ModelRecord['clothingSize']>[] | undefined;
  cup?: NonNullable<ModelRecord['cup']>[] | undefined;
  city?: string | undefined;
  nationality?: string[] | undefined;
  tags?: string[] | undefined;
  status?: ModelRecord['status'] | undefined;
  managerMembershipId?: number | undefined;
  sort?: SortValue<(typeof MODEL_SORTS)[number]> | undefined;
}

/** What the keyword search compares with the pinyin and English columns: lower case, no spaces. */
export const searchForm = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Several ranges of one column OR together; each end inclusive. */
function numericRanges(ranges: ParsedRange[], column: typeof models.height | typeof models.weight) {
  return or(
    ...ranges.map((range) =>
      and(
        range.min === undefined ? undefined : gte(column, range.min),
        range.max === undefined ? undefined : lte(column, range.max),
      ),
    ),
  );
}

function birthdayRanges(ranges: { latest?: string; after?: string }[]) {
  return or(
    ...ranges.map((range) =>
      and(
        range.latest === undefined ? undefined : lte(models.birthday, range.latest),
        range.after === undefined ? undefined : gt(models.birthday, range.after),
      ),
    ),
  );
}

function keywordMatch(keyword: string): SQL | undefined {
  const prefix = `${escapeLike(keyword)}%`;
  const folded = searchForm(keyword);
  const foldedPrefix = `${escapeLike(folded)}%`;
  return or(
    like(models.name, prefix),
    folded ? like(models.englishSearch, foldedPrefix) : undefined,
    folded ? like(models.pinyinFull, foldedPrefix) : undefined,
    folded ? like(models.pinyinInitials, foldedPrefix) : undefined,
    /^\d+$/.test(keyword) ? like(models.mobile, prefix) : undefined,
  );
}

const SORT_COLUMNS = {
  created_at: models.createdAt,
  updated_at: models.updatedAt,
  name: models.pinyinFull,
  height: models.height,
  // Older is a smaller birthday: age ascending is birthday descending.
  age: models.birthday,
};

/** The list's filters, all within the team. */
function modelListWhere(teamId: number, filter: ModelListFilter) {
  return and(
    eq(models.teamId, teamId),
    filter.keyword ? keywordMatch(filter.keyword) : undefined,
    filter.gender ? eq(models.gender, filter.gender) : undefined,
    filter.height?.length ? numericRanges(filter.height, models.height) : undefined,
    filter.weight?.length ? numericRanges(filter.weight, models.weight) : undefined,
    filter.birthday?.length ? birthdayRanges(filter.birthday) : undefined,
    filter.clothingSize?.length ? inArray(models.clothingSize, filter.clothingSize) : undefined,
    filter.cup?.length ? inArray(models.cup, filter.cup) : undefined,
    filter.city ? eq(models.city, filter.city) : undefined,
    filter.nationality?.length ? inArray(models.nationality, filter.nationality) : undefined,
    filter.tags?.length ? arrayOverlaps(models.tags, filter.tags) : undefined,
    filter.status ? eq(models.status, filter.status) : undefined,
    filter.managerMembershipId ? eq(models.managerMembershipId, filter.managerMembershipId) : undefined,
  );
}

function modelListOrder(filter: ModelListFilter): SQL[] {
  const sort = readSort(filter.sort ?? '-created_at');
  const descending = sort.field === 'age' ? !sort.descending : sort.descending;
  const direction = descending ? desc : asc;
  // Models without the value come last either way (an index per direction of the nullable columns). The
  // id breaks ties, so paging through equal values never repeats or skips a model.
  const column = SORT_COLUMNS[sort.field];
  return [descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, direction(models.id)];
}

/** The two queries of a list page (its rows, and the exact total), unexecuted: the bench explains them. */
export function modelListQueries(db: Database, teamId: number, filter: ModelListFilter, window: PageWindow) {
  const where = modelListWhere(teamId, filter);
  const order = modelListOrder(filter);
  // The page's ids first, from the indexes alone; only those rows are read whole and joined, so a deep
  // page never joins the rows it skips.
  const page = db
    .select({ pageId: models.id })
    .from(models)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  return {
    rows: selectModels(db)
      .innerJoin(page, eq(page.pageId, models.id))
      .orderBy(...order),
    total: db.select({ total: count() }).from(models).where(where),
  };
}

/** The ids of every model matching the filters, in the list's order, from the indexes (an export's rows). */
export async function listModelIds(db: Database, teamId: number, filter: ModelListFilter): Promise<number[]> {
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(modelListWhere(teamId, filter))
    .orderBy(...modelListOrder(filter));
  return rows.map((row) => row.id);
}

/** The team's models of these ids, whole and joined, in the order of `ids`. */
export async function findModelsByIds(db: Database, teamId: number, ids: number[]): Promise<ModelRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectModels(db).where(and(eq(models.teamId, teamId), inArray(models.id, ids)));
  const byId = new Map(rows.map((row) => [row.model.id, toModelRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The team's models matching the filters, newest first unless sorted otherwise; paged in the database. */
export async function listModels(db: Database, teamId: number, filter: ModelListFilter, window: PageWindow) {
  const queries = modelListQueries(db, teamId, filter, window);
  const [rows, [totals]] = await Promise.all([queries.rows, queries.total]);
  return { rows: rows.map(toModelRow), total: totals?.total ?? 0 };
}
