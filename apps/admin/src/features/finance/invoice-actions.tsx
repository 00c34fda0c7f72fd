import { UploadOutlined } from '@ant-design/icons';
import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  confirmationNumberSchema,
  INVOICE_ITEM_LABELS,
  invoiceNumberSchema,
  REVERSAL_SCOPE_LABELS,
} from '@trackit/contract/finance-enums';
import {
  checkLineReversal,
  lineCorrectable,
  lineReversalFigures,
  refusalMessage,
  reversalScope,
  splitTaxIncluded,
} from '@trackit/contract/finance-rules';
import {
  type InvoiceCorrection,
  type InvoiceDetail,
  type InvoiceLine,
  invoiceReverseSchema,
} from '@trackit/contract/invoice.schema';
import { formatTaxRate, formatYuan, MAX_AMOUNT_FEN } from '@trackit/contract/money';
import {
  App,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Table,
  type TableColumnsType,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { chineseSelection } from '../../components/list/selection-labels';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { schemaRule } from '../../components/schema-rule';
import {
  useDecideCorrection,
  useIssueCorrection,
  useIssueInvoice,
  useReverseInvoice,
} from './finance.queries';

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

/** What a line can still give back: total less earlier corrections less what the client paid of it. */
const correctableOf = (line: InvoiceLine) =>
  lineCorrectable({ id: line.id, reversible: line.total - line.given_back, paid: line.paid });

/**
 * A line as the red invoice's preview figures it (the contract's lineReversalFigures, as the server): its
 * own figures while nothing was given back; after a correction, what remains split tax-included (the
 * server keeps the parts' exact amount and tax, so a preview of a second correction may differ by a fen).
 */
const asReversible = (line: InvoiceLine) => {
  const left = line.given_back === 0 ? null : splitTaxIncluded(line.total - line.given_back, line.tax_rate);
  const totals = left
    ? { subtotal: left.amount, tax: left.tax, total: left.total }
    : { subtotal: line.amount, tax: line.tax, total: line.total };
  return { id: line.id, kind: line.kind, tax_rate: line.tax_rate, totals };
};

/**
 * 申请红冲 by line (docs/product.md "Red-letter invoices by line"): tick the lines and say how much of each
 * (tax included; the whole of what it can give back by default: 全额 of the line, less: 部分), see the red
 * invoice's lines and tax before sending, with the reason; it goes to approval. A line asked more than it
 * can give says how much it can (the contract's checkLineReversal and refusalMessage, as the server).
 */
export function ReverseInvoiceModal({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const reverse = useReverseInvoice(invoice.id);
  const [asked, setAsked] = useState<ReadonlyMap<number, number | null>>(new Map());
  const selectionLabels = chineseSelection<InvoiceLine>((line) => `${line.model_name} ${line.order_number}`);
  const requests = [...asked.entries()].map(([invoice_line_id, amount]) => ({
    invoice_line_id,
    amount: amount ?? 0,
  }));
  const reversible = invoice.lines.map((line) => ({
    id: line.id,
    reversible: line.total - line.given_back,
    paid: line.paid,
  }));
  const problemOf = (line: InvoiceLine): string | null => {
    const amount = asked.get(line.id);
    if (amount === undefined) return null;
    if (amount === null || Number.isNaN(amount) || amount <= 0) return '*请输入红冲金额';
    const check = checkLineReversal([{ invoice_line_id: line.id, amount }], reversible);
    return check.ok ? null : refusalMessage(check);
  };
  const problems = invoice.lines.map(problemOf).filter((problem) => problem !== null);
  const valid = requests.length > 0 && problems.length === 0;
  const preview = valid ? lineReversalFigures(requests, invoice.lines.map(asReversible)) : null;
  const whole = invoice.total - invoice.reversed;
  const scope = preview ? REVERSAL_SCOPE_LABELS[reversalScope(preview.total, invoice)] : null;
  const choose = (ids: readonly number[]) =>
    setAsked((before) => {
      const next = new Map<number, number | null>();
      for (const id of ids) {
        const line = invoice.lines.find((candidate) => candidate.id === id);
        if (line) next.set(id, before.get(id) ?? correctableOf(line));
      }
      return next;
    });
  const columns: TableColumnsType<InvoiceLine> = [
    {
      title: '费用',
      dataIndex: 'model_name',
      render: (name: string, line) => (
        <Flex vertical>
          <span>
            {name} · {INVOICE_ITEM_LABELS[line.item]} · {formatTaxRate(line.tax_rate)}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {line.order_number}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '价税合计',
      dataIndex: 'total',
      width: 110,
      align: 'right',
      render: (fen: number) => <MoneyCell fen={fen} />,
    },
    {
      title: '可红冲',
      key: 'correctable',
      width: 110,
      align: 'right',
      render: (_value, line) => <MoneyCell fen={correctableOf(line)} />,
    },
    {
      title: '红冲金额（含税）',
      key: 'amount',
      width: 200,
      render: (_value, line) => {
        if (!asked.has(line.id)) return null;
        const problem = problemOf(line);
        return (
          <Flex vertical gap={2}>
            <MoneyInput
              value={asked.get(line.id) ?? null}
              max={MAX_AMOUNT_FEN}
              status={problem ? 'error' : undefined}
              aria-label={`红冲金额：${line.model_name}`}
              onChange={(value) => setAsked((before) => new Map(before).set(line.id, value))}
              data-testid={`reverse-line-amount-${line.id}`}
            />
            {problem && (
              <Typography.Text
                type="danger"
                style={{ fontSize: 12 }}
                data-testid={`reverse-line-error-${line.id}`}
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
    <Modal
      open
      width={860}
      title={`申请红冲 · ${invoice.number ?? ''}`}
      okText="提交审批"
      okButtonProps={{ disabled: !valid }}
      onCancel={onClose}
      confirmLoading={reverse.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="invoice-reverse-modal"
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            勾选要红冲的行并填写金额：整行可红冲的金额为该行全额红冲，少于此为部分红冲。
            {invoice.allocated > 0
              ? `已收款 ${formatYuan(invoice.allocated)} 的部分不能红冲，须先撤销核销。`
              : ''}
          </Typography.Text>
          <Button
            size="small"
            onClick={() =>
              choose(invoice.lines.filter((line) => correctableOf(line) > 0).map((line) => line.id))
            }
            data-testid="reverse-all"
          >
            全部行按可红冲金额
          </Button>
        </Flex>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          columns={columns}
          dataSource={invoice.lines}
          rowSelection={{
            selectedRowKeys: [...asked.keys()],
            onChange: (keys) => choose(keys.map(Number)),
            ...selectionLabels,
            getCheckboxProps: (line) => ({
              ...selectionLabels.getCheckboxProps(line),
              disabled: correctableOf(line) === 0,
            }),
          }}
          data-testid="reverse-lines"
        />
        {preview && (
          <Flex vertical gap={8} data-testid="reverse-preview">
            <Typography.Title level={5} style={{ margin: 0 }}>
              红字发票预览（{scope}）
            </Typography.Title>
            <Table
              size="small"
              rowKey={(group) => `${group.item}-${group.tax_rate}`}
              pagination={false}
              dataSource={preview.groups}
              columns={[
                {
                  title: '项目名称',
                  dataIndex: 'item',
                  render: (item: InvoiceLine['item']) => INVOICE_ITEM_LABELS[item],
                },
                {
                  title: '税率',
                  dataIndex: 'tax_rate',
                  width: 72,
                  render: (rate: number) => formatTaxRate(rate),
                },
                {
                  title: '金额',
                  dataIndex: 'amount',
                  align: 'right',
                  render: (fen: number) => <MoneyCell fen={-fen} />,
                },
                {
                  title: '税额',
                  dataIndex: 'tax',
                  align: 'right',
                  render: (fen: number) => <MoneyCell fen={-fen} />,
                },
                {
                  title: '价税合计',
                  dataIndex: 'total',
                  align: 'right',
                  render: (fen: number) => <MoneyCell fen={-fen} />,
                },
              ]}
            />
            <Flex justify="flex-end" gap={16} data-testid="reverse-preview-totals">
              <span>
                金额 <MoneyCell fen={-preview.amount} />
              </span>
              <span>
                税额 <MoneyCell fen={-preview.tax} />
              </span>
              <span>
                价税合计 <MoneyCell fen={-preview.total} />
              </span>
              <span>
                红冲后发票余额 <MoneyCell fen={whole - preview.total} />
              </span>
            </Flex>
          </Flex>
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            reverse.mutate(
              { lines: requests, reason: values.reason },
              {
                onSuccess: () => {
                  void message.success('红冲申请已提交，等待审批');
                  onClose();
                },
              },
            )
          }
        >
          <Form.Item
            name="reason"
            label="红冲原因"
            required
            rules={[schemaRule(invoiceReverseSchema.shape.reason)]}
          >
            <Input.TextArea
              maxLength={200}
              showCount
              rows={3}
              placeholder="如：开票金额有误、客户退回部分服务"
              data-testid="invoice-reverse-reason"
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}

/**
 * 登记红字发票: the red-letter invoice the tax platform issued for a passed correction, recorded as the blue
 * one is: its own 20-digit number, its date (not after today, not before the blue one) and the
 * 红字发票信息确认单 number.
 */
export function IssueCorrectionModal({
  invoice,
  correction,
  onClose,
}: {
  invoice: InvoiceDetail;
  correction: InvoiceCorrection;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ number: string; issued_on: Dayjs; confirmation_number: string }>();
  const issue = useIssueCorrection();
  const today = businessDate(new Date());
  return (
    <Modal
      open
      title={`登记红字发票 · ${REVERSAL_SCOPE_LABELS[correction.scope]} ${formatYuan(correction.total)}`}
      okText="登记"
      onCancel={onClose}
      confirmLoading={issue.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="correction-issue-modal"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ issued_on: dayjs(today) }}
        onFinish={(values) =>
          issue.mutate(
            {
              correctionId: correction.id,
              body: {
                number: values.number.replace(/\s+/g, ''),
                issued_on: values.issued_on.format(DATE_FORMATS.date),
                confirmation_number: values.confirmation_number.replace(/\s+/g, ''),
              },
            },
            {
              onSuccess: () => {
                void message.success('已登记红字发票');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="number"
          label="红字发票号码"
          required
          rules={[schemaRule(invoiceNumberSchema)]}
          extra={`原蓝字发票 ${invoice.number ?? ''}；红字发票有自己的 20 位号码`}
        >
          <Input
            maxLength={24}
            placeholder="20 位数字"
            inputMode="numeric"
            data-testid="correction-number-input"
          />
        </Form.Item>
        <Form.Item
          name="confirmation_number"
          label="红字发票信息确认单编号"
          required
          rules={[schemaRule(confirmationNumberSchema)]}
        >
          <Input
            maxLength={24}
            placeholder="20 位数字"
            inputMode="numeric"
            data-testid="correction-confirmation-input"
          />
        </Form.Item>
        <Form.Item name="issued_on" label="开票日期" rules={[{ required: true, message: '*请选择开票日期' }]}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(value) => {
              const day = value.format(DATE_FORMATS.date);
              return day > today || (invoice.issued_on !== null && day < invoice.issued_on);
            }}
            data-testid="correction-issued-on"
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
