import { Select } from 'antd';

/** What a filter offers: a value and what the user reads. */
export interface FilterSelectOption<V extends string | number> {
  label: string;
  value: V;
}

/**
 * A filter's choices: a list (`toOptions(VALUES, LABELS)`, or built from a query's answer), or a
 * contract label map (`JOB_TYPE_LABELS`), offered in the map's own order.
 */
export type FilterSelectOptions<V extends string | number> =
  | readonly FilterSelectOption<V>[]
  | Readonly<Record<V & PropertyKey, string>>;

export const filterOptionsOf = <V extends string | number>(
  options: FilterSelectOptions<V>,
): FilterSelectOption<V>[] =>
  Array.isArray(options)
    ? [...(options as readonly FilterSelectOption<V>[])]
    : Object.entries(options as Readonly<Record<string, string>>).map(([value, label]) => ({
        label,
        value: value as V,
      }));

interface FilterSelectBase<V extends string | number> {
  options: FilterSelectOptions<V>;
  /** The placeholder, also read by screen readers (状态, 工作类型). */
  label: string;
  /** A placeholder other than the label (全部操作). */
  placeholder?: string;
  width: number;
  /** Typing narrows the choices by their labels (always so when several may be chosen). */
  searchable?: boolean;
  /** The choices come from a query still loading. */
  loading?: boolean;
  testId?: string;
}

export interface FilterSelectOneProps<V extends string | number> extends FilterSelectBase<V> {
  multiple?: false;
  value: V | null;
  onChange: (value: V | undefined) => void;
}

export interface FilterSelectManyProps<V extends string | number> extends FilterSelectBase<V> {
  multiple: true;
  value: readonly V[];
  /** `undefined` when the last choice is removed, so the filter leaves the address. */
  onChange: (value: V[] | undefined) => void;
}

export type FilterSelectProps<V extends string | number> = FilterSelectOneProps<V> | FilterSelectManyProps<V>;

/**
 * The one select of a filter row, single or multiple: cleared with its ×, several choices folded into
 * +N when they do not fit, the label as placeholder. `ListSelectFilter` binds it to a list's query; a
 * page keeping its filters its own way (the calendar) uses it directly.
 */
export function FilterSelect<V extends string | number>(props: FilterSelectProps<V>) {
  const { options, label, placeholder = label, width, searchable = false, loading, testId } = props;
  const common = {
    allowClear: true,
    placeholder,
    'aria-label': label,
    style: { width },
    options: filterOptionsOf(options),
    loading,
    'data-testid': testId,
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <Select<V[]>
        {...common}
        mode="multiple"
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        value={[...props.value]}
        onChange={(next) => onChange(next.length > 0 ? next : undefined)}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<V>
      {...common}
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      value={props.value}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}
