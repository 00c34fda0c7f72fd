import { useQuery } from '@tanstack/react-query';
import type { Company } from '@trackit/contract/company.schema';
import type { InvoiceInfo } from '@trackit/contract/fee-statement.schema';
import {
  INVOICE_ITEM_LABELS,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  type InvoiceType,
} from '@trackit/contract/finance-enums';
import {
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  invoiceBuyerSchema,
  type ReadyGroup,
  type ReadyLine,
} from '@trackit/contract/invoice.schema';
import { formatTaxRate } from '@trackit/contract/money';
import { App, Button, Drawer, Flex, Form, Input, Radio, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyTotals } from '../../components/money/money-totals';
import { bothQueries, QueryState } from '../../components/query-state';
import { schemaRule } from '../../components/schema-rule';
import { companyQuery } from '../company/company.queries';
import { useSubmittedInvoiceInfo } from '../fee-statement/fee-statement.queries';
import { TeamRecipientSelect } from '../team-recipient/team-recipient-select';
import { useRequestInvoice } from './finance.queries';
import { previewInvoice } from './invoice-preview';

const DRAWER_WIDTH = 640;

interface BuyerValues {
  /** Asked only for lines of orders billed without a payee entity. */
  team_recipient_id?: number;
  type: InvoiceType;
  name: string;
  tax_id: string;
  address_phone: string;
  bank_account: string;
}

/** The buyer as the client company's record has it (发票抬头 first, then its name). */
export const buyerOfCompany = (company: Company): Omit<BuyerValues, 'type'> => ({
  name: company.invoice_title || company.name,
  tax_id: company.credit_code ?? '',
  address_phone: company.invoice_address ?? '',
  bank_account: [company.bank_name, company.bank_account].filter(Boolean).join(' '),
});

/** 地址电话 and 开户行及账号 are required on a special invoice (the contract refuses it too). */
const requiredForSpecial = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (getFieldValue('type') === 'special' && String(value ?? '').trim() === '') {
      throw new Error(INVOICE_MESSAGES.specialNeedsBuyerDetails);
    }
  },
});

export interface InvoiceRequestDrawerProps {
  group: ReadyGroup;
  lines: readonly ReadyLine[];
  onClose: () => void;
  /** The invoice made, to open it. */
  onRequested: (invoiceId: number) => void;
}

/**
 * 申请开票: the selected lines of one client and one payee entity, what the invoice will print (by service
 * item and tax rate, with the totals), the invoice type and the buyer, prefilled from the invoice details the
 * client last submitted on a fee statement, else from the client company.
 */
export function InvoiceRequestDrawer({ group, lines, onClose, onRequested }: InvoiceRequestDrawerProps) {
  const company = useQuery(companyQuery(group.company.id));
  const submitted = useSubmittedInvoiceInfo(group.company.id);
  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={`申请开票 · ${group.company.name}`}
      destroyOnHidden
      data-testid="invoice-request-drawer"
    >
      <QueryState query={bothQueries(company, submitted)} loading={{ rows: 8 }}>
        {([data, info]) => (
          <RequestForm
            group={group}
            lines={lines}
            company={data}
            submitted={info}
            onClose={onClose}
            onRequested={onRequested}
          />
        )}
      </QueryState>
    </Drawer>
  );
}

function RequestForm({
  group,
  lines,
  company,
  onClose,
  onRequested,
  submitted,
}: InvoiceRequestDrawerProps & { company: Company; submitted: InvoiceInfo | null }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BuyerValues>();
  const request = useRequestInvoice();
  const figures = useMemo(() => previewInvoice(lines), [lines]);
  const recipient = group.team_recipient;

  const submit = (values: BuyerValues) => {
    const recipientId = recipient?.id ?? values.team_recipient_id;
    if (recipientId === undefined) return;
    request.mutate(
      {
        team_recipient_id: recipientId,
        company_id: group.company.id,
        type: values.type,
        buyer: {
          name: values.name,
          tax_id: values.tax_id,
          address_phone: values.address_phone,
          bank_account: values.bank_account,
        },
        fee_line_ids: lines.map((line) => line.fee_line_id),
      },
      {
        onSuccess: (invoice) => {
          void message.success('已提交开票申请');
          onRequested(invoice.id);
        },
      },
    );
  };

  return (
    <Form<BuyerValues>
      form={form}
      layout="vertical"
      initialValues={
        submitted
          ? { type: submitted.type, ...submitted.buyer }
          : { type: 'special', ...buyerOfCompany(company) }
      }
      onFinish={submit}
      data-testid="invoice-request-form"
    >
      {recipient ? (
        <Typography.Paragraph type="secondary">
          销售方：{recipient.name}；共 {lines.length} 条费用。
        </Typography.Paragraph>
      ) : (
        <Form.Item
          name="team_recipient_id"
          label="收款主体（销售方）"
          rules={[{ required: true, message: '*请选择收款主体' }]}
          extra="这些订单出账时还没有收款主体：开票后订单使用所选主体，收款也应进入它的账户。"
        >
          <TeamRecipientSelect current={null} testId="invoice-request-recipient" />
        </Form.Item>
      )}
      <Table
        size="small"
        rowKey={(row) => `${row.item}-${row.tax_rate}`}
        pagination={false}
        dataSource={figures.groups}
        columns={[
          {
            title: '项目',
            dataIndex: 'item',
            render: (item: keyof typeof INVOICE_ITEM_LABELS) => INVOICE_ITEM_LABELS[item],
          },
          { title: '税率', dataIndex: 'tax_rate', width: 64, render: (rate: number) => formatTaxRate(rate) },
          {
            title: '金额',
            dataIndex: 'amount',
            align: 'right',
            render: (fen: number) => <MoneyCell fen={fen} />,
          },
          {
            title: '税额',
            dataIndex: 'tax',
            align: 'right',
            render: (fen: number) => <MoneyCell fen={fen} />,
          },
          {
            title: '价税合计',
            dataIndex: 'total',
            align: 'right',
            render: (fen: number) => <MoneyCell fen={fen} />,
          },
        ]}
        data-testid="invoice-request-groups"
      />
      <MoneyTotals
        totals={{ subtotal: figures.amount, tax: figures.tax, total: figures.total }}
        label="价税合计"
        capitals
        testId="invoice-request-totals"
      />
      <Form.Item name="type" label="发票类型" rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={INVOICE_TYPES.map((type) => ({ value: type, label: INVOICE_TYPE_LABELS[type] }))}
          onChange={() => void form.validateFields(['address_phone', 'bank_account'])}
        />
      </Form.Item>
      <Form.Item name="name" label="购方名称" rules={[schemaRule(invoiceBuyerSchema.shape.name)]}>
        <Input maxLength={INVOICE_LIMITS.buyerName} />
      </Form.Item>
      <Form.Item name="tax_id" label="纳税人识别号" rules={[schemaRule(invoiceBuyerSchema.shape.tax_id)]}>
        <Input maxLength={24} placeholder="统一社会信用代码" />
      </Form.Item>
      <Form.Item name="address_phone" label="地址电话" dependencies={['type']} rules={[requiredForSpecial]}>
        <Input maxLength={INVOICE_LIMITS.addressPhone} placeholder="专票必填" />
      </Form.Item>
      <Form.Item
        name="bank_account"
        label="开户行及账号"
        dependencies={['type']}
        rules={[requiredForSpecial]}
      >
        <Input maxLength={INVOICE_LIMITS.bankAccount} placeholder="专票必填" />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={request.isPending}>
          提交申请
        </Button>
      </Flex>
    </Form>
  );
}
