import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  JOB_TYPE_LABELS,
  JOB_TYPES,
} from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { toOptions } from '@trackit/contract/options';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderListItem,
  type OrderQuery,
  orderQuerySchema,
} from '@trackit/contract/order.schema';
import { Button, Card, DatePicker, Flex, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MoneyCell } from '../../components/money/money-cell';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { FolderModelSelect } from '../folder/folder-model-select';
import { MemberSelect } from '../organization/member-select';
import { profileQuery } from '../session/session.queries';
import { orderListQuery, useCreateOrder, useExportOrders } from './order.queries';
import {
  dayRange,
  modelNames,
  OrderTags,
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
): DataTableColumn<OrderListItem, OrderQuery>[] => [
  {
    title: '编号',
    dataIndex: 'number',
    kind: 'code',
    sortField: 'number',
    render: (number: string, order) => (
      <Link to={orderPath(order.id)} data-testid={`order-link-${order.id}`}>
        {number}
      </Link>
    ),
  },
  {
    // The brand and the kind of job are read with the title, under it.
    title: '标题 / 品牌 · 类型',
    dataIndex: 'title',
    kind: 'title',
    render: (title: string, order) => {
      const about = [order.brand, order.job_type && JOB_TYPE_LABELS[order.job_type]]
        .filter(Boolean)
        .join(' · ');
      return (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: title }}>
            {title || <Typography.Text type="secondary">（未填写标题）</Typography.Text>}
          </Typography.Text>
          {about && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: about }} style={{ fontSize: 12 }}>
              {about}
            </Typography.Text>
          )}
        </Flex>
      );
    },
  },
  {
    // The client, and under it the member who handles the order (a click lists that member's orders).
    title: '公司 / 负责人',
    dataIndex: 'company',
    kind: 'text',
    render: (company: OrderListItem['company'], { owner }) => (
      <Flex vertical>
        <Typography.Text ellipsis={{ tooltip: company?.name }}>
          {company?.name ?? MESSAGES.empty}
        </Typography.Text>
        {owner && (
          <Typography.Link
            onClick={() => onOwner(owner)}
            title="只看该负责人的订单"
            ellipsis
            style={{ fontSize: 12 }}
          >
            {owner.nickname}
          </Typography.Link>
        )}
      </Flex>
    ),
  },
  {
    title: '工作日期',
    dataIndex: 'first_date',
    kind: 'days',
    sortField: 'first_date',
    render: (_: unknown, order) => (
      <Flex vertical>
        <span>{dayRange(order.first_date, order.last_date)}</span>
        {order.day_count > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            共 {order.day_count} 天
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    title: '模特',
    dataIndex: 'models',
    minWidth: 110,
    ellipsis: true,
    render: (models: OrderListItem['models']) => (
      <span title={models.map((model) => model.name).join('、')}>{modelNames(models)}</span>
    ),
  },
  {
    title: '金额',
    dataIndex: 'totals',
    kind: 'money',
    align: 'right',
    render: (totals: OrderListItem['totals']) => <MoneyCell fen={totals?.total} />,
  },
  {
    title: '状态',
    dataIndex: 'status',
    // The approval under the status, so the column is as narrow as one tag.
    kind: 'tag',
    render: (_: unknown, order) => (
      <OrderTags status={order.status} approval={order.approval_status} stacked />
    ),
  },
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
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="状态"
          aria-label="状态"
          style={{ width: 170 }}
          options={STATUS_OPTIONS}
          value={query.status ?? []}
          onChange={(value) => search.set({ status: value.length > 0 ? value : undefined })}
          data-testid="order-status-filter"
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="审批状态"
          aria-label="审批状态"
          style={{ width: 150 }}
          options={APPROVAL_OPTIONS}
          value={query.approval_status ?? []}
          onChange={(value) => search.set({ approval_status: value.length > 0 ? value : undefined })}
          data-testid="order-approval-filter"
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="工作类型"
          aria-label="工作类型"
          style={{ width: 170 }}
          options={JOB_TYPE_OPTIONS}
          value={query.job_type ?? []}
          onChange={(value) => search.set({ job_type: value.length > 0 ? value : undefined })}
          data-testid="order-job-type-filter"
        />
        <DatePicker.RangePicker
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          placeholder={['工作日期从', '至']}
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            search.set({ from: start?.format(DATE_FORMATS.date), to: end?.format(DATE_FORMATS.date) });
          }}
          style={{ width: 250 }}
          aria-label="工作日期"
          data-testid="order-date-filter"
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
