import { useQuery } from '@tanstack/react-query';
import { LETTERS } from '@trackit/contract/constants';
import {
  GENDER_LABELS,
  GENDERS,
  MODEL_STATUS_LABELS,
  MODEL_STATUSES,
  SIZE_LABELS,
  SIZES,
} from '@trackit/contract/enums';
import { recordToOptions, toOptions } from '@trackit/contract/options';
import { Flex, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import type { ListSearch } from '../../components/list/use-list-search';
import { MemberSelect } from '../organization/member-select';
import { countriesQuery } from './model.queries';
import styles from './model-list-page.module.css';
import { MODEL_RANGES, type ModelListSearch, type RangeField } from './model-list-search';

const RANGE_LABELS: Readonly<Record<RangeField, string>> = { height: '身高', weight: '体重', age: '年龄' };
const RANGE_UNITS: Readonly<Record<RangeField, string>> = { height: 'cm', weight: 'kg', age: '岁' };

const GENDER_OPTIONS = toOptions(GENDERS, GENDER_LABELS);
const SIZE_OPTIONS = toOptions(SIZES, SIZE_LABELS);
const CUP_OPTIONS = LETTERS.map((letter) => ({ value: letter, label: letter }));
const STATUS_OPTIONS = toOptions(MODEL_STATUSES, MODEL_STATUS_LABELS);
const SORT_OPTIONS = [
  { value: '', label: '最新添加' },
  { value: '-updated_at', label: '最近修改' },
  { value: 'name', label: '姓名（拼音）' },
  { value: '-height', label: '身高从高到低' },
  { value: 'height', label: '身高从低到高' },
  { value: 'age', label: '年龄从小到大' },
  { value: '-age', label: '年龄从大到小' },
] as const;
type SortChoice = (typeof SORT_OPTIONS)[number]['value'];

/** The range chips of one field: several at once, each toggled on its own. */
function RangeChips({ search, field }: { search: ListSearch<ModelListSearch>; field: RangeField }) {
  const chosen: readonly string[] = search.query[field] ?? [];
  const toggle = (key: string, checked: boolean) => {
    const next = MODEL_RANGES[field]
      .map((range) => range.key)
      .filter((candidate) => (candidate === key ? checked : chosen.includes(candidate)));
    search.set({ [field]: next.length > 0 ? next : undefined } as Partial<ModelListSearch>);
  };
  return (
    <div className={styles.rangeRow} data-testid={`model-${field}-ranges`}>
      <span className={styles.rangeLabel}>
        {RANGE_LABELS[field]}
        <span className={styles.rangeUnit}>（{RANGE_UNITS[field]}）</span>
      </span>
      <Flex wrap gap={4}>
        {MODEL_RANGES[field].map((range) => (
          <Tag.CheckableTag
            key={range.key}
            checked={chosen.includes(range.key)}
            onChange={(checked) => toggle(range.key, checked)}
            data-testid={`model-${field}-${range.key}`}
          >
            {range.label}
          </Tag.CheckableTag>
        ))}
      </Flex>
    </div>
  );
}

/**
 * The model list's filters, all in the address: the search box, the selects, tags, order and manager
 * (named by `managerName` when a card's manager was clicked before the picker searched), and the §9
 * range chips under them.
 */
export function ModelListFilters({
  search,
  managerName,
}: {
  search: ListSearch<ModelListSearch>;
  managerName: string | null | undefined;
}) {
  const countries = useQuery(countriesQuery);
  const countryOptions = useMemo(
    () => (countries.data ? recordToOptions(countries.data.countries) : []),
    [countries.data],
  );
  const { query } = search;
  const managerId = query.manager_member_id;
  return (
    <>
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="姓名、英文名、手机号或拼音"
          testId="model-search"
        />
        <ListSelectFilter
          search={search}
          field="gender"
          options={GENDER_OPTIONS}
          label="性别"
          width={96}
          testId="model-gender-filter"
        />
        <ListSelectFilter
          search={search}
          field="clothing_size"
          multiple
          options={SIZE_OPTIONS}
          label="服装尺码"
          width={150}
          testId="model-size-filter"
        />
        <ListSelectFilter
          search={search}
          field="cup"
          multiple
          options={CUP_OPTIONS}
          label="罩杯"
          width={130}
          testId="model-cup-filter"
        />
        <ListKeywordInput search={search} field="city" placeholder="城市" testId="model-city-filter" />
        <ListSelectFilter
          search={search}
          field="nationality"
          multiple
          options={countryOptions}
          loading={countries.isPending}
          label="国籍"
          width={150}
          testId="model-nationality-filter"
        />
        <Select
          mode="tags"
          allowClear
          maxTagCount="responsive"
          placeholder="标签（回车添加）"
          aria-label="标签"
          style={{ width: 180 }}
          open={false}
          suffixIcon={null}
          value={query.tags ?? []}
          onChange={(value: string[]) => {
            const tags = value.map((tag) => tag.trim()).filter(Boolean);
            search.set({ tags: tags.length > 0 ? tags : undefined });
          }}
          data-testid="model-tags-filter"
        />
        <ListSelectFilter
          search={search}
          field="status"
          options={STATUS_OPTIONS}
          label="状态"
          width={110}
          testId="model-status-filter"
        />
        <Select
          style={{ width: 150 }}
          options={[...SORT_OPTIONS]}
          value={(query.sort ?? '') as SortChoice}
          onChange={(value: SortChoice) => search.set({ sort: value === '' ? undefined : value })}
          aria-label="排序"
          data-testid="model-sort"
        />
        <MemberSelect
          value={managerId ?? null}
          onChange={(value) => search.set({ manager_member_id: value ?? undefined })}
          current={managerId !== undefined && managerName ? { id: managerId, nickname: managerName } : null}
          placeholder="经纪人"
          style={{ width: 150 }}
          testId="model-manager-filter"
        />
      </ListToolbar>
      <div className={styles.ranges}>
        <RangeChips search={search} field="height" />
        <RangeChips search={search} field="weight" />
        <RangeChips search={search} field="age" />
      </div>
    </>
  );
}
