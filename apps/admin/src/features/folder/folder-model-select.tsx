import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { folderModelOptionsQuery, folderModelQuery } from './folder.queries';

export interface FolderModelSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  testId?: string;
}

/** Picks one of the team's models, searched by name or pinyin as the member types. */
export function FolderModelSelect({
  value,
  onChange,
  placeholder = '搜索模特姓名',
  style,
  testId,
}: FolderModelSelectProps) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const models = useQuery(folderModelOptionsQuery(deferred));
  const found = useMemo(
    () => (models.data?.data ?? []).map((model) => ({ value: model.id, label: model.name })),
    [models.data],
  );
  // A model chosen outside the first results (a filter from the address) is named, not shown as its id.
  const unlisted = value != null && !found.some((option) => option.value === value);
  const chosen = useQuery({ ...folderModelQuery(value ?? 0), enabled: unlisted });
  const options = useMemo(
    () => (unlisted && chosen.data ? [{ value: chosen.data.id, label: chosen.data.name }, ...found] : found),
    [found, unlisted, chosen.data],
  );

  return (
    <Select<number | null>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder={placeholder}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={models.isFetching}
      notFoundContent={models.isFetching ? '加载中…' : '没有符合条件的模特'}
      style={{ width: '100%', ...style }}
      data-testid={testId}
    />
  );
}
