import { useQuery } from '@tanstack/react-query';
import { businessDateTime } from '@trackit/contract/business-time';
import { APPROVAL_STATUS_LABELS } from '@trackit/contract/enums';
import {
  INVOICE_ITEM_LABELS,
  INVOICE_TYPE_LABELS,
  RED_LETTER_STATE_LABELS,
  REVERSAL_SCOPE_LABELS,
} from '@trackit/contract/finance-enums';
import type { InvoiceCorrection, InvoiceDetail, InvoiceLine } from '@trackit/contract/invoice.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { formatTaxRate } from '@trackit/contract/money';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  List,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyTotals } from '../../components/money/money-totals';
import { QueryState } from '../../components/query-state';
import { orderPath } from '../order/order-labels';
import { invoiceQuery } from './finance.queries';
import {
  DecideCorrectionModal,
  IssueCorrectionModal,
  IssueInvoiceModal,
  ReverseInvoiceModal,
} from './invoice-actions';
import { InvoiceStatusTag } from './invoice-labels';

const DRAWER_WIDTH = 760;

const money = (fen: number) => <MoneyCell fen={fen} />;

const groupColumns: TableColumnsType<InvoiceDetail['groups'][number]> = [
  { title: '项目名称', dataIndex: 'item', render: (item: InvoiceLine['item']) => INVOICE_ITEM_LABELS[item] },
  { title: '税率', dataIndex: 'tax_rate', width: 72, render: (rate: number) => formatTaxRate(rate) },
  { title: '金额', dataIndex: 'amount', align: 'right', render: money },
  { title: '税额', dataIndex: 'tax', align: 'right', render: money },
  { title: '价税合计', dataIndex: 'total', align: 'right', render: money },
];

const lineColumns: TableColumnsType<InvoiceLine> = [
  {
    title: '订单',
    dataIndex: 'order_number',
    render: (number: string, line) => <Link to={orderPath(line.order_id)}>{number}</Link>,
  },
  { title: '模特', dataIndex: 'model_name', width: 110 },
  {
    title: '项目 / 税率',
    dataIndex: 'item',
    width: 130,
    render: (item: InvoiceLine['item'], line) =>
      `${INVOICE_ITEM_LABELS[item]} · ${formatTaxRate(line.tax_rate)}`,
  },
  { title: '价税合计', dataIndex: 'total', width: 120, align: 'right', render: money },
  {
    title: '已红冲',
    dataIndex: 'given_back',
    width: 110,
    align: 'right',
    render: (fen: number) => (fen > 0 ? <MoneyCell fen={-fen} /> : MESSAGES.empty),
  },
];

const CORRECTION_COLORS = { init: 'warning', passed: 'success', rejected: 'error' } as const;

function CorrectionItem({
  correction,
  lines,
  onDecide,
  onIssue,
}: {
  correction: InvoiceCorrection;
  lines: readonly InvoiceLine[];
  onDecide: (result: 'passed' | 'rejected') => void;
  onIssue: () => void;
}) {
  const decision = correction.approvals.findLast((step) => step.status !== 'init');
  const red = correction.red_invoice;
  const lineName = (id: number) => {
    const line = lines.find((candidate) => candidate.id === id);
    return line
      ? `${line.model_name} · ${INVOICE_ITEM_LABELS[line.item]}（${line.order_number}）`
      : MESSAGES.empty;
  };
  return (
    <List.Item
      data-testid={`invoice-correction-${correction.id}`}
      actions={[
        ...(correction.can_decide
          ? [
              <Button key="pass" type="primary" size="small" onClick={() => onDecide('passed')}>
                同意
              </Button>,
              <Button key="reject" danger size="small" onClick={() => onDecide('rejected')}>
                拒绝
              </Button>,
            ]
          : []),
        ...(correction.can_issue
          ? [
              <Button
                key="issue"
                type="primary"
                size="small"
                onClick={onIssue}
                data-testid="correction-issue"
              >
                登记红字发票
              </Button>,
            ]
          : []),
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap>
            <span>{REVERSAL_SCOPE_LABELS[correction.scope]}</span>
            <MoneyCell fen={-correction.total} />
            <Tag color={CORRECTION_COLORS[correction.status]}>
              {APPROVAL_STATUS_LABELS[correction.status]}
            </Tag>
            {correction.status === 'passed' && !red && <Tag color="warning">待登记红字发票</Tag>}
          </Space>
        }
        description={
          <>
            {red && (
              <div data-testid="correction-red-invoice">
                红字发票 <Typography.Text copyable>{red.number}</Typography.Text> · 开票日期 {red.issued_on} ·
                确认单 <Typography.Text copyable>{red.confirmation_number}</Typography.Text>
              </div>
            )}
            {correction.lines.map((line) => (
              <div key={line.invoice_line_id}>
                {lineName(line.invoice_line_id)}：金额 <MoneyCell fen={-line.amount} /> 税额{' '}
                <MoneyCell fen={-line.tax} /> 价税合计 <MoneyCell fen={-line.total} />
              </div>
            ))}
            <div>原因：{correction.reason}</div>
            <div>
              {correction.requested_by?.nickname ?? MESSAGES.empty} 申请于{' '}
              {businessDateTime(correction.created_at)}
            </div>
            {decision && (
              <div>
                {decision.member?.nickname ?? MESSAGES.empty} {APPROVAL_STATUS_LABELS[decision.status]}于{' '}
                {businessDateTime(decision.at)}
                {decision.comment ? `：${decision.comment}` : ''}
              </div>
            )}
          </>
        }
      />
    </List.Item>
  );
}

type OpenModal =
  | { kind: 'issue' }
  | { kind: 'reverse' }
  | { kind: 'decide'; id: number; result: 'passed' | 'rejected' }
  | { kind: 'issueCorrection'; correction: InvoiceCorrection };

function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => setModal(null);
  return (
    <Flex vertical gap={16} data-testid="invoice-detail">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <InvoiceStatusTag status={invoice.status} />
          <Typography.Text strong>{INVOICE_TYPE_LABELS[invoice.type]}</Typography.Text>
          {invoice.number && <Typography.Text copyable>{invoice.number}</Typography.Text>}
        </Space>
        <Space>
          {invoice.can.issue && (
            <Button type="primary" onClick={() => setModal({ kind: 'issue' })} data-testid="invoice-issue">
              登记开票
            </Button>
          )}
          {invoice.can.reverse && (
            <Button danger onClick={() => setModal({ kind: 'reverse' })} data-testid="invoice-reverse">
              申请红冲
            </Button>
          )}
        </Space>
      </Flex>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="销售方" span={2}>
          {invoice.team_recipient.name}
        </Descriptions.Item>
        <Descriptions.Item label="购方名称" span={2}>
          {invoice.buyer.name}
        </Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{invoice.buyer.tax_id}</Descriptions.Item>
        <Descriptions.Item label="客户公司">{invoice.company.name}</Descriptions.Item>
        <Descriptions.Item label="地址电话" span={2}>
          {invoice.buyer.address_phone || MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label="开户行及账号" span={2}>
          {invoice.buyer.bank_account || MESSAGES.empty}
        </Descriptions.Item>
        <Descriptions.Item label="开票日期">{invoice.issued_on ?? MESSAGES.empty}</Descriptions.Item>
        <Descriptions.Item label="发票文件">
          {invoice.file ? (
            <a href={invoice.file.url} target="_blank" rel="noreferrer">
              {invoice.file.name}
            </a>
          ) : (
            MESSAGES.empty
          )}
        </Descriptions.Item>
        <Descriptions.Item label="申请人">{invoice.created_by?.nickname ?? MESSAGES.empty}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{businessDateTime(invoice.created_at)}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey={(group) => `${group.item}-${group.tax_rate}`}
        pagination={false}
        columns={groupColumns}
        dataSource={invoice.groups}
        data-testid="invoice-groups"
      />
      <MoneyTotals
        totals={{ subtotal: invoice.amount, tax: invoice.tax, total: invoice.total }}
        label="价税合计"
        capitals
        testId="invoice-totals"
      />
      {invoice.reversed > 0 && (
        <Flex justify="flex-end" gap={8} data-testid="invoice-reversed">
          {RED_LETTER_STATE_LABELS[invoice.red_letter]} <MoneyCell fen={-invoice.reversed} /> · 净额{' '}
          <MoneyCell fen={invoice.total - invoice.reversed} />
        </Flex>
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        费用明细（{invoice.lines.length}）
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={invoice.lines.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={lineColumns}
        dataSource={invoice.lines}
        data-testid="invoice-lines"
      />
      {invoice.corrections.length > 0 && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            红冲记录
          </Typography.Title>
          <List
            size="small"
            dataSource={invoice.corrections}
            renderItem={(correction) => (
              <CorrectionItem
                correction={correction}
                lines={invoice.lines}
                onDecide={(result) => setModal({ kind: 'decide', id: correction.id, result })}
                onIssue={() => setModal({ kind: 'issueCorrection', correction })}
              />
            )}
          />
        </>
      )}
      {modal?.kind === 'issue' && <IssueInvoiceModal invoice={invoice} onClose={close} />}
      {modal?.kind === 'reverse' && <ReverseInvoiceModal invoice={invoice} onClose={close} />}
      {modal?.kind === 'issueCorrection' && (
        <IssueCorrectionModal invoice={invoice} correction={modal.correction} onClose={close} />
      )}
      {modal?.kind === 'decide' && (
        <DecideCorrectionModal correctionId={modal.id} result={modal.result} onClose={close} />
      )}
    </Flex>
  );
}

/** One invoice in a drawer over 待开票 (`?invoice=id`, the address notifications link to). */
export function InvoiceDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const invoice = useQuery(invoiceQuery(id));
  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={invoice.data ? `发票 · ${invoice.data.buyer.name}` : '发票'}
      destroyOnHidden
      data-testid="invoice-drawer"
    >
      <QueryState query={invoice} loading={{ rows: 10 }}>
        {(data) => <InvoiceBody invoice={data} />}
      </QueryState>
    </Drawer>
  );
}
