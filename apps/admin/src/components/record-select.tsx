import { type QueryKey, skipToken, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { Select } from 'antd';
import { type CSSProperties, type ReactNode, useDeferredValue, useMemo, useState } from 'react';

/** One choice: the record's id and how it shows. */
export interface RecordOption {
  value: number;
  label: ReactNode;
  /** What the closed select shows, when `label` is richer (an avatar beside the name). */
  title?: string;
}

/**
 * What names a picker for assistive technology: the `id` a Form.Item hands its control, so the item's
 * `<label for>` names the search box; else `aria-label` (a filter in a list's toolbar, whose
 * placeholder is all the label it shows). Every custom picker takes these and passes them on.
 */
export interface ControlNameProps {
  id?: string | undefined;
  'aria-label'?: string | undefined;
}

/** The name props of a picker: the form's id, or else a name (its placeholder when none is given). */
export const controlName = (
  { id, 'aria-label': ariaLabel }: ControlNameProps,
  placeholder: string | undefined,
): ControlNameProps => (id ? { id, 'aria-label': ariaLabel } : { 'aria-label': ariaLabel ?? placeholder });

export interface RecordSelectProps<T, SearchKey extends QueryKey, LookupKey extends QueryKey>
  extends ControlNameProps {
  value?: number | null | undefined;
  onChange?: (value: number | null) => void;
  /** The first matches of what the member typed (an empty keyword: the first records). */
  search: (keyword: string) => UseQueryOptions<Page<T>, Error, Page<T>, SearchKey>;
  /** One record by id, to name a chosen one outside the first matches (a filter from the address). */
  lookup?: ((id: number) => UseQueryOptions<T, Error, T, LookupKey>) | undefined;
  /** The record already chosen, when the page knows it (its name shows before any search). */
  current?: RecordOption | null | undefined;
  toOption: (record: T) => RecordOption;
  placeholder: string;
  /** Said when nothing matches: 没有符合条件的… */
  notFound: string;
  style?: CSSProperties;
  testId?: string;
}

const NO_LOOKUP = ['record-select', 'no-lookup'] as const;

/**
 * Picks one record of the team (a company, a model, a member), searched on the server as the member
 * types; the chosen record is named even when it is not among the matches. Named by its form label, or
 * by its placeholder in a toolbar.
 */
export function RecordSelect<T, SearchKey extends QueryKey, LookupKey extends QueryKey = QueryKey>({
  value,
  onChange,
  search,
  lookup,
  current,
  toOption,
  placeholder,
  notFound,
  style,
  testId,
  ...name
}: RecordSelectProps<T, SearchKey, LookupKey>) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const matches = useQuery(search(deferred));
  const found = useMemo(() => (matches.data?.data ?? []).map(toOption), [matches.data, toOption]);
  const listed = (id: number) => found.some((option) => option.value === id);
  const unlisted = value != null && !listed(value) && current?.value !== value;
  const chosen = useQuery<T, Error, T, LookupKey>(
    lookup && value != null && unlisted
      ? lookup(value)
      : // Nothing to look up: a key no query shares, and no call.
        { queryKey: NO_LOOKUP as readonly unknown[] as LookupKey, queryFn: skipToken },
  );
  const options = useMemo(() => {
    const extra = current ?? (chosen.data ? toOption(chosen.data) : null);
    return extra && !found.some((option) => option.value === extra.value) ? [extra, ...found] : found;
  }, [found, current, chosen.data, toOption]);

  return (
    <Select<number | null, RecordOption>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder={placeholder}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      labelRender={(chosen) => options.find((option) => option.value === chosen.value)?.title ?? chosen.label}
      loading={matches.isFetching}
      notFoundContent={matches.isFetching ? '加载中…' : notFound}
      style={{ width: '100%', ...style }}
      data-testid={testId}
      {...controlName(name, placeholder)}
    />
  );
}
