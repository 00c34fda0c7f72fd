import { UploadOutlined } from '@ant-design/icons';
import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { invoiceNumberSchema } from '@trackit/contract/finance-enums';
import { type InvoiceDetail, invoiceReverseSchema } from '@trackit/contract/invoice.schema';
import { formatYuan } from '@trackit/contract/money';
import { App, Button, DatePicker, Form, Input, Modal, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { MoneyInput } from '../../components/money/money-input';
import { schemaRule } from '../../components/schema-rule';
import { useDecideCorrection, useIssueInvoice, useReverseInvoice } from './finance.queries';

/** 登记开票: the 20-digit number the tax platform gave and the date it was issued (not after today). */
export function IssueInvoiceModal({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ number: string; issued_on: Dayjs }>();
  const issue = useIssueInvoice(invoice.id);
  const [file, setFile] = useState<File | undefined>();
  const today = businessDate(new Date());
  return (
    <Modal
      open
      title="登记开票"
      okText="登记"
      onCancel={onClose}
      confirmLoading={issue.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="invoice-issue-modal"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ issued_on: dayjs(today) }}
        onFinish={(values) =>
          issue.mutate(
            {
              number: values.number.replace(/\s+/g, ''),
              issued_on: values.issued_on.format(DATE_FORMATS.date),
              ...(file ? { file } : {}),
            },
            {
              onSuccess: () => {
                void message.success('已登记开票');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="number"
          label="数电发票号码"
          rules={[schemaRule(invoiceNumberSchema)]}
          extra="税务数字账户开具后生成的 20 位号码"
        >
          <Input
            maxLength={24}
            placeholder="20 位数字"
            inputMode="numeric"
            data-testid="invoice-number-input"
          />
        </Form.Item>
        <Form.Item name="issued_on" label="开票日期" rules={[{ required: true, message: '*请选择开票日期' }]}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(value) => value.format(DATE_FORMATS.date) > today}
            data-testid="invoice-issued-on"
          />
        </Form.Item>
        <Form.Item label="发票 PDF（可选）" extra="税务数字账户下载的版式文件，存档并随发票查看">
          <Upload
            accept="application/pdf,.pdf"
            maxCount={1}
            fileList={file ? [{ uid: 'invoice-pdf', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              setFile(chosen);
              // Kept here, uploaded with 登记.
              return false;
            }}
            onRemove={() => setFile(undefined)}
            data-testid="invoice-file"
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 申请红冲: all or part of what is not yet corrected, tax included, with the reason; it goes to approval. */
export function ReverseInvoiceModal({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const reverse = useReverseInvoice(invoice.id);
  const left = invoice.total - invoice.reversed - invoice.allocated;
  return (
    <Modal
      open
      title={`申请红冲 · ${invoice.number ?? ''}`}
      okText="提交审批"
      onCancel={onClose}
      confirmLoading={reverse.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="invoice-reverse-modal"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ amount: left }}
        onFinish={(values) =>
          reverse.mutate(values, {
            onSuccess: () => {
              void message.success('红冲申请已提交，等待审批');
              onClose();
            },
          })
        }
      >
        <Form.Item
          name="amount"
          label="红冲金额（含税）"
          extra={
            invoice.allocated > 0
              ? `可红冲 ${formatYuan(left)}（已收款 ${formatYuan(invoice.allocated)} 不能红冲，须先撤销核销）`
              : `可红冲 ${formatYuan(left)}；全额红冲后发票作废，费用退回待开票`
          }
          rules={[
            schemaRule(invoiceReverseSchema.shape.amount),
            {
              validator: async (_rule, value: number | undefined) => {
                if (value !== undefined && value > left)
                  throw new Error(`*红冲金额不能超过 ${formatYuan(left)}`);
              },
            },
          ]}
        >
          <MoneyInput max={left} style={{ width: '100%' }} data-testid="invoice-reverse-amount" />
        </Form.Item>
        <Form.Item name="reason" label="红冲原因" rules={[schemaRule(invoiceReverseSchema.shape.reason)]}>
          <Input.TextArea
            maxLength={200}
            showCount
            rows={3}
            placeholder="如：开票金额有误、客户退回部分服务"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 同意 / 拒绝 a red-letter correction; a refusal needs its reason. */
export function DecideCorrectionModal({
  correctionId,
  result,
  onClose,
}: {
  correctionId: number;
  result: 'passed' | 'rejected';
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const decide = useDecideCorrection();
  const passing = result === 'passed';
  return (
    <Modal
      open
      title={passing ? '同意红冲' : '拒绝红冲'}
      okText={passing ? '同意' : '拒绝'}
      okButtonProps={passing ? {} : { danger: true }}
      onCancel={onClose}
      confirmLoading={decide.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="invoice-correction-modal"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          decide.mutate(
            { correctionId, decision: { result, comment: values.comment ?? '' } },
            {
              onSuccess: () => {
                void message.success(passing ? '已同意，费用已退回待开票' : '已拒绝');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="comment"
          label={passing ? '审批意见（选填）' : '拒绝原因'}
          rules={
            passing
              ? []
              : [{ required: true, whitespace: true, message: APPROVAL_MESSAGES.rejectNeedsComment }]
          }
        >
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
