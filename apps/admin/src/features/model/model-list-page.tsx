import {
  AppstoreOutlined,
  DownloadOutlined,
  PlusOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
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
import { MESSAGES } from '@trackit/contract/messages';
import type { Model } from '@trackit/contract/model.schema';
import { recordToOptions, toOptions } from '@trackit/contract/options';
import { Button, Card, Checkbox, Flex, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { selectAllOf } from '../../components/list/data-list';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListToolbar } from '../../components/list/list-toolbar';
import { ListView } from '../../components/list/list-view';
import { type BulkAction, SelectionBar } from '../../components/list/selection-bar';
import { type ListSearch, useListSearch } from '../../components/list/use-list-search';
import { type ListSelection, useListSelection } from '../../components/list/use-list-selection';
import { useCan } from '../../layouts/use-permission-level';
import { MemberSelect } from '../organization/member-select';
import { ModelThumb } from '../package/package-labels';
import { sendPackageAction, usePackageLauncher } from '../package/package-launcher';
import { countriesQuery, modelListQuery, useExportModels } from './model.queries';
import { figureLine, ModelCover, ModelStatusTag, personLine, threeSizes } from './model-labels';
import styles from './model-list-page.module.css';
import {
  MODEL_RANGES,
  type ModelListSearch,
  modelListSearchSchema,
  type RangeField,
  toModelListInput,
} from './model-list-search';

const modelPath = (id: number) => `/information/model/${id}`;

/** The address's `view`: the card grid unless the table was chosen. */
type ListLayout = 'cards' | 'table';
const VIEW_PARAM = 'view';

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

/** A member who may only read ticks models but has nothing to run on them. */
const NO_ACTIONS: readonly BulkAction<number, Model>[] = [];

const modelKey = (model: Model) => model.id;

/** A selected model in 查看已选: cover, name and English name. */
const renderSelected = (model: Model) => (
  <Flex align="center" gap={8}>
    <ModelThumb model={model} />
    <Link to={modelPath(model.id)}>{model.name}</Link>
    {model.english_name && <Typography.Text type="secondary">{model.english_name}</Typography.Text>}
  </Flex>
);

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

/** One model as a card: cover, name, who, figures, city. */
function ModelCard({
  model,
  selected,
  onSelect,
  onManager,
}: {
  model: Model;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onManager: (model: Model) => void;
}) {
  return (
    <div
      className={selected ? `${styles.card} ${styles.cardSelected}` : styles.card}
      data-testid={`model-card-${model.id}`}
    >
      <Link to={modelPath(model.id)} className={styles.coverLink} aria-label={model.name}>
        <ModelCover model={model} />
      </Link>
      <Checkbox
        className={styles.cardCheck}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`选择 ${model.name}`}
      />
      {model.status !== 'active' && (
        <span className={styles.cardStatus}>
          <ModelStatusTag status={model.status} />
        </span>
      )}
      <div className={styles.cardBody}>
        <Flex align="baseline" gap={6} className={styles.cardTitle}>
          <Link to={modelPath(model.id)} className={styles.cardName}>
            {model.name}
          </Link>
          {model.english_name && (
            <Typography.Text type="secondary" ellipsis className={styles.cardEnglish}>
              {model.english_name}
            </Typography.Text>
          )}
        </Flex>
        <div className={styles.cardLine}>{personLine(model)}</div>
        <div className={styles.cardFigures}>{figureLine(model)}</div>
        <Flex justify="space-between" gap={8} className={styles.cardLine}>
          <Typography.Text type="secondary" ellipsis>
            {model.city ?? MESSAGES.empty}
          </Typography.Text>
          {model.manager_nickname && (
            <Typography.Link
              className={styles.cardManager}
              onClick={() => onManager(model)}
              title="只看该经纪人的模特"
            >
              {model.manager_nickname}
            </Typography.Link>
          )}
        </Flex>
      </div>
    </div>
  );
}

function ModelCards({
  list,
  search,
  selection,
  actions,
  onManager,
}: {
  list: ReturnType<typeof useModelList>;
  search: ListSearch<ModelListSearch>;
  selection: ListSelection<Model, number>;
  actions: readonly BulkAction<number, Model>[];
  onManager: (model: Model) => void;
}) {
  return (
    <ListView
      list={list}
      search={search}
      emptyText="还没有模特"
      filteredEmptyText="没有符合条件的模特"
      testId="model-list"
      header={
        <SelectionBar
          selection={selection}
          actions={actions}
          selectAll={selectAllOf(selection, list.data?.data ?? [], modelKey)}
          renderSelected={renderSelected}
        />
      }
    >
      {(models) => (
        <div className={styles.grid}>
          {models.map((model) => (
            <ModelCard
              key={model.id}
              model={model}
              selected={selection.has(model.id)}
              onSelect={(selected) => selection.select([model], selected)}
              onManager={onManager}
            />
          ))}
        </div>
      )}
    </ListView>
  );
}

const columnsFor = (onManager: (model: Model) => void): DataTableColumn<Model, ModelListSearch>[] => [
  {
    title: '姓名',
    dataIndex: 'name',
    sortField: 'name',
    kind: 'title',
    render: (name: string, model) => (
      <Space size={8}>
        <Link to={modelPath(model.id)}>{name}</Link>
        {model.english_name && <Typography.Text type="secondary">{model.english_name}</Typography.Text>}
        {model.status !== 'active' && <ModelStatusTag status={model.status} />}
      </Space>
    ),
  },
  {
    title: '性别',
    dataIndex: 'gender',
    width: 64,
    render: (gender: Model['gender']) => GENDER_LABELS[gender],
  },
  {
    title: '年龄',
    dataIndex: 'age',
    kind: 'count',
    sortField: 'age',
    render: (age: number | null) => age ?? MESSAGES.empty,
  },
  {
    title: '身高',
    dataIndex: 'height',
    kind: 'count',
    sortField: 'height',
    render: (height: number | null) => (height === null ? MESSAGES.empty : `${height}cm`),
  },
  {
    title: '体重',
    dataIndex: 'weight',
    kind: 'count',
    render: (weight: number | null) => (weight === null ? MESSAGES.empty : `${weight}kg`),
  },
  {
    title: '三围',
    key: 'sizes',
    width: 100,
    render: (_: unknown, model) => threeSizes(model) ?? MESSAGES.empty,
  },
  {
    title: '尺码',
    dataIndex: 'clothing_size',
    width: 68,
    render: (size: Model['clothing_size']) => (size ? SIZE_LABELS[size] : MESSAGES.empty),
  },
  { title: '城市', dataIndex: 'city', kind: 'name', render: (city: string | null) => city ?? MESSAGES.empty },
  {
    title: '经纪人',
    dataIndex: 'manager_nickname',
    kind: 'name',
    render: (nickname: string | null, model) =>
      nickname ? (
        <Typography.Link onClick={() => onManager(model)} title="只看该经纪人的模特">
          {nickname}
        </Typography.Link>
      ) : (
        MESSAGES.empty
      ),
  },
  {
    title: '手机号',
    dataIndex: 'mobile',
    kind: 'mobile',
    render: (mobile: string | null) => mobile ?? MESSAGES.empty,
  },
];

function useModelList(search: ListSearch<ModelListSearch>) {
  return useQuery(modelListQuery(toModelListInput(search.query)));
}

/**
 * The team's models (/admin/information/model): search by name, English name, mobile or pinyin; the
 * §9 range chips and the other filters in the address; cards with cover photos (or a table, also kept
 * in the address); ticked models sent as a package (发套餐, in the list's order) and 新建模特 for
 * members who may edit. 导出 saves the models the address's filters find as a spreadsheet; 导入 opens
 * the import page.
 */
export function ModelListPage() {
  const search = useListSearch(modelListSearchSchema);
  const models = useModelList(search);
  const countries = useQuery(countriesQuery);
  const canEdit = useCan('data_management', 'edit');
  const exporting = useExportModels();
  const packages = usePackageLauncher();
  // Kept across searches, pages and both views until cleared: a package gathers several searches.
  const selection = useListSelection(modelKey, { keep: 'models' });
  const bulkActions = useMemo(
    () => (canEdit ? [sendPackageAction<Model>(packages.open)] : NO_ACTIONS),
    [canEdit, packages.open],
  );
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const layout: ListLayout = params.get(VIEW_PARAM) === 'table' ? 'table' : 'cards';
  const { query } = search;

  const onManager = useMemo(
    () => (model: Model) => search.set({ manager_member_id: model.manager_member_id ?? undefined }),
    [search],
  );
  const columns = useMemo(() => columnsFor(onManager), [onManager]);
  const countryOptions = useMemo(
    () => (countries.data ? recordToOptions(countries.data.countries) : []),
    [countries.data],
  );
  const managerId = query.manager_member_id;
  // A manager chosen from a card is named from the list before the picker has searched.
  const managerName = models.data?.data.find(
    (model) => model.manager_member_id === managerId,
  )?.manager_nickname;

  const setLayout = (next: ListLayout) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'table') updated.set(VIEW_PARAM, 'table');
        else updated.delete(VIEW_PARAM);
        return updated;
      },
      { replace: true },
    );

  return (
    <Card
      title={models.data ? `共 ${models.data.total} 位模特` : '模特'}
      extra={
        <Space>
          <Segmented<ListLayout>
            value={layout}
            onChange={setLayout}
            options={[
              { value: 'cards', icon: <AppstoreOutlined />, label: '卡片' },
              { value: 'table', icon: <UnorderedListOutlined />, label: '表格' },
            ]}
            data-testid="model-view-toggle"
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(toModelListInput(query))}
            data-testid="model-export"
          >
            导出
          </Button>
          {canEdit && (
            <Button
              icon={<UploadOutlined />}
              onClick={() => navigate('/information/model/import')}
              data-testid="model-import"
            >
              导入
            </Button>
          )}
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/information/model/new')}
              data-testid="model-create"
            >
              新建模特
            </Button>
          )}
        </Space>
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="姓名、英文名、手机号或拼音"
          testId="model-search"
        />
        <Select
          allowClear
          placeholder="性别"
          aria-label="性别"
          style={{ width: 96 }}
          options={GENDER_OPTIONS}
          value={query.gender ?? null}
          onChange={(value) => search.set({ gender: value ?? undefined })}
          data-testid="model-gender-filter"
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="服装尺码"
          aria-label="服装尺码"
          style={{ width: 150 }}
          options={SIZE_OPTIONS}
          value={query.clothing_size ?? []}
          onChange={(value) => search.set({ clothing_size: value.length > 0 ? value : undefined })}
          data-testid="model-size-filter"
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="罩杯"
          aria-label="罩杯"
          style={{ width: 130 }}
          options={CUP_OPTIONS}
          value={query.cup ?? []}
          onChange={(value) => search.set({ cup: value.length > 0 ? value : undefined })}
          data-testid="model-cup-filter"
        />
        <ListKeywordInput search={search} field="city" placeholder="城市" testId="model-city-filter" />
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          placeholder="国籍"
          aria-label="国籍"
          style={{ width: 150 }}
          options={countryOptions}
          loading={countries.isPending}
          value={query.nationality ?? []}
          onChange={(value) => search.set({ nationality: value.length > 0 ? value : undefined })}
          data-testid="model-nationality-filter"
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
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 110 }}
          options={STATUS_OPTIONS}
          value={query.status ?? null}
          onChange={(value) => search.set({ status: value ?? undefined })}
          data-testid="model-status-filter"
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
      {layout === 'cards' ? (
        <ModelCards
          list={models}
          search={search}
          selection={selection}
          actions={bulkActions}
          onManager={onManager}
        />
      ) : (
        <DataTable
          list={models}
          search={search}
          columns={columns}
          rowKey={(model) => model.id}
          emptyText="还没有模特"
          filteredEmptyText="没有符合条件的模特"
          bulkActions={bulkActions}
          keptSelection={{ selection, renderSelected }}
          testId="model-list"
          rowPath={(model) => modelPath(model.id)}
          rowTestId={(model) => `model-row-${model.id}`}
        />
      )}
      {packages.editor}
    </Card>
  );
}
