import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { companyOptionsQuery, companyQuery } from './company.queries';

export interface CompanySelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The company already chosen (its name shows before any search). */
  current?: { id: number; name: string } | null;
  testId?: string;
}

/** Picks one of the team's active companies, searched by name as the member types. */
export function CompanySelect({ value, onChange, current, testId }: CompanySelectProps) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const companies = useQuery(companyOptionsQuery(deferred));
  const found = useMemo(
    () => (companies.data?.data ?? []).map((company) => ({ value: company.id, label: company.name })),
    [companies.data],
  );
  // A chosen company outside the first results (a filter from the address) is named, not shown as its id.
  const unlisted = value != null && !found.some((option) => option.value === value) && current?.id !== value;
  const chosen = useQuery({ ...companyQuery(value ?? 0), enabled: unlisted });
  const options = useMemo(() => {
    const extra = current ?? (chosen.data ? { id: chosen.data.id, name: chosen.data.name } : null);
    return extra && !found.some((option) => option.value === extra.id)
      ? [{ value: extra.id, label: extra.name }, ...found]
      : found;
  }, [found, current, chosen.data]);

  return (
    <Select<number | null>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder="搜索公司名称"
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={companies.isFetching}
      notFoundContent={companies.isFetching ? '加载中…' : '没有符合条件的公司'}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
