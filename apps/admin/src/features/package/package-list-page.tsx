import { EyeOutlined, HeartFilled } from '@ant-design/icons';
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
import { Card, Flex, Tooltip, Typography } from 'antd';
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
    minWidth: 136,
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
    // When it was sent, and under it who made it.
    title: '发送时间 / 创建人',
    dataIndex: 'created_at',
    kind: 'dateTime',
    sortField: 'created_at',
    sortDirections: ['descend', 'ascend'],
    render: (value: string, pkg) => (
      <Flex vertical>
        <span>{formatDate(value, DATE_FORMATS.dateTime)}</span>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {pkg.created_by?.nickname ?? MESSAGES.empty}
        </Typography.Text>
      </Flex>
    ),
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
    // What the client did: when they last opened it, and under it their opens and picks (each opens the
    // activity).
    title: '最近打开',
    dataIndex: 'last_viewed_at',
    kind: 'date',
    sortField: 'last_viewed_at',
    sortDirections: ['descend', 'ascend'],
    render: (value: string | null, pkg) => (
      <Flex vertical align="flex-start">
        <RelativeTime value={value} />
        <Flex gap={12} style={{ fontSize: 12 }}>
          <Tooltip title="浏览次数">
            <Typography.Link
              onClick={() => onActivity(pkg)}
              aria-label={`浏览 ${pkg.view_count} 次`}
              data-testid={`package-views-${pkg.id}`}
            >
              <EyeOutlined style={{ marginRight: 4 }} />
              {pkg.view_count}
            </Typography.Link>
          </Tooltip>
          <Tooltip title="选中的模特">
            <Typography.Link
              onClick={() => onActivity(pkg)}
              aria-label={`选中 ${pkg.pick_count} 位`}
              style={
                pkg.pick_count > 0 ? { color: '#c41d7f', fontWeight: 600 } : { color: 'rgba(0,0,0,0.6)' }
              }
              data-testid={`package-picks-${pkg.id}`}
            >
              <HeartFilled style={{ marginRight: 4 }} />
              {pkg.pick_count}
            </Typography.Link>
          </Tooltip>
        </Flex>
      </Flex>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    // The links (copy, QR code) over the changes (编辑, 延期, 撤销).
    kind: 'actions',
    width: 132,
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
        testId="package-list"
        rowTestId={(pkg) => `package-row-${pkg.id}`}
      />
      {activity.id !== null && <PackageActivityDrawer packageId={activity.id} onClose={activity.close} />}
      {editing && <PackageEditor pkg={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
