import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { SortOrder } from 'antd/es/table/interface';

/** The fields a list query can be sorted by: `name` of `sort: 'name' | '-name'`; never without `sort`. */
export type SortFieldOf<Q> = Q extends { sort?: infer S } ? Ascending<NonNullable<S>> : never;
type Ascending<S> = S extends `-${infer F}` ? F : never;

/** The arrow a column shows for the query's `sort` (`-created_at` → descend on 创建时间). */
export const sortOrderOf = (sort: string | undefined, field: string): SortOrder => {
  if (!sort) return null;
  const current = readSort(sort as SortValue<string>);
  if (current.field !== field) return null;
  return current.descending ? 'descend' : 'ascend';
};

/** The `sort` of a column's new order; undefined (the list's default order) when it is turned off. */
export const sortValueOf = (field: string, order: SortOrder | undefined): string | undefined => {
  if (order === 'ascend') return field;
  if (order === 'descend') return `-${field}`;
  return undefined;
};
