import { Radio } from 'antd';
import type { ListPatch, ListQueryBase } from './list-search-params';
import type { ListSearch } from './use-list-search';

/** What a choice sets a field to; 全部 (the first button) removes the filter. */
export interface RadioFilterOption<V extends string> {
  label: string;
  value: V;
}

const ALL = '';

/** The query's fields holding one of a few text values (`type`, `read`, `status`). */
type ChoiceField<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends string ? K : never }[keyof Q];

export interface ListRadioFilterProps<Q extends ListQueryBase, F extends ChoiceField<Q>> {
  search: ListSearch<Q>;
  field: F & string;
  options: readonly RadioFilterOption<NonNullable<Q[F]> & string>[];
  /** Read by screen readers: what the buttons choose (通知类型). */
  label: string;
  testId?: string;
}

/** A row of buttons, 全部 first, bound to one field of the list's query in the address. */
export function ListRadioFilter<Q extends ListQueryBase, F extends ChoiceField<Q>>({
  search,
  field,
  options,
  label,
  testId,
}: ListRadioFilterProps<Q, F>) {
  return (
    <Radio.Group
      optionType="button"
      options={[{ label: '全部', value: ALL }, ...options]}
      value={(search.query[field] as string | undefined) ?? ALL}
      onChange={(event) => {
        const value = event.target.value as string;
        search.set({ [field]: value === ALL ? undefined : value } as ListPatch<Q>);
      }}
      data-testid={testId}
      aria-label={label}
    />
  );
}
