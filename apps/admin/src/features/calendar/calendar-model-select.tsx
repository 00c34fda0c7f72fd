import { useQuery } from '@tanstack/react-query';
import { compareNames } from '@trackit/contract/collation';
import { Select } from 'antd';
import { type CSSProperties, useDeferredValue, useMemo, useState } from 'react';
import { type ControlNameProps, controlName } from '../../components/record-select';
import { modelSearchQuery } from './calendar.queries';
import { modelLabel, type ResourceRow } from './calendar-layout';

export interface CalendarModelSelectProps extends ControlNameProps {
  value: readonly number[];
  onChange: (ids: number[], picked: ResourceRow[]) => void;
  /** Models the page can name already (the calendar's, the team's active ones). */
  known: ReadonlyMap<number, string>;
  /** Whether the member may search the team's models (data_management read); else only `known` is offered. */
  searchable: boolean;
  placeholder: string;
  maxCount?: number;
  style?: CSSProperties;
  testId?: string;
}

interface ModelOption {
  value: number;
  label: string;
}

/**
 * Picks several models: those the page knows, filtered as the member types, and, for a member who may list
 * models, the team's models found by name or pinyin on the server.
 */
export function CalendarModelSelect({
  value,
  onChange,
  known,
  searchable,
  placeholder,
  maxCount,
  style,
  testId,
  ...name
}: CalendarModelSelectProps) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const found = useQuery({ ...modelSearchQuery(deferred), enabled: searchable && deferred !== '' });

  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const id of value) byId.set(id, modelLabel(known, id));
    if (searchable && deferred && found.data) {
      for (const model of found.data) byId.set(model.id, model.name);
    } else {
      const text = deferred.toLowerCase();
      for (const [id, name] of known) if (!text || name.toLowerCase().includes(text)) byId.set(id, name);
    }
    return [...byId]
      .map(([id, name]): ModelOption => ({ value: id, label: name }))
      .sort((a, b) => compareNames(a.label, b.label));
  }, [value, known, searchable, deferred, found.data]);

  return (
    <Select<number[], ModelOption>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      maxCount={maxCount}
      placeholder={placeholder}
      value={[...value]}
      options={options}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      onChange={(ids) => {
        setKeyword('');
        onChange(
          ids,
          ids.map((id) => ({
            id,
            name: options.find((option) => option.value === id)?.label ?? modelLabel(known, id),
          })),
        );
      }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? '加载中…' : '没有符合条件的模特'}
      style={{ minWidth: 200, ...style }}
      data-testid={testId}
      {...controlName(name, placeholder)}
    />
  );
}
