import { useQuery } from '@tanstack/react-query';
import { APPROVAL_STATUS_LABELS } from '@trackit/contract/enums';
import {
  INVOICE_ITEM_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
} from '@trackit/contract/finance-enums';
import type { InvoiceCorrection, InvoiceDetail } from '@trackit/contract/invoice.schema';
import { formatTaxRate } from '@trackit/contract/money';
import { App, Button, Descriptions, Drawer, Flex, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { QueryState } from '../../components/query-state';
import { invoiceQuery, useDecideCorrection, useIssueInvoice, useReverseInvoice } from './invoice.queries';

const STATUS_COLORS = { requested: 'orange', issued: 'green', reversed: 'red' } as const;

/** 登记开票: the 20-digit number and the issue date (the server checks both again). */
function IssueForm({ invoice }: { invoice: InvoiceDetail }) {
  const { message } = App.useApp();
  const issue = useIssueInvoice(invoice.id);
  return (
    <Form<{ number: string; issued_on: string }>
      layout="inline"
      onFinish={(values) => issue.mutate(values, { onSuccess: () => void message.success('已登记开票') })}
    >
      <Form.Item name="number" rules={[{ required: true, message: '*请输入20位数电发票号码' }]}>
        <Input placeholder="20 位数电发票号码" maxLength={30} data-testid="invoice-issue-number" />
      </Form.Item>
      <Form.Item name="issued_on" rules={[{ required: true, message: '*请选择开票日期' }]}>
        <Input type="date" data-testid="invoice-issue-date" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={issue.isPending} data-testid="invoice-issue">
        登记开票
      </Button>
    </Form>
  );
}

/** 申请红冲: an amount (tax included, at most what the invoice still has) and the reason. */
function ReverseForm({ invoice }: { invoice: InvoiceDetail }) {
  const { message } = App.useApp();
  const reverse = useReverseInvoice(invoice.id);
  return (
    <Form<{ amount: number; reason: string }>
      layout="inline"
      initialValues={{ amount: invoice.total - invoice.reversed }}
      onFinish={(values) =>
        reverse.mutate(values, { onSuccess: () => void message.success('已提交红冲申请，等待审批') })
      }
    >
      <Form.Item name="amount" rules={[{ required: true, message: '*请输入红冲金额' }]}>
        <MoneyInput max={invoice.total - invoice.reversed} data-testid="invoice-reverse-amount" />
      </Form.Item>
      <Form.Item name="reason" rules={[{ required: true, message: '*请填写红冲原因' }]}>
        <Input placeholder="红冲原因" maxLength={200} />
      </Form.Item>
      <Button danger htmlType="submit" loading={reverse.isPending} data-testid="invoice-reverse">
        申请红冲
      </Button>
    </Form>
  );
}

/** A red-letter correction: its figures, reason and approval; an approver decides it here. */
function CorrectionRow({ correction }: { correction: InvoiceCorrection }) {
  const { message } = App.useApp();
  const decide = useDecideCorrection();
  const [comment, setComment] = useState('');
  const run = (result: 'passed' | 'rejected') =>
    decide.mutate(
      { id: correction.id, result, comment },
      { onSuccess: () => void message.success(result === 'passed' ? '已同意红冲' : '已拒绝红冲') },
    );
  return (
    <Flex vertical gap={4} data-testid={`invoice-correction-${correction.id}`}>
      <Space wrap>
        <Tag
          color={correction.status === 'init' ? 'orange' : correction.status === 'passed' ? 'red' : 'default'}
        >
          {APPROVAL_STATUS_LABELS[correction.status]}
        </Tag>
        <span>红冲</span>
        <MoneyCell fen={correction.total} />
        <Typography.Text type="secondary">
          {`${correction.requested_by?.nickname ?? ''}：${correction.reason}`}
        </Typography.Text>
      </Space>
      {correction.can_decide && (
        <Space wrap>
          <Input
            placeholder="审批意见（拒绝时必填）"
            value={comment}
            maxLength={200}
            onChange={(event) => setComment(event.target.value)}
          />
          <Button type="primary" loading={decide.isPending} onClick={() => run('passed')}>
            同意
          </Button>
          <Button danger loading={decide.isPending} onClick={() => run('rejected')}>
            拒绝
          </Button>
        </Space>
      )}
    </Flex>
  );
}

function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLORS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="发票类型">{INVOICE_TYPE_LABELS[invoice.type]}</Descriptions.Item>
        <Descriptions.Item label="销方（收款主体）" span={2}>
          {invoice.team_recipient.name}
        </Descriptions.Item>
        <Descriptions.Item label="购方名称">{invoice.buyer.name}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{invoice.buyer.tax_id}</Descriptions.Item>
        <Descriptions.Item label="地址电话">{invoice.buyer.address_phone || '--'}</Descriptions.Item>
        <Descriptions.Item label="开户行及账号">{invoice.buyer.bank_account || '--'}</Descriptions.Item>
        <Descriptions.Item label="发票号码">{invoice.number ?? '--'}</Descriptions.Item>
        <Descriptions.Item label="开票日期">{invoice.issued_on ?? '--'}</Descriptions.Item>
        <Descriptions.Item label="金额">
          <MoneyCell fen={invoice.amount} />
        </Descriptions.Item>
        <Descriptions.Item label="税额">
          <MoneyCell fen={invoice.tax} />
        </Descriptions.Item>
        <Descriptions.Item label="价税合计">
          <MoneyCell fen={invoice.total} testId="invoice-total" />
        </Descriptions.Item>
        <Descriptions.Item label="已红冲">
          <MoneyCell fen={invoice.reversed} />
        </Descriptions.Item>
        {invoice.file && (
          <Descriptions.Item label="发票文件" span={2}>
            <a href={invoice.file.url} target="_blank" rel="noreferrer">
              {invoice.file.name}
            </a>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        size="small"
        pagination={false}
        rowKey={(group) => `${group.item}-${group.tax_rate}`}
        dataSource={invoice.groups}
        columns={[
          { title: '项目', key: 'item', render: (_, group) => INVOICE_ITEM_LABELS[group.item] },
          { title: '税率', key: 'rate', render: (_, group) => formatTaxRate(group.tax_rate) },
          {
            title: '金额',
            key: 'amount',
            align: 'right',
            render: (_, group) => <MoneyCell fen={group.amount} />,
          },
          { title: '税额', key: 'tax', align: 'right', render: (_, group) => <MoneyCell fen={group.tax} /> },
          {
            title: '价税合计',
            key: 'total',
            align: 'right',
            render: (_, group) => <MoneyCell fen={group.total} />,
          },
        ]}
      />
      <Table
        size="small"
        pagination={false}
        rowKey={(line) => line.id}
        dataSource={invoice.lines}
        columns={[
          { title: '订单', dataIndex: 'order_number' },
          { title: '模特', dataIndex: 'model_name' },
          { title: '项目', key: 'item', render: (_, line) => INVOICE_ITEM_LABELS[line.item] },
          {
            title: '价税合计',
            key: 'total',
            align: 'right',
            render: (_, line) => <MoneyCell fen={line.total} />,
          },
          {
            title: '已退回',
            key: 'back',
            align: 'right',
            render: (_, line) => <MoneyCell fen={line.given_back} />,
          },
        ]}
      />
      {invoice.corrections.map((correction) => (
        <CorrectionRow key={correction.id} correction={correction} />
      ))}
      {invoice.can.issue && <IssueForm invoice={invoice} />}
      {invoice.can.reverse && <ReverseForm invoice={invoice} />}
    </Flex>
  );
}

/** An invoice (`?invoice={id}` of 待开票, where notifications and the log link): its figures and its steps. */
export function InvoiceDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const invoice = useQuery(invoiceQuery(id));
  return (
    <Drawer
      open
      size={720}
      title={invoice.data?.number ?? '发票'}
      onClose={onClose}
      destroyOnHidden
      data-testid="invoice-drawer"
    >
      <QueryState query={invoice}>{(data) => <InvoiceBody invoice={data} />}</QueryState>
    </Drawer>
  );
}
