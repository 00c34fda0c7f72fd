import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { textCount } from '../text-count';
import type { ListPatch, ListQueryBase } from './list-search-params';
import type { ListSearch } from './use-list-search';

/** Typing settles this long before the list is asked again. */
export const KEYWORD_DEBOUNCE_MS = 300;

/** The query's text fields (`keyword`). */
type TextField<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends string ? K : never }[keyof Q];

export interface ListKeywordInputProps<Q extends ListQueryBase> {
  search: ListSearch<Q>;
  field: TextField<Q> & string;
  placeholder: string;
  maxLength?: number;
  testId?: string;
}

/**
 * A search box bound to a text field of the list's query: written to the address once typing pauses
 * (at once on Enter or clear), and following the address when it changes otherwise (清除筛选, Back).
 */
export function ListKeywordInput<Q extends ListQueryBase>({
  search,
  field,
  placeholder,
  maxLength = 50,
  testId,
}: ListKeywordInputProps<Q>) {
  const inAddress = String(search.query[field] ?? '');
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  // The address changed under the box: show it, unless it is only what was typed, trimmed.
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== text.trim()) setText(inAddress);
  }

  const write = useCallback(
    (value: string) => search.set({ [field]: value.trim() || undefined } as ListPatch<Q>),
    [search, field],
  );

  useEffect(() => {
    if (text.trim() === inAddress) return;
    const timer = setTimeout(() => write(text), KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, inAddress, write]);

  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      count={textCount(maxLength, false)}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === '') write('');
      }}
      onPressEnter={() => write(text)}
      style={{ width: 260 }}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}
