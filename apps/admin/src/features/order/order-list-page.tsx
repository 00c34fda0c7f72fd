import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  JOB_TYPE_LABELS,
  JOB_TYPES,
} from '@trackit/contract/enums';
import { toOptions } from '@trackit/contract/options';
import { type OrderListItem, type OrderQuery, orderQuerySchema } from '@trackit/contract/order.schema';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@trackit/contract/order-constants';
import { Button, Card, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/list/data-table';
import { ListDateRangeFilter } from '../../components/list/list-date-range-filter';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListSelectFilter } from '../../components/list/list-select-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { FolderModelSelect } from '../folder/folder-model-select';
import { MemberSelect } from '../organization/member-select';
import { profileQuery } from '../session/session.queries';
import { orderListQuery, useCreateOrder, useExportOrders } from './order.queries';
import {
  type OrderColumn,
  orderCompanyColumn,
  orderDaysColumn,
  orderModelsColumn,
  orderNumberColumn,
  orderStatusColumn,
  orderTitleColumn,
  orderTotalColumn,
} from './order-columns';
import {
  optionsExpiringText,
  orderEditorPath,
  orderExportPath,
  orderPath,
  usageEndText,
} from './order-labels';

/** A tag as tall as the toolbar's fields beside it. */
const FILTER_TAG_STYLE = { marginInlineEnd: 0, paddingBlock: 4, fontSize: 14 } as const;

const STATUS_OPTIONS = toOptions(ORDER_STATUSES, ORDER_STATUS_LABELS);
const APPROVAL_OPTIONS = toOptions(APPROVAL_STATUSES, APPROVAL_STATUS_LABELS);
const JOB_TYPE_OPTIONS = toOptions(JOB_TYPES, JOB_TYPE_LABELS);

/** A reversed date range typed into the address is read the right way round. */
export const normalizeOrderQuery = (query: OrderQuery): OrderQuery =>
  query.from && query.to && query.from > query.to ? { ...query, from: query.to, to: query.from } : query;

const columnsFor = (
  onOwner: (owner: NonNullable<OrderListItem['owner']>) => void,
  mayEdit: (order: OrderListItem) => boolean,
): OrderColumn[] => [
  { ...orderNumberColumn, sortField: 'number' },
  orderTitleColumn,
  orderCompanyColumn(onOwner),
  { ...orderDaysColumn, sortField: 'first_date' },
  orderModelsColumn,
  orderTotalColumn,
  orderStatusColumn,
  {
    title: '操作',
    key: 'actions',
    // 确认单 or 编辑.
    kind: 'actions',
    width: 64,
    render: (_: unknown, order) =>
      order.status === 'draft' && mayEdit(order) ? (
        <Link to={orderEditorPath(order.id)} data-testid={`order-edit-${order.id}`}>
          编辑
        </Link>
      ) : (
        <Link to={orderExportPath(order.id)} title="导出确认单" data-testid={`order-export-${order.id}`}>
          确认单
        </Link>
      ),
  },
];

/**
 * The team's orders (/admin/order/order): search by number, title, brand or company; status, approval,
 * job type, company, model, owner and a range of working days, all in the address; each order's days,
 * models, owner, total (`--` where its fees are not the member's to see) and state. 新建订单 makes an
 * empty draft at once and opens it, so nothing typed is ever lost; 导出 saves what the filters find.
 */
export function OrderListPage() {
  const search = useListSearch(orderQuerySchema, { normalize: normalizeOrderQuery });
  const orders = useQuery(orderListQuery(search.query));
  const canEdit = useCan('my_bill', 'edit');
  const canManage = useCan('my_bill', 'manage');
  const myId = useQuery(profileQuery).data?.id;
  const create = useCreateOrder();
  const exporting = useExportOrders();
  const navigate = useNavigate();
  const { query } = search;
  const columns = useMemo(
    () =>
      columnsFor(
        (owner) => search.set({ owner_member_id: owner.id }),
        // A draft is changed by its owner or a manager (the server's order.policy).
        (order) => canManage || (canEdit && order.owner?.id === myId),
      ),
    [search, canEdit, canManage, myId],
  );
  const ownerId = query.owner_member_id;
  const ownerName = orders.data?.data.find((order) => order.owner?.id === ownerId)?.owner?.nickname;
  const companyId = query.company_id;
  const companyName = orders.data?.data.find((order) => order.company?.id === companyId)?.company?.name;

  const handleCreate = () =>
    create.mutate(undefined, { onSuccess: (created) => navigate(orderEditorPath(created.id)) });

  return (
    <Card
      title={orders.data ? `共 ${orders.data.total} 个订单` : '订单'}
      extra={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(query)}
            data-testid="order-export"
          >
            导出
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              loading={create.isPending}
              onClick={handleCreate}
              data-testid="order-create"
            >
              新建订单
            </Button>
          )}
        </Space>
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="编号、标题、品牌或公司"
          testId="order-search"
        />
        <ListSelectFilter
          search={search}
          field="status"
          multiple
          options={STATUS_OPTIONS}
          label="状态"
          width={170}
          testId="order-status-filter"
        />
        <ListSelectFilter
          search={search}
          field="approval_status"
          multiple
          options={APPROVAL_OPTIONS}
          label="审批状态"
          width={150}
          testId="order-approval-filter"
        />
        <ListSelectFilter
          search={search}
          field="job_type"
          multiple
          options={JOB_TYPE_OPTIONS}
          label="工作类型"
          width={170}
          testId="order-job-type-filter"
        />
        <ListDateRangeFilter
          search={search}
          from="from"
          to="to"
          label="工作日期"
          testId="order-date-filter"
        />
        {query.options_expiring && (
          <Tag
            closable
            style={FILTER_TAG_STYLE}
            onClose={() => search.set({ options_expiring: undefined })}
            data-testid="order-options-expiring-filter"
          >
            {optionsExpiringText}
          </Tag>
        )}
        {(query.usage_end_from || query.usage_end_to) && (
          <Tag
            closable
            style={FILTER_TAG_STYLE}
            onClose={() => search.set({ usage_end_from: undefined, usage_end_to: undefined })}
            data-testid="order-usage-end-filter"
          >
            {usageEndText(query.usage_end_from, query.usage_end_to)}
          </Tag>
        )}
        <div style={{ width: 200 }}>
          <CompanySelect
            value={companyId ?? null}
            onChange={(value) => search.set({ company_id: value ?? undefined })}
            current={companyId !== undefined && companyName ? { id: companyId, name: companyName } : null}
            aria-label="客户公司"
            testId="order-company-filter"
          />
        </div>
        <FolderModelSelect
          value={query.model_id ?? null}
          onChange={(value) => search.set({ model_id: value ?? undefined })}
          placeholder="模特"
          style={{ width: 150 }}
          testId="order-model-filter"
        />
        <MemberSelect
          value={ownerId ?? null}
          onChange={(value) => search.set({ owner_member_id: value ?? undefined })}
          current={ownerId !== undefined && ownerName ? { id: ownerId, nickname: ownerName } : null}
          placeholder="负责人"
          style={{ width: 150 }}
          testId="order-owner-filter"
        />
      </ListToolbar>
      <DataTable
        list={orders}
        search={search}
        columns={columns}
        rowKey={(order) => order.id}
        emptyText="还没有订单"
        filteredEmptyText="没有符合条件的订单"
        testId="order-list"
        rowPath={(order) => orderPath(order.id)}
        rowTestId={(order) => `order-row-${order.id}`}
      />
    </Card>
  );
}
