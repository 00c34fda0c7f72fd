import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { type OrderListItem, type OrderQuery, orderQuerySchema } from '@trackit/contract/order.schema';
import { App, Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListToolbar } from '../../components/list/list-toolbar';
import type { BulkAction } from '../../components/list/selection-bar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { profileQuery } from '../session/session.queries';
import { orderListQuery, useBillOrder, useBillOrders, useDecideOrder } from './order.queries';
import { dayRange, modelNames, orderPath, totalText } from './order-labels';
import { OrderReasonModal } from './order-reason-modal';
import { useLocalListSearch } from './use-local-list-search';

/** The orders waiting for the caller's decision: every submitted one still undecided, oldest first. */
const AWAITING_QUERY: OrderQuery = {
  page: 1,
  per_page: 10,
  awaiting_my_approval: true,
  sort: 'created_at',
};

/** The shared columns of both lists: which order, for whom, when, who, how much. */
const baseColumns: DataTableColumn<OrderListItem, OrderQuery>[] = [
  {
    title: '编号',
    dataIndex: 'number',
    kind: 'code',
    render: (number: string, order) => <Link to={orderPath(order.id)}>{number}</Link>,
  },
  {
    title: '标题',
    dataIndex: 'title',
    kind: 'title',
    render: (title: string, order) => (
      <Flex vertical>
        <Typography.Text ellipsis style={{ maxWidth: 280 }}>
          {title || MESSAGES.empty}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[order.company?.name, order.job_type ? JOB_TYPE_LABELS[order.job_type] : null]
            .filter(Boolean)
            .join(' · ') || MESSAGES.empty}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: '工作日期',
    dataIndex: 'first_date',
    kind: 'days',
    render: (_: unknown, order) => (
      <Flex vertical>
        <span>{dayRange(order.first_date, order.last_date)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          共 {order.day_count} 天
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: '模特',
    dataIndex: 'models',
    width: 120,
    render: (models: OrderListItem['models']) => modelNames(models),
  },
  {
    title: '负责人',
    dataIndex: 'owner',
    kind: 'name',
    render: (owner: OrderListItem['owner']) => owner?.nickname ?? MESSAGES.empty,
  },
  {
    title: '金额',
    dataIndex: 'totals',
    kind: 'money',
    align: 'right',
    render: (totals: OrderListItem['totals']) => totalText(totals),
  },
];

/** 确认结算 of one row, after a confirmation. */
function BillButton({ order }: { order: OrderListItem }) {
  const bill = useBillOrder();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={`确认结算 ${order.number}？`}
      description="确认后订单转入财务待开票"
      onConfirm={() => bill.mutate(order.id, { onSuccess: () => void message.success('已确认结算') })}
    >
      <Button type="link" size="small" loading={bill.isPending} data-testid={`order-bill-${order.id}`}>
        确认结算
      </Button>
    </Popconfirm>
  );
}

/** The orders whose work is done (completed), with 确认结算 one by one or several at once. */
function CompletedOrders() {
  const search = useListSearch(orderQuerySchema);
  // The address keeps the keyword and the page; the status is this list's own.
  const query = useMemo<OrderQuery>(
    () => ({ ...search.query, status: ['completed'], sort: search.query.sort ?? 'first_date' }),
    [search.query],
  );
  const orders = useQuery(orderListQuery(query));
  const canEdit = useCan('my_bill', 'edit');
  const canManage = useCan('my_bill', 'manage');
  const profile = useQuery(profileQuery);
  const billMany = useBillOrders();
  const { message, modal } = App.useApp();
  const myId = profile.data?.id;

  const columns = useMemo<DataTableColumn<OrderListItem, OrderQuery>[]>(() => {
    // The server lets the owner or a manager bill (order.policy); others see the list only.
    const mayBill = (order: OrderListItem) => canManage || (canEdit && order.owner?.id === myId);
    return [
      ...baseColumns,
      {
        title: '操作',
        key: 'actions',
        width: 104,
        render: (_: unknown, order) => (mayBill(order) ? <BillButton order={order} /> : null),
      },
    ];
  }, [canEdit, canManage, myId]);

  const bulkActions = useMemo<readonly BulkAction<number>[]>(
    () =>
      canEdit
        ? [
            {
              key: 'bill',
              label: '确认结算',
              icon: <CheckOutlined />,
              onRun: (ids) =>
                new Promise<void>((resolve, reject) => {
                  modal.confirm({
                    title: `确认结算选中的 ${ids.length} 个订单？`,
                    content: '确认后这些订单转入财务待开票',
                    okText: '确认结算',
                    onOk: () =>
                      billMany.mutateAsync(ids).then(({ billed, failed }) => {
                        void message.success(
                          failed > 0
                            ? `已确认结算 ${billed.length} 个，${failed} 个未成功`
                            : `已确认结算 ${billed.length} 个订单`,
                        );
                        resolve();
                      }, reject),
                    onCancel: () => reject(new Error('cancelled')),
                  });
                }),
            },
          ]
        : [],
    [canEdit, modal, billMany, message],
  );

  return (
    <Card
      title={
        <Space>
          待结算
          <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
            工作已完成的订单{orders.data ? `（${orders.data.total}）` : ''}
          </Typography.Text>
        </Space>
      }
      data-testid="ready-to-bill-completed"
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="编号、标题、品牌或公司"
          testId="ready-to-bill-search"
        />
      </ListToolbar>
      <DataTable
        list={orders}
        search={search}
        columns={columns}
        rowKey={(order) => order.id}
        emptyText="没有待结算的订单"
        filteredEmptyText="没有符合条件的订单"
        bulkActions={bulkActions.length > 0 ? bulkActions : undefined}
        rowPath={(order) => orderPath(order.id)}
        rowTestId={(order) => `completed-row-${order.id}`}
        testId="ready-to-bill-list"
      />
    </Card>
  );
}

/** The orders waiting for the caller's decision, with 同意 and 拒绝 (a refusal says why). */
function AwaitingApproval() {
  const search = useLocalListSearch(AWAITING_QUERY);
  const orders = useQuery(orderListQuery(search.query));
  const decide = useDecideOrder();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<OrderListItem | null>(null);
  const deciding = decide.isPending ? decide.variables?.id : undefined;

  const columns = useMemo<DataTableColumn<OrderListItem, OrderQuery>[]>(
    () => [
      ...baseColumns,
      {
        title: '操作',
        key: 'actions',
        width: 130,
        render: (_: unknown, order) => (
          <Space size={4}>
            <Popconfirm
              title={`同意 ${order.number}？`}
              description="同意后可确认订单、锁定档期"
              onConfirm={() =>
                decide.mutate(
                  { id: order.id, result: 'passed' },
                  { onSuccess: () => void message.success('已同意') },
                )
              }
            >
              <Button
                type="link"
                size="small"
                loading={deciding === order.id && decide.variables?.result === 'passed'}
                data-testid={`order-approve-${order.id}`}
              >
                同意
              </Button>
            </Popconfirm>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => setRejecting(order)}
              data-testid={`order-reject-${order.id}`}
            >
              拒绝
            </Button>
          </Space>
        ),
      },
    ],
    [decide, deciding, message],
  );

  return (
    <Card
      title={
        <Space>
          待我审批
          {orders.data && orders.data.total > 0 && (
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              （{orders.data.total}）
            </Typography.Text>
          )}
        </Space>
      }
      data-testid="ready-to-bill-approvals"
    >
      <DataTable
        list={orders}
        search={search}
        columns={columns}
        rowKey={(order) => order.id}
        emptyText="没有等待你审批的订单"
        filteredEmptyText="没有等待你审批的订单"
        rowPath={(order) => orderPath(order.id)}
        rowTestId={(order) => `approval-row-${order.id}`}
        testId="ready-to-bill-approval-list"
      />
      {rejecting && (
        <OrderReasonModal
          kind="reject"
          number={rejecting.number}
          busy={decide.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(comment) =>
            decide.mutate(
              { id: rejecting.id, result: 'rejected', comment },
              {
                onSuccess: () => {
                  setRejecting(null);
                  void message.success('已拒绝，订单退回草稿');
                },
              },
            )
          }
        />
      )}
    </Card>
  );
}

/**
 * 待办 (/admin/order/ready_to_bill): what waits for the member. Managers first see the orders waiting for
 * their approval (同意 / 拒绝); then everyone sees the orders whose work is done, to 确认结算 one by one or
 * several at once (they then go to finance).
 */
export function ReadyToBillPage() {
  const canManage = useCan('my_bill', 'manage');
  return (
    <Flex vertical gap={16}>
      {canManage && <AwaitingApproval />}
      <CompletedOrders />
    </Flex>
  );
}
