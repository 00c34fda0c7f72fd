import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan, MAX_AMOUNT_FEN } from '@trackit/contract/money';
import type { ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FeeRow } from '@trackit/contract/receivable.schema';
import {
  Alert,
  App,
  Button,
  Drawer,
  Flex,
  Input,
  Segmented,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { QueryState } from '../../components/query-state';
import { RecordSelect } from '../../components/record-select';
import {
  type AllocationTarget,
  allocationBody,
  allocationRefusal,
  allocationTargets,
  amountProblem,
  invoiceTarget,
} from './receipt-allocation';
import {
  financeOrderQuery,
  openInvoicesQuery,
  owedOrdersQuery,
  useAllocateReceipt,
} from './receipts.queries';

/** A target found in either search, with what is typed for it (null: nothing; NaN: not an amount). */
interface Chosen {
  target: AllocationTarget;
  amount: number | null;
}

/** The amounts typed: one not (yet) an amount counts nothing. */
const sum = (values: readonly (number | null)[]) =>
  values.reduce<number>((total, value) => total + (Number.isFinite(value) ? (value as number) : 0), 0);

const secondLine = { display: 'block', fontSize: 12 } as const;

interface TargetRow {
  target: AllocationTarget;
  /** What the row shows of it. */
  title: string;
  detail: string;
}

/** The targets of a search, each with an amount to type, kept across searches and tabs. */
function TargetTable({
  rows,
  chosen,
  left,
  onAmount,
  testId,
  emptyText,
  loading,
}: {
  rows: TargetRow[];
  chosen: Readonly<Record<string, Chosen>>;
  /** What the receipt has left beside the other targets' amounts: 填入 takes up to that. */
  left: (key: string) => number;
  onAmount: (target: AllocationTarget, amount: number | null) => void;
  testId: string;
  emptyText: string;
  loading?: boolean;
}) {
  const columns: TableColumnsType<TargetRow> = [
    {
      title: '核销对象',
      key: 'title',
      render: (_: unknown, row) => (
        <>
          {row.title}
          <Typography.Text type="secondary" ellipsis style={secondLine}>
            {row.detail || MESSAGES.empty}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '未收',
      key: 'outstanding',
      align: 'right',
      width: 130,
      render: (_: unknown, row) => <MoneyCell fen={row.target.outstanding} />,
    },
    {
      title: '本次核销',
      key: 'amount',
      width: 230,
      render: (_: unknown, { target }) => {
        const amount = chosen[target.key]?.amount ?? null;
        const problem = amountProblem(amount, target.outstanding, left(target.key));
        const wrong = problem !== null;
        return (
          <Flex vertical gap={2}>
            <Flex gap={4} align="center">
              <MoneyInput
                value={amount}
                max={MAX_AMOUNT_FEN}
                onChange={(fen) => onAmount(target, fen)}
                status={wrong ? 'error' : undefined}
                style={{ flex: 1 }}
                aria-label={`${target.label} 本次核销`}
                data-testid={`allocate-amount-${target.key}`}
              />
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 4 }}
                disabled={Math.min(target.outstanding, left(target.key)) <= 0}
                onClick={() => onAmount(target, Math.min(target.outstanding, left(target.key)))}
                data-testid={`allocate-fill-${target.key}`}
              >
                填入
              </Button>
            </Flex>
            {problem && (
              <Typography.Text
                type="danger"
                style={{ fontSize: 12 }}
                data-testid={`allocate-problem-${target.key}`}
              >
                {problem}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
  ];
  return (
    <Table<TargetRow>
      size="small"
      rowKey={(row) => row.target.key}
      columns={columns}
      dataSource={rows}
      pagination={false}
      loading={loading}
      locale={{ emptyText }}
      data-testid={testId}
    />
  );
}

type Source = 'invoices' | 'orders';

const orderOption = (row: FeeRow) => ({
  value: row.id,
  label: `${row.number} · ${row.company?.name ?? row.title}`,
});

/**
 * 核销 of a receipt (docs/product.md "收款 page"): what it has left, given to issued invoices still open
 * (searched by buyer or number, the payer's name first) and to an order's targets (searched in 费用's
 * orders still owed: its open invoices, then its lines no invoice covers). The amounts typed are kept
 * across searches and sent in one request, checked first as the server checks them.
 */
export function ReceiptAllocateDrawer({ receipt, onClose }: { receipt: ReceiptDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const allocate = useAllocateReceipt(receipt.id);
  const [source, setSource] = useState<Source>('invoices');
  const [keyword, setKeyword] = useState(receipt.payer_name);
  const deferred = useDeferredValue(keyword.trim());
  const invoices = useQuery(openInvoicesQuery(deferred));
  const [orderId, setOrderId] = useState<number | null>(null);
  const order = useQuery({ ...financeOrderQuery(orderId ?? 0), enabled: orderId !== null });
  const [chosen, setChosen] = useState<Readonly<Record<string, Chosen>>>({});

  const entries = Object.values(chosen);
  const allocating = sum(entries.map((entry) => entry.amount));
  const left = (key: string) =>
    receipt.unallocated - sum(entries.filter((entry) => entry.target.key !== key).map((e) => e.amount));
  const setAmount = (target: AllocationTarget, amount: number | null) =>
    setChosen((current) => {
      const { [target.key]: _dropped, ...others } = current;
      return amount === null || amount === 0 ? others : { ...others, [target.key]: { target, amount } };
    });

  const invoiceRows = useMemo(
    () =>
      (invoices.data?.data ?? []).map((invoice) => ({
        target: invoiceTarget(invoice),
        title: `${invoice.buyer.name}`,
        detail: `发票 ${invoice.number ?? ''} · ${invoice.issued_on ?? ''} · 价税合计 ${formatYuan(invoice.total)}`,
      })),
    [invoices.data],
  );

  const submit = () => {
    const targets = entries.map((entry) => entry.target);
    const body = allocationBody(
      targets,
      entries.map((entry) => entry.amount),
    );
    const refusal = entries.some((entry) => !Number.isInteger(entry.amount))
      ? '请输入正确的金额（最多两位小数）'
      : allocationRefusal(body, receipt.unallocated, targets);
    if (refusal) {
      void message.error(refusal);
      return;
    }
    allocate.mutate(body, {
      onSuccess: () => {
        void message.success('已核销');
        onClose();
      },
    });
  };

  return (
    <Drawer
      open
      size={720}
      title={`核销 · ${receipt.payer_name}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={allocate.isPending} onClick={submit} data-testid="allocate-submit">
          确认核销
        </Button>
      }
    >
      <Flex vertical gap={16} data-testid="allocate-panel">
        <Alert
          type={allocating > receipt.unallocated ? 'error' : 'info'}
          showIcon
          data-testid="allocate-sum"
          title={
            <>
              可核销 {formatYuan(receipt.unallocated)}，本次核销 {formatYuan(allocating)}（{entries.length}{' '}
              项）
              {allocating > receipt.unallocated
                ? `，超过可核销金额 ${formatYuan(allocating - receipt.unallocated)}，请减少`
                : allocating < receipt.unallocated
                  ? `，余 ${formatYuan(receipt.unallocated - allocating)} 作为预收款保留`
                  : ''}
            </>
          }
        />
        <Segmented<Source>
          value={source}
          onChange={setSource}
          options={[
            { value: 'invoices', label: '发票' },
            { value: 'orders', label: '按订单' },
          ]}
          data-testid="allocate-source"
        />
        {source === 'invoices' ? (
          <>
            <Input.Search
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              allowClear
              placeholder="购方名称或发票号码"
              aria-label="搜索发票"
              data-testid="allocate-invoice-search"
            />
            <TargetTable
              rows={invoiceRows}
              chosen={chosen}
              left={left}
              onAmount={setAmount}
              loading={invoices.isFetching}
              emptyText="没有待收款的已开具发票"
              testId="allocate-invoices"
            />
          </>
        ) : (
          <>
            <RecordSelect
              value={orderId}
              onChange={setOrderId}
              search={owedOrdersQuery}
              toOption={orderOption}
              placeholder="搜索订单编号、标题或客户"
              notFound="没有未收清的订单"
              testId="allocate-order-select"
            />
            {orderId !== null && (
              <QueryState query={order} loading={{ rows: 3 }}>
                {(data) => (
                  <TargetTable
                    rows={allocationTargets(data).map((target) => ({
                      target,
                      title: target.label,
                      detail: `${data.number} · ${data.company?.name ?? ''}`,
                    }))}
                    chosen={chosen}
                    left={left}
                    onAmount={setAmount}
                    emptyText="该订单没有待收款项"
                    testId="allocate-order-targets"
                  />
                )}
              </QueryState>
            )}
          </>
        )}
      </Flex>
    </Drawer>
  );
}
