import { HeartFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import { toOptions } from '@trackit/contract/options';
import {
  PACKAGE_STATUS_LABELS,
  PACKAGE_STATUSES,
  type Package,
  type PackageQuery,
  packageQuerySchema,
} from '@trackit/contract/package.schema';
import { Card, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListRadioFilter } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { MemberSelect } from '../organization/member-select';
import { packageListQuery } from './package.queries';
import { PackageActivityDrawer, usePackageInAddress } from './package-activity-drawer';
import { PackageEditor } from './package-editor';
import { PackageModelAvatars, PackageStatusTag, RelativeTime } from './package-labels';
import { PackageRowActions } from './package-row-actions';

const STATUS_OPTIONS = toOptions(PACKAGE_STATUSES, PACKAGE_STATUS_LABELS);

interface ColumnHandlers {
  canEdit: boolean;
  onActivity: (pkg: Package) => void;
  onEdit: (pkg: Package) => void;
}

/** A date over its time, so the column stays narrow. */
const DateTime = ({ value }: { value: string | null }) =>
  value ? (
    <Flex vertical>
      <span>{formatDate(value, DATE_FORMATS.date)}</span>
      <Typography.Text type="secondary">{formatDate(value, DATE_FORMATS.time)}</Typography.Text>
    </Flex>
  ) : (
    MESSAGES.empty
  );

const columnsFor = ({
  canEdit,
  onActivity,
  onEdit,
}: ColumnHandlers): DataTableColumn<Package, PackageQuery>[] => [
  {
    title: '标题',
    dataIndex: 'title',
    kind: 'title',
    render: (title: string, pkg) => (
      <Typography.Link
        onClick={() => onActivity(pkg)}
        title="查看客户反馈"
        data-testid={`package-title-${pkg.id}`}
      >
        {title}
      </Typography.Link>
    ),
  },
  {
    title: '客户',
    key: 'client',
    width: 136,
    render: (_: unknown, pkg) =>
      pkg.company_id && pkg.company_name ? (
        <Flex vertical>
          <Link to={`/information/company/${pkg.company_id}`}>{pkg.company_name}</Link>
          {pkg.contact_name && <Typography.Text type="secondary">{pkg.contact_name}</Typography.Text>}
        </Flex>
      ) : (
        (pkg.contact_name ?? MESSAGES.empty)
      ),
  },
  {
    title: '模特',
    dataIndex: 'models',
    width: 140,
    render: (models: Package['models'], pkg) => (
      <PackageModelAvatars models={models} testId={`package-models-${pkg.id}`} />
    ),
  },
  {
    title: '创建人',
    dataIndex: 'created_by',
    kind: 'name',
    render: (creator: Package['created_by']) => creator?.nickname ?? MESSAGES.empty,
  },
  {
    title: '发送时间',
    dataIndex: 'created_at',
    kind: 'date',
    sortField: 'created_at',
    sortDirections: ['descend', 'ascend'],
    render: (value: string) => <DateTime value={value} />,
  },
  {
    title: '有效期',
    dataIndex: 'expires_at',
    kind: 'date',
    sortField: 'expires_at',
    sortDirections: ['descend', 'ascend'],
    render: (expiresAt: string, pkg) => (
      <Flex vertical align="flex-start" gap={2}>
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(pkg.status === 'revoked' ? pkg.revoked_at : expiresAt, DATE_FORMATS.date)}
        </span>
        <PackageStatusTag status={pkg.status} />
      </Flex>
    ),
  },
  {
    title: '浏览',
    dataIndex: 'view_count',
    kind: 'count',
    align: 'right',
    render: (count: number, pkg) => (
      <Typography.Link onClick={() => onActivity(pkg)} data-testid={`package-views-${pkg.id}`}>
        {count}
      </Typography.Link>
    ),
  },
  {
    title: '选中',
    dataIndex: 'pick_count',
    kind: 'count',
    align: 'right',
    render: (count: number, pkg) => (
      <Typography.Link
        onClick={() => onActivity(pkg)}
        style={count > 0 ? { color: '#c41d7f', fontWeight: 600 } : { color: 'rgba(0,0,0,0.6)' }}
        data-testid={`package-picks-${pkg.id}`}
      >
        {count > 0 && <HeartFilled style={{ marginRight: 4 }} />}
        {count}
      </Typography.Link>
    ),
  },
  {
    title: '最近打开',
    dataIndex: 'last_viewed_at',
    kind: 'name',
    sortField: 'last_viewed_at',
    sortDirections: ['descend', 'ascend'],
    render: (value: string | null) => <RelativeTime value={value} />,
  },
  {
    title: '操作',
    key: 'actions',
    width: 188,
    render: (_: unknown, pkg) => <PackageRowActions pkg={pkg} canEdit={canEdit} onEdit={() => onEdit(pkg)} />,
  },
];

/**
 * The team's packages (/admin/information/packages): a title search, filters by status, company and
 * creator in the address; each package's client, models, expiry and what the client did (opens, picks,
 * last opened). A row's links are copied or scanned; members who may edit change, extend and revoke it.
 * The activity opens from a row or from the address (`?package=12`, where notifications lead).
 * Packages are made from the model list (tick models, 发套餐).
 */
export function PackageListPage() {
  const search = useListSearch(packageQuerySchema);
  const packages = useQuery(packageListQuery(search.query));
  const canEdit = useCan('data_management', 'edit');
  const activity = usePackageInAddress();
  const [editing, setEditing] = useState<Package | null>(null);
  const columns = useMemo(
    () => columnsFor({ canEdit, onActivity: (pkg) => activity.open(pkg.id), onEdit: setEditing }),
    [canEdit, activity.open],
  );
  const creatorId = search.query.created_by_member_id;
  const creator = packages.data?.data.find((pkg) => pkg.created_by?.id === creatorId)?.created_by;

  return (
    <Card title={packages.data ? `共 ${packages.data.total} 个套餐` : '套餐'}>
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索套餐标题"
          testId="package-search"
        />
        <ListRadioFilter
          search={search}
          field="status"
          options={STATUS_OPTIONS}
          label="状态"
          testId="package-status-filter"
        />
        <div style={{ width: 220 }}>
          <CompanySelect
            value={search.query.company_id ?? null}
            onChange={(value) => search.set({ company_id: value ?? undefined })}
            aria-label="客户公司"
            testId="package-company-filter"
          />
        </div>
        <MemberSelect
          value={creatorId ?? null}
          onChange={(value) => search.set({ created_by_member_id: value ?? undefined })}
          current={creatorId !== undefined && creator ? creator : null}
          placeholder="创建人"
          style={{ width: 150 }}
          testId="package-creator-filter"
        />
      </ListToolbar>
      <DataTable
        list={packages}
        search={search}
        columns={columns}
        rowKey={(pkg) => pkg.id}
        emptyText="还没有套餐：在「模特」列表勾选模特，点击「发套餐」"
        filteredEmptyText="没有符合条件的套餐"
        size="middle"
        testId="package-list"
        rowTestId={(pkg) => `package-row-${pkg.id}`}
      />
      {activity.id !== null && <PackageActivityDrawer packageId={activity.id} onClose={activity.close} />}
      {editing && <PackageEditor pkg={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
