import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { INVOICE_ITEM_LABELS, INVOICE_ITEM_OF_FEE_KIND } from '@trackit/contract/finance-enums';
import { MESSAGES } from '@trackit/contract/messages';
import { formatTaxRate } from '@trackit/contract/money';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import type { ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { RecordHistory } from '../../components/record-history';
import { isRecordMissing, parseRecordId } from '../../components/record-id';
import { RecordPage } from '../../components/record-page';
import { useBreadcrumbTitle } from '../../layouts/breadcrumb-title';
import { useCan } from '../../layouts/use-permission-level';
import { FeeStatementSection } from '../fee-statement/fee-statement-section';
import { orderPath } from '../order/order-labels';
import { AllocationState } from './allocation-state';
import { InvoiceStatusTag } from './invoice-labels';
import { AgingText, PaymentStateTag, PaymentStatusTag } from './payment-labels';
import { ReceiptDrawer } from './receipt-drawer';
import { financeOrderHistoryQuery, financeOrderQuery } from './receipts.queries';

type Line = FinanceOrder['lines'][number];
type Invoice = FinanceOrder['invoices'][number];
type Allocation = FinanceOrder['allocations'][number];

const money = (fen: number) => <MoneyCell fen={fen} />;

const lineColumns: TableColumnsType<Line> = [
  { title: '模特', dataIndex: 'model_name' },
  {
    title: '项目 / 税率',
    key: 'item',
    render: (_: unknown, line) =>
      `${INVOICE_ITEM_LABELS[INVOICE_ITEM_OF_FEE_KIND[line.kind]]} · ${formatTaxRate(line.tax_rate)}`,
  },
  { title: '价税合计', dataIndex: 'total', align: 'right', render: money },
  { title: '已开票', dataIndex: 'invoiced', align: 'right', render: money },
  { title: '已收', dataIndex: 'paid', align: 'right', render: money },
  {
    title: '收款状态',
    dataIndex: 'payment_status',
    width: 96,
    render: (status: Line['payment_status']) => <PaymentStatusTag status={status} />,
  },
];

const invoiceColumns: TableColumnsType<Invoice> = [
  { title: '状态', dataIndex: 'status', width: 90, render: (status) => <InvoiceStatusTag status={status} /> },
  {
    title: '发票号码',
    dataIndex: 'number',
    render: (number: string | null, invoice) => (
      <Link
        to={toAdminRoute(ADMIN_PATHS.invoice(invoice.id)) ?? '/'}
        data-testid={`finance-invoice-${invoice.id}`}
      >
        {number ?? '待开具'}
      </Link>
    ),
  },
  { title: '开票日期', dataIndex: 'issued_on', render: (date: string | null) => date ?? MESSAGES.empty },
  { title: '价税合计', dataIndex: 'total', align: 'right', render: money },
  {
    title: '已红冲',
    dataIndex: 'reversed',
    align: 'right',
    render: (fen: number) => (fen > 0 ? <MoneyCell fen={-fen} /> : MESSAGES.empty),
  },
];

/**
 * An allocation's target: the invoice's number, or the line's model; an invoice's allocation moved from a
 * payment of a line before the invoice was issued names the line it pays first.
 */
const targetOf = (order: FinanceOrder, allocation: Allocation) => {
  const line = order.lines.find((candidate) => candidate.fee_line_id === allocation.fee_line_id);
  if (allocation.invoice_id !== null) {
    const invoice = order.invoices.find((candidate) => candidate.id === allocation.invoice_id);
    const number = `发票 ${invoice?.number ?? ''}`.trim();
    return line ? `${number}（开票前付 · ${line.model_name}）` : number;
  }
  return line ? `费用 · ${line.model_name}` : '费用';
};

/** The number of the invoice a direct payment moved onto when it was issued. */
const movedToOf = (order: FinanceOrder, allocation: Allocation) =>
  allocation.moved_to_invoice_id === null
    ? null
    : (order.invoices.find((invoice) => invoice.id === allocation.moved_to_invoice_id)?.number ?? '');

function Allocations({ order, editable }: { order: FinanceOrder; editable: boolean }) {
  const columns: TableColumnsType<Allocation> = [
    { title: '收款日期', dataIndex: 'received_on', width: 110 },
    { title: '付款方', dataIndex: 'payer_name' },
    { title: '核销到', key: 'target', render: (_: unknown, allocation) => targetOf(order, allocation) },
    { title: '核销日期', dataIndex: 'allocated_on', width: 110 },
    { title: '金额', dataIndex: 'amount', align: 'right', render: money },
    {
      title: '状态',
      key: 'state',
      width: editable ? 190 : 150,
      render: (_: unknown, allocation) => (
        <AllocationState
          id={allocation.id}
          undoneOn={allocation.undone_on}
          movedTo={movedToOf(order, allocation)}
          canUndo={editable}
        />
      ),
    },
  ];
  return (
    <Table<Allocation>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={order.allocations}
      pagination={false}
      locale={{ emptyText: '还没有核销记录' }}
      data-testid="finance-allocations"
      onRow={(allocation) =>
        ({
          'data-testid': `finance-allocation-${allocation.id}`,
          style: allocation.undone_on !== null ? { opacity: 0.5 } : undefined,
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}

function Header({ order }: { order: FinanceOrder }) {
  return (
    <Card
      title={
        <Flex align="center" gap={12} wrap>
          <span>{order.title || '（未填写标题）'}</span>
          <PaymentStateTag state={order.payment_state} testId="finance-order-state" />
          <Typography.Text type="secondary" style={{ fontWeight: 400 }} data-testid="finance-order-number">
            {order.number}
          </Typography.Text>
        </Flex>
      }
      extra={<Link to={orderPath(order.id)}>查看订单</Link>}
    >
      <Descriptions column={{ xs: 1, md: 2, xl: 4 }} data-testid="finance-order-info">
        <Descriptions.Item label="客户公司">{order.company?.name ?? MESSAGES.empty}</Descriptions.Item>
        <Descriptions.Item label="收款主体">
          {order.team_recipient?.short_name ?? MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label="到期日">{order.due_on ?? MESSAGES.empty}</Descriptions.Item>
        <Descriptions.Item label="账龄">
          <AgingText
            bucket={order.aging_bucket}
            daysOverdue={order.days_overdue}
            testId="finance-order-aging"
          />
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={48} wrap style={{ marginTop: 16 }} data-testid="finance-order-figures">
        {(
          [
            ['应收', order.billed],
            ['已开票', order.invoiced],
            ['已收', order.received],
            ['未收', order.outstanding],
          ] as const
        ).map(([title, fen]) => (
          <Statistic key={title} title={title} valueRender={() => <MoneyCell fen={fen} />} />
        ))}
      </Flex>
    </Card>
  );
}

/**
 * 财务详情 (/admin/finance/{order id}, docs/product.md "财务详情"): the order's receivable (billed, invoiced,
 * received, outstanding, due date and aging), its fee lines with what is invoiced and paid of each, its
 * invoices and the allocations that paid it. `accounting` edit records a receipt and allocates it here, and
 * undoes an allocation. The breadcrumb shows the order's number, never the id.
 */
export function FinanceOrderPage() {
  const id = parseRecordId(useParams().id);
  const query = useQuery({ ...financeOrderQuery(id ?? 0), enabled: id !== undefined });
  const missing = id === undefined || isRecordMissing(query.error);
  useBreadcrumbTitle(query.data?.number ?? (missing ? ORDER_MESSAGES.orderNotFound : undefined));
  const editable = useCan('accounting', 'edit');
  const [recording, setRecording] = useState(false);
  const [recorded, setRecorded] = useState<ReceiptDetail | null>(null);
  return (
    <RecordPage
      query={query}
      missing={missing}
      missingMessage="该订单可能不存在，或不属于当前团队"
      back={{ label: '返回待开票', to: toAdminRoute(ADMIN_PATHS.readyToInvoice) ?? '/' }}
      testId="finance-order-missing"
      skeletonRows={10}
    >
      {(order) => (
        <Flex vertical gap={16} data-testid="finance-order-page">
          <Header order={order} />
          <Card title="费用明细">
            <Table<Line>
              size="small"
              rowKey="fee_line_id"
              columns={lineColumns}
              dataSource={order.lines}
              pagination={false}
              data-testid="finance-lines"
            />
          </Card>
          <Card title="发票">
            <Table<Invoice>
              size="small"
              rowKey="id"
              columns={invoiceColumns}
              dataSource={order.invoices}
              pagination={false}
              locale={{ emptyText: '还没有发票' }}
              data-testid="finance-invoices"
            />
          </Card>
          <Card
            title="收款与核销"
            extra={
              editable && (
                <Button type="primary" onClick={() => setRecording(true)} data-testid="receipt-record">
                  登记收款
                </Button>
              )
            }
          >
            <Flex vertical gap={12}>
              {recorded && recorded.warnings.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  closable
                  onClose={() => setRecorded(null)}
                  title="收款已核销，请核对："
                  description={recorded.warnings.map((warning) => (
                    <div key={`${warning.kind}-${warning.allocation_id}`}>{warning.message}</div>
                  ))}
                  data-testid="receipt-warnings"
                />
              )}
              <Allocations order={order} editable={editable} />
            </Flex>
          </Card>
          {order.status === 'billed' && <FeeStatementSection scope={{ order_id: order.id }} />}
          <Card title="资金记录">
            <RecordHistory
              query={financeOrderHistoryQuery}
              recordId={order.id}
              selfLink={ADMIN_PATHS.financeOrder(order.id)}
              testId="finance-order-history"
            />
          </Card>
          {recording && (
            <ReceiptDrawer
              order={order}
              onClose={() => setRecording(false)}
              onDone={(receipt) => {
                setRecording(false);
                setRecorded(receipt);
              }}
            />
          )}
        </Flex>
      )}
    </RecordPage>
  );
}
