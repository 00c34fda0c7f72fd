import { FilterSelect, type FilterSelectOptions } from './filter-select';
import type { ListPatch, ListQueryBase } from './list-search-params';
import type { ListSearch } from './use-list-search';

type Scalar = string | number;

/** The query's fields holding one value (`gender`, `status`). */
type OneField<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends Scalar ? K : never }[keyof Q];
/** The query's fields holding several values (`status` of orders, `job_type`, `action`). */
type ManyField<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends readonly Scalar[] ? K : never }[keyof Q];

/** A value of the field: the field's own type, or an item of it for a list. */
type ValueOf<T> = NonNullable<T> extends readonly (infer E)[] ? E & Scalar : NonNullable<T> & Scalar;

interface Base<Q extends ListQueryBase, F extends keyof Q> {
  search: ListSearch<Q>;
  field: F & string;
  options: FilterSelectOptions<ValueOf<Q[F]>>;
  /** The placeholder, also read by screen readers. */
  label: string;
  placeholder?: string;
  width: number;
  /** Typing narrows a single select's choices (a multiple one always does). */
  searchable?: boolean;
  loading?: boolean;
  testId?: string;
}

export type ListSelectFilterProps<Q extends ListQueryBase, F extends keyof Q> =
  | (Base<Q, F> & { multiple?: false; field: OneField<Q> & F & string })
  | (Base<Q, F> & { multiple: true; field: ManyField<Q> & F & string });

/**
 * A select bound to one field of the list's query in the address: one value, or several (`multiple`,
 * written as repeated parameters, `?status=draft&status=confirmed`). A choice goes back to the first
 * page; clearing it (× or the last tag removed) removes the field from the address.
 */
export function ListSelectFilter<Q extends ListQueryBase, F extends keyof Q>(
  props: ListSelectFilterProps<Q, F>,
) {
  const { search, field, multiple, ...shown } = props;
  type V = ValueOf<Q[F]>;
  const current = search.query[field] as unknown;
  const write = (value: V | V[] | undefined) => search.set({ [field]: value } as ListPatch<Q>);
  return multiple ? (
    <FilterSelect<V> {...shown} multiple value={(current as V[] | undefined) ?? []} onChange={write} />
  ) : (
    <FilterSelect<V> {...shown} value={(current as V | undefined) ?? null} onChange={write} />
  );
}
