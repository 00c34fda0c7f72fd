import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_KINDS } from '@trackit/contract/approval.schema';
import { type OrderListItem, type OrderQuery, orderQuerySchema } from '@trackit/contract/order.schema';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { App, Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListToolbar } from '../../components/list/list-toolbar';
import type { BulkAction } from '../../components/list/selection-bar';
import { useListSearch } from '../../components/list/use-list-search';
import { useCan } from '../../layouts/use-permission-level';
import { profileQuery } from '../session/session.queries';
import { orderListQuery, useBillOrder, useBillOrders, useDecideOrder } from './order.queries';
import {
  type OrderColumn,
  orderCompanyColumn,
  orderDaysColumn,
  orderModelsColumn,
  orderNumberColumn,
  orderTitleColumn,
  orderTotalColumn,
} from './order-columns';
import { orderPath } from './order-labels';
import { OrderReasonModal, REASON_DONE } from './order-reason-modal';
import { useLocalListSearch } from './use-local-list-search';

/** The orders waiting for the caller's decision: every submitted one still undecided, oldest first. */
const AWAITING_QUERY: OrderQuery = {
  page: 1,
  per_page: 10,
  awaiting_my_approval: true,
  sort: 'created_at',
};

/** The columns of both lists: which order, for whom, when, who, how much. */
const baseColumns: readonly OrderColumn[] = [
  orderNumberColumn,
  orderTitleColumn,
  orderCompanyColumn(),
  orderDaysColumn,
  orderModelsColumn,
  orderTotalColumn,
];

/** 出账 of one row, after a confirmation. */
function BillButton({ order }: { order: OrderListItem }) {
  const bill = useBillOrder();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={`将订单 ${order.number} ${BILLING_WORDS.step}？`}
      description={BILLING_WORDS.handOver}
      okText={BILLING_WORDS.step}
      onConfirm={() => bill.mutate(order.id, { onSuccess: () => void message.success(BILLING_WORDS.done) })}
    >
      <Button type="link" size="small" loading={bill.isPending} data-testid={`order-bill-${order.id}`}>
        {BILLING_WORDS.step}
      </Button>
    </Popconfirm>
  );
}

/** The orders whose work is done (completed, 待出账), to 出账 one by one or several at once. */
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
        kind: 'actions',
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
              label: BILLING_WORDS.step,
              icon: <CheckOutlined />,
              onRun: (ids) =>
                new Promise<void>((resolve, reject) => {
                  modal.confirm({
                    title: `将选中的 ${ids.length} 个订单${BILLING_WORDS.step}？`,
                    content: BILLING_WORDS.handOver,
                    okText: BILLING_WORDS.step,
                    onOk: () =>
                      billMany.mutateAsync(ids).then(({ billed, failed }) => {
                        void message.success(
                          failed > 0
                            ? `${BILLING_WORDS.done} ${billed.length} 个，${failed} 个未成功`
                            : `${BILLING_WORDS.done} ${billed.length} 个订单`,
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
          {BILLING_WORDS.waiting}
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
        emptyText={`没有${BILLING_WORDS.waiting}的订单`}
        filteredEmptyText="没有符合条件的订单"
        bulkActions={bulkActions.length > 0 ? bulkActions : undefined}
        rowPath={(order) => orderPath(order.id)}
        rowTestId={(order) => `completed-row-${order.id}`}
        testId="ready-to-bill-list"
      />
    </Card>
  );
}

/** The orders waiting for the caller's decision, with 同意 (a comment if any) and 拒绝 (saying why). */
function AwaitingApproval() {
  const search = useLocalListSearch(AWAITING_QUERY);
  const orders = useQuery(orderListQuery(search.query));
  const decide = useDecideOrder();
  const { message } = App.useApp();
  const [asking, setAsking] = useState<{ order: OrderListItem; kind: 'approve' | 'reject' } | null>(null);
  const deciding = decide.isPending ? decide.variables?.id : undefined;

  const columns = useMemo<DataTableColumn<OrderListItem, OrderQuery>[]>(
    () => [
      ...baseColumns,
      {
        title: '操作',
        key: 'actions',
        kind: 'actions',
        width: 130,
        render: (_: unknown, order) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              loading={deciding === order.id && decide.variables?.result === 'passed'}
              onClick={() => setAsking({ order, kind: 'approve' })}
              data-testid={`order-approve-${order.id}`}
            >
              同意
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => setAsking({ order, kind: 'reject' })}
              data-testid={`order-reject-${order.id}`}
            >
              拒绝
            </Button>
          </Space>
        ),
      },
    ],
    [decide, deciding],
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
      {asking && (
        <OrderReasonModal
          kind={asking.kind}
          number={asking.order.number}
          busy={decide.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(comment) =>
            decide.mutate(
              { id: asking.order.id, result: asking.kind === 'approve' ? 'passed' : 'rejected', comment },
              {
                onSuccess: () => {
                  setAsking(null);
                  void message.success(REASON_DONE[asking.kind]);
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
 * their approval (同意 / 拒绝); then everyone sees the orders whose work is done (待出账), to 出账 one by one
 * or several at once (they then go to finance's 待开票).
 */
export function ReadyToBillPage() {
  const { key, level } = APPROVAL_KINDS.order.approvers;
  const approves = useCan(key, level);
  return (
    <Flex vertical gap={16}>
      {approves && <AwaitingApproval />}
      <CompletedOrders />
    </Flex>
  );
}
