import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { businessClock } from '@trackit/contract/business-time';
import { JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import type { Order, OrderEntry } from '@trackit/contract/order.schema';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { Card, Col, Descriptions, Empty, Flex, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { ApprovalTimeline } from '../../components/approval-timeline';
import { RecordHistory } from '../../components/record-history';
import { RecordPage } from '../../components/record-page';
import { useCan } from '../../layouts/use-permission-level';
import { orderHistoryQuery } from './order.queries';
import { OrderActions } from './order-actions';
import { OrderAttachments } from './order-attachments';
import { OrderFees } from './order-fees';
import {
  dateTimeText,
  dateWithWeekday,
  EntryStatusTag,
  ORDER_LIST_PATH,
  OrderTags,
  orderPath,
} from './order-labels';
import styles from './order-pages.module.css';
import { useRouteOrder } from './order-route';

const orEmpty = (value: string | null | undefined) => (value ? value : MESSAGES.empty);

/** The job: client, brand, type, place, who looks after it and when it moved. */
function OrderInfo({ order }: { order: Order }) {
  const financeRoute = toAdminRoute(ADMIN_PATHS.financeOrder(order.id));
  const seesFinance = useCan('accounting', 'read') && order.status === 'billed' && financeRoute !== null;
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="order-info">
      <Descriptions.Item label="客户公司">{orEmpty(order.company?.name)}</Descriptions.Item>
      <Descriptions.Item label="联系人">{orEmpty(order.contact?.name)}</Descriptions.Item>
      <Descriptions.Item label="品牌">{orEmpty(order.brand)}</Descriptions.Item>
      <Descriptions.Item label="工作类型">
        {order.job_type ? JOB_TYPE_LABELS[order.job_type] : MESSAGES.empty}
      </Descriptions.Item>
      <Descriptions.Item label="地点">{orEmpty(order.place)}</Descriptions.Item>
      <Descriptions.Item label="负责人">{orEmpty(order.owner?.nickname)}</Descriptions.Item>
      <Descriptions.Item label="收款主体">
        {orEmpty(order.team_recipient?.short_name)}
        {seesFinance && (
          <Link to={financeRoute} style={{ marginInlineStart: 12 }} data-testid="order-finance-link">
            财务详情
          </Link>
        )}
      </Descriptions.Item>
      {(order.status === 'draft' || order.status === 'submitted') && (
        <Descriptions.Item label="保留至">
          {order.hold_until ? dateTimeText(order.hold_until) : '默认（预留后 72 小时）'}
        </Descriptions.Item>
      )}
      <Descriptions.Item label="创建时间">{dateTimeText(order.created_at)}</Descriptions.Item>
      {order.submitted_at && (
        <Descriptions.Item label="提交时间">{dateTimeText(order.submitted_at)}</Descriptions.Item>
      )}
      {order.confirmed_at && (
        <Descriptions.Item label="确认时间">{dateTimeText(order.confirmed_at)}</Descriptions.Item>
      )}
      {order.billed_at && (
        <Descriptions.Item label={BILLING_WORDS.time}>{dateTimeText(order.billed_at)}</Descriptions.Item>
      )}
      {order.cancelled_at && (
        <Descriptions.Item label="取消时间">{dateTimeText(order.cancelled_at)}</Descriptions.Item>
      )}
      {order.cancel_reason && <Descriptions.Item label="取消原因">{order.cancel_reason}</Descriptions.Item>}
      {order.renewal_of && (
        <Descriptions.Item label="续约自">
          <Link to={orderPath(order.renewal_of.id)}>{order.renewal_of.number}</Link>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="备注" span="filled">
        <span style={{ whiteSpace: 'pre-wrap' }}>{orEmpty(order.notes)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

function OrderDays({ order }: { order: Order }) {
  if (order.days.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有工作日期" />;
  return (
    <Flex vertical gap={6} data-testid="order-days">
      {order.days.map((day) => (
        <Flex key={day.date} justify="space-between" className={styles.dayLine}>
          <span>{dateWithWeekday(day.date)}</span>
          <Typography.Text type="secondary">
            {day.start_time} – {day.end_time}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** The order's days on its models' calendars: one entry per model and day, its status and rank. */
function OrderEntries({ order }: { order: Order }) {
  const names = new Map(order.models.map((model) => [model.model_id, model.name]));
  const columns: ColumnsType<OrderEntry> = [
    { title: '模特', dataIndex: 'model_id', render: (id: number) => names.get(id) ?? MESSAGES.empty },
    { title: '日期', dataIndex: 'date', render: (date: string) => dateWithWeekday(date) },
    {
      title: '时间',
      key: 'time',
      render: (_: unknown, entry) => `${businessClock(entry.start)} – ${businessClock(entry.end)}`,
    },
    {
      title: '档期状态',
      dataIndex: 'status',
      render: (_: unknown, entry) => <EntryStatusTag status={entry.status} rank={entry.rank} />,
    },
    {
      title: '预留至',
      dataIndex: 'expires_at',
      render: (value: string | null, entry) =>
        entry.status === 'reserved' || entry.status === 'expired' ? dateTimeText(value) : MESSAGES.empty,
    },
  ];
  const entries = [...order.entries].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (names.get(a.model_id) ?? '').localeCompare(names.get(b.model_id) ?? ''),
  );
  return (
    <Table<OrderEntry>
      size="small"
      rowKey={(entry) => entry.id}
      columns={columns}
      dataSource={entries}
      pagination={entries.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: '还没有档期：添加模特和工作日期后自动预留' }}
      data-testid="order-entries"
      onRow={(entry) => ({ 'data-testid': `order-entry-${entry.id}` }) as HTMLAttributes<HTMLElement>}
    />
  );
}

/**
 * An order (/admin/order/{id}): its number and state, what the member may do with it now (from
 * `order.can`), the job, its days, the models with their fee lines and totals (or why they are hidden),
 * the approval's steps, its entries on the models' calendars, attachments and history.
 */
export function OrderDetailPage() {
  const { query, missing } = useRouteOrder();
  return (
    <RecordPage
      query={query}
      missing={missing}
      missingMessage="该订单可能不存在，或不属于当前团队"
      back={{ label: '返回订单列表', to: ORDER_LIST_PATH }}
      testId="order-missing"
      skeletonRows={10}
    >
      {(order) => (
        <Flex vertical gap={16} data-testid="order-detail">
          <Card
            title={
              <Flex align="center" gap={12} wrap>
                <span className={styles.number} data-testid="order-title">
                  {order.title || '（未填写标题）'}
                </span>
                <OrderTags status={order.status} approval={order.approval_status} />
                <Typography.Text type="secondary" style={{ fontWeight: 400 }} data-testid="order-number">
                  {order.number}
                </Typography.Text>
              </Flex>
            }
            extra={<OrderActions order={order} />}
          >
            <OrderInfo order={order} />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <Flex vertical gap={16}>
                <Card title="模特与费用">
                  <OrderFees order={order} />
                </Card>
                <Card title="档期">
                  <OrderEntries order={order} />
                </Card>
              </Flex>
            </Col>
            <Col xs={24} xl={8}>
              <Flex vertical gap={16}>
                <Card title={`工作日期（${order.days.length} 天）`}>
                  <OrderDays order={order} />
                </Card>
                <Card title="审批记录">
                  <ApprovalTimeline testId="order-approvals" approvals={order.approvals} />
                </Card>
                <Card title="附件">
                  <OrderAttachments
                    orderId={order.id}
                    attachments={order.attachments}
                    editable={order.can.attach}
                  />
                </Card>
              </Flex>
            </Col>
          </Row>
          <Card title="操作记录">
            <RecordHistory
              query={orderHistoryQuery}
              recordId={order.id}
              selfLink={ADMIN_PATHS.order(order.id)}
              testId="order-history"
            />
          </Card>
        </Flex>
      )}
    </RecordPage>
  );
}
