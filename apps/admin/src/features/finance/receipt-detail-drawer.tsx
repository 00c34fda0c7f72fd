import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { businessDate, businessDateTime } from '@trackit/contract/business-time';
import { MESSAGES } from '@trackit/contract/messages';
import {
  type Allocation,
  RECEIPT_LIMITS,
  type ReceiptDetail,
  receiptVoidSchema,
} from '@trackit/contract/receipt.schema';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { Link } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { QueryState } from '../../components/query-state';
import { schemaRule } from '../../components/schema-rule';
import { AllocationState } from './allocation-state';
import { ReceiptAllocateDrawer } from './receipt-allocate-drawer';
import { ReceiptStateTag } from './receipt-labels';
import { receiptQuery, useVoidReceipt } from './receipts.queries';

const secondLine = { display: 'block', fontSize: 12 } as const;
const route = (path: string) => toAdminRoute(path) ?? '/';

/** What an allocation pays: the invoice (number, buyer) or the order's line (number, model). */
function AllocationTargetCell({ allocation }: { allocation: Allocation }) {
  if (allocation.invoice) {
    const { invoice } = allocation;
    return (
      <>
        <Link to={route(ADMIN_PATHS.invoice(invoice.id))}>发票 {invoice.number ?? '待开具'}</Link>
        <Typography.Text type="secondary" style={secondLine}>
          {allocation.fee_line
            ? `开票前付 · 订单 ${allocation.fee_line.order_number} · ${allocation.fee_line.model_name}`
            : invoice.buyer_name}
        </Typography.Text>
      </>
    );
  }
  if (allocation.fee_line) {
    const line = allocation.fee_line;
    return (
      <>
        <Link to={route(ADMIN_PATHS.financeOrder(line.order_id))}>订单 {line.order_number}</Link>
        <Typography.Text type="secondary" style={secondLine}>
          费用 · {line.model_name}
        </Typography.Text>
      </>
    );
  }
  return MESSAGES.empty;
}

function Allocations({ receipt }: { receipt: ReceiptDetail }) {
  const columns: TableColumnsType<Allocation> = [
    {
      title: '核销到',
      key: 'target',
      render: (_: unknown, allocation) => <AllocationTargetCell allocation={allocation} />,
    },
    {
      title: '核销日期',
      dataIndex: 'allocated_on',
      width: 120,
      render: (date: string, allocation) => (
        <>
          {date}
          <Typography.Text type="secondary" style={secondLine}>
            {allocation.created_by?.nickname ?? MESSAGES.empty}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      align: 'right',
      width: 130,
      render: (fen: number) => <MoneyCell fen={fen} />,
    },
    {
      title: '状态',
      key: 'state',
      width: 180,
      render: (_: unknown, allocation) => (
        <AllocationState
          id={allocation.id}
          undoneOn={allocation.undone_at === null ? null : businessDate(allocation.undone_at)}
          movedTo={allocation.moved_to_invoice ? (allocation.moved_to_invoice.number ?? '') : null}
          canUndo={allocation.can_undo}
        />
      ),
    },
  ];
  return (
    <Table<Allocation>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={receipt.allocations}
      pagination={false}
      locale={{ emptyText: '还没有核销，未核销的金额是客户的预收款' }}
      data-testid="receipt-allocation-list"
      onRow={(allocation) =>
        ({
          'data-testid': `receipt-allocation-row-${allocation.id}`,
          style: allocation.undone_at !== null ? { opacity: 0.5 } : undefined,
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}

/** 作废 with the reason; the receipt stays listed, greyed. */
function VoidReceiptModal({ receipt, onClose }: { receipt: ReceiptDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const voiding = useVoidReceipt(receipt.id);
  return (
    <Modal
      open
      title="作废收款"
      okText="作废"
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      confirmLoading={voiding.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="receipt-void-modal"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          voiding.mutate(values, {
            onSuccess: () => {
              void message.success('已作废');
              onClose();
            },
          })
        }
      >
        <Form.Item name="reason" label="作废原因" rules={[schemaRule(receiptVoidSchema.shape.reason)]}>
          <Input.TextArea
            maxLength={RECEIPT_LIMITS.reason}
            showCount
            rows={3}
            placeholder="如：重复登记、金额有误"
            data-testid="receipt-void-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ReceiptBody({ receipt }: { receipt: ReceiptDetail }) {
  const [open, setOpen] = useState<'allocate' | 'void' | null>(null);
  const close = () => setOpen(null);
  return (
    <Flex vertical gap={16} data-testid="receipt-detail">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <ReceiptStateTag receipt={receipt} testId="receipt-state" />
          <Typography.Text type="secondary">
            {receipt.received_on} 收到 · {receipt.team_recipient.short_name}
          </Typography.Text>
        </Space>
        <Space>
          {receipt.can.allocate && (
            <Button type="primary" onClick={() => setOpen('allocate')} data-testid="receipt-allocate">
              核销
            </Button>
          )}
          {receipt.can.void && (
            <Button danger onClick={() => setOpen('void')} data-testid="receipt-void">
              作废
            </Button>
          )}
        </Space>
      </Flex>
      {receipt.voided_at !== null && (
        <Alert
          type="info"
          showIcon
          title={`已于 ${businessDateTime(receipt.voided_at)} 作废`}
          description={`原因：${receipt.void_reason ?? MESSAGES.empty}`}
          data-testid="receipt-voided"
        />
      )}
      <Flex gap={48} wrap data-testid="receipt-figures">
        {(
          [
            ['收款金额', receipt.amount],
            ['已核销', receipt.allocated],
            ['未核销（预收款）', receipt.unallocated],
          ] as const
        ).map(([title, fen]) => (
          <Statistic key={title} title={title} valueRender={() => <MoneyCell fen={fen} />} />
        ))}
      </Flex>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="收款日期">{receipt.received_on}</Descriptions.Item>
        <Descriptions.Item label="收款主体">{receipt.team_recipient.short_name}</Descriptions.Item>
        <Descriptions.Item label="付款方" span={2}>
          {receipt.payer_name}
        </Descriptions.Item>
        <Descriptions.Item label="客户公司" span={2}>
          {receipt.company ? (
            <Link to={route(ADMIN_PATHS.company(receipt.company.id))}>{receipt.company.name}</Link>
          ) : (
            <Typography.Text type="secondary">未指定</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="流水号" span={2}>
          {receipt.reference ? (
            <Typography.Text copyable>{receipt.reference}</Typography.Text>
          ) : (
            MESSAGES.empty
          )}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {receipt.notes || MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label="登记人">{receipt.created_by?.nickname ?? MESSAGES.empty}</Descriptions.Item>
        <Descriptions.Item label="登记时间">{businessDateTime(receipt.created_at)}</Descriptions.Item>
      </Descriptions>
      {receipt.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="三流不一致，请核对："
          description={receipt.warnings.map((warning) => (
            <div key={`${warning.kind}-${warning.allocation_id}`}>{warning.message}</div>
          ))}
          data-testid="receipt-warnings"
        />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        核销记录（{receipt.allocations.length}）
      </Typography.Title>
      <Allocations receipt={receipt} />
      {open === 'allocate' && <ReceiptAllocateDrawer receipt={receipt} onClose={close} />}
      {open === 'void' && <VoidReceiptModal receipt={receipt} onClose={close} />}
    </Flex>
  );
}

/** One receipt in a drawer over the receipts page (`?receipt=id`, the address the log links to). */
export function ReceiptDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const receipt = useQuery(receiptQuery(id));
  return (
    <Drawer
      open
      onClose={onClose}
      size={760}
      title={receipt.data ? `收款 · ${receipt.data.payer_name}` : '收款'}
      destroyOnHidden
      data-testid="receipt-drawer"
    >
      <QueryState query={receipt} loading={{ rows: 10 }}>
        {(data) => <ReceiptBody receipt={data} />}
      </QueryState>
    </Drawer>
  );
}
