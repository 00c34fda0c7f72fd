import { INVOICE_TYPE_LABELS, INVOICE_TYPES, type InvoiceType } from '@trackit/contract/finance-enums';
import {
  INVOICE_MESSAGES,
  type InvoiceBuyer,
  invoiceBuyerSchema,
  type ReadyGroup,
} from '@trackit/contract/invoice.schema';
import { formatYuan } from '@trackit/contract/money';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { schemaRule } from '../../components/schema-rule';

interface RequestValues {
  type: InvoiceType;
  buyer: InvoiceBuyer;
}

export interface InvoiceRequestModalProps {
  group: ReadyGroup;
  /** The selected lines' remainders, tax included, as 待开票 shows them. */
  lineCount: number;
  remaining: number;
  busy: boolean;
  onSubmit: (values: RequestValues) => void;
  onClose: () => void;
}

const TYPE_OPTIONS = INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }));

/** Required for a special invoice (数电专票), optional otherwise, within the schema's length. */
const specialOnly =
  (field: 'address_phone' | 'bank_account') =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (getFieldValue('type') === 'special' && text === '') {
        throw new Error(INVOICE_MESSAGES.specialNeedsBuyerDetails);
      }
      const result = invoiceBuyerSchema.shape[field].safeParse(text);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
    },
  });

/**
 * The invoice request of the selected lines of one client and one payee entity: the type and the buyer
 * (购方), prefilled with the client's name and editable; the server checks again. Mounted while open.
 */
export function InvoiceRequestModal({
  group,
  lineCount,
  remaining,
  busy,
  onSubmit,
  onClose,
}: InvoiceRequestModalProps) {
  const [form] = Form.useForm<RequestValues>();
  return (
    <Modal
      open
      title="申请开票"
      okText="提交申请"
      confirmLoading={busy}
      onOk={() => void form.validateFields().then(onSubmit)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid="invoice-request-summary">
        {`${group.team_recipient?.name ?? ''} 开给 ${group.company.name}：${lineCount} 条费用，价税合计 ${formatYuan(remaining)}`}
      </Typography.Paragraph>
      <Form<RequestValues>
        form={form}
        layout="vertical"
        initialValues={{
          type: 'ordinary',
          buyer: { name: group.company.name, tax_id: '', address_phone: '', bank_account: '' },
        }}
      >
        <Form.Item name="type" label="发票类型" rules={[{ required: true }]}>
          <Radio.Group options={TYPE_OPTIONS} optionType="button" />
        </Form.Item>
        <Form.Item
          name={['buyer', 'name']}
          label="购方名称"
          rules={[schemaRule(invoiceBuyerSchema.shape.name)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name={['buyer', 'tax_id']}
          label="纳税人识别号"
          rules={[schemaRule(invoiceBuyerSchema.shape.tax_id)]}
        >
          <Input maxLength={20} data-testid="invoice-buyer-tax-id" />
        </Form.Item>
        <Form.Item
          name={['buyer', 'address_phone']}
          label="地址电话（专票必填）"
          dependencies={['type']}
          rules={[specialOnly('address_phone')]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name={['buyer', 'bank_account']}
          label="开户行及账号（专票必填）"
          dependencies={['type']}
          rules={[specialOnly('bank_account')]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
