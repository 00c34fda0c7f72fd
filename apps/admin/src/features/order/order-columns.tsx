import { JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import type { OrderListItem, OrderQuery } from '@trackit/contract/order.schema';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/list/data-table';
import { MoneyCell } from '../../components/money/money-cell';
import { dayRange, modelNames, OrderTags, orderPath } from './order-labels';

/**
 * The columns an order has in every list (订单, 待办's two lists), defined once: a page composes the ones
 * it shows and adds its own 操作. Sorting is the page's to add (`{ ...orderNumberColumn, sortField }`),
 * as only a list whose query is in the address sorts.
 */
export type OrderColumn = DataTableColumn<OrderListItem, OrderQuery>;

type Owner = NonNullable<OrderListItem['owner']>;

export const orderNumberColumn: OrderColumn = {
  title: '编号',
  dataIndex: 'number',
  kind: 'code',
  render: (number: string, order) => (
    <Link to={orderPath(order.id)} data-testid={`order-link-${order.id}`}>
      {number}
    </Link>
  ),
};

export const orderTitleColumn: OrderColumn = {
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
};

/**
 * The client, and under it the member who handles the order; given `onOwner`, a click on the member lists
 * that member's orders.
 */
export const orderCompanyColumn = (onOwner?: (owner: Owner) => void): OrderColumn => ({
  title: '公司 / 负责人',
  dataIndex: 'company',
  kind: 'text',
  render: (company: OrderListItem['company'], { owner }) => (
    <Flex vertical>
      <Typography.Text ellipsis={{ tooltip: company?.name }}>
        {company?.name ?? MESSAGES.empty}
      </Typography.Text>
      {owner &&
        (onOwner ? (
          <Typography.Link
            onClick={() => onOwner(owner)}
            title="只看该负责人的订单"
            ellipsis
            style={{ fontSize: 12 }}
          >
            {owner.nickname}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {owner.nickname}
          </Typography.Text>
        ))}
    </Flex>
  ),
});

export const orderDaysColumn: OrderColumn = {
  title: '工作日期',
  dataIndex: 'first_date',
  kind: 'days',
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
};

export const orderModelsColumn: OrderColumn = {
  title: '模特',
  dataIndex: 'models',
  minWidth: 110,
  ellipsis: true,
  render: (models: OrderListItem['models']) => (
    <span title={models.map((model) => model.name).join('、')}>{modelNames(models)}</span>
  ),
};

export const orderTotalColumn: OrderColumn = {
  title: '金额',
  dataIndex: 'totals',
  kind: 'money',
  align: 'right',
  render: (totals: OrderListItem['totals']) => <MoneyCell fen={totals?.total} />,
};

export const orderStatusColumn: OrderColumn = {
  title: '状态',
  dataIndex: 'status',
  // The approval under the status, so the column is as narrow as one tag.
  kind: 'tag',
  render: (_: unknown, order) => <OrderTags status={order.status} approval={order.approval_status} stacked />,
};
