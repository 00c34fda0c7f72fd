import { businessDate } from '@trackit/contract/business-time';
import { formatYuan } from '@trackit/contract/money';
import type { ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import { App, Button, Drawer, Form, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { allocationBody, allocationTargets, spreadAmount } from './receipt-allocation';
import { ReceiptFields, type ReceiptFieldValues, receiptCreateBody } from './receipt-fields';
import { useRecordReceipt } from './receipts.queries';

interface ReceiptForm extends ReceiptFieldValues {
  allocations: (number | null)[];
}

/** The amounts typed; one not (yet) an amount (NaN, empty) counts nothing. */
const sum = (values: readonly (number | null | undefined)[]) =>
  values.reduce<number>((total, value) => total + (Number.isFinite(value) ? (value as number) : 0), 0);

/**
 * 登记收款 from 财务详情: the receipt (date not after today, amount, payer prefilled with the invoice's buyer
 * or the client, 流水号, the receiving entity defaulting to the order's, notes), then its allocation to this
 * order: issued invoices first, else the lines no invoice covers, prefilled with what is outstanding and
 * never more than the receipt. `onDone` gets the receipt as allocated (its three-flows warnings).
 */
export function ReceiptDrawer({
  order,
  onClose,
  onDone,
}: {
  order: FinanceOrder;
  onClose: () => void;
  onDone: (receipt: ReceiptDetail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReceiptForm>();
  const record = useRecordReceipt();
  const targets = useMemo(() => allocationTargets(order), [order]);
  // A receipt recorded whose allocation was refused: a second try allocates it, never records it twice.
  const [recordedId, setRecordedId] = useState<number | undefined>();
  const today = businessDate(new Date());
  const amount = sum([Form.useWatch('amount', form)]);
  const allocating = sum(Form.useWatch('allocations', form) ?? []);
  const outstanding = sum(targets.map((target) => target.outstanding));
  const payer =
    order.invoices.find((invoice) => invoice.status === 'issued')?.buyer_name ?? order.company?.name ?? '';

  const submit = (values: ReceiptForm) => {
    const allocations = allocationBody(targets, values.allocations ?? []);
    const received = values.amount ?? 0;
    if (sum(allocations.map((allocation) => allocation.amount)) > received) {
      void message.error(`核销合计不能超过收款金额 ${formatYuan(received)}`);
      return;
    }
    record.mutate(
      {
        ...(recordedId === undefined ? { receipt: receiptCreateBody(values) } : { receiptId: recordedId }),
        allocations,
      },
      {
        onSuccess: ({ receipt, allocated }) => {
          if (!allocated) {
            setRecordedId(receipt.id);
            void message.warning('收款已登记，核销未成功，可调整金额后重试');
            return;
          }
          void message.success(allocations.length > 0 ? '已登记收款并核销' : '已登记收款');
          onDone(receipt);
        },
      },
    );
  };

  return (
    <Drawer
      open
      size={640}
      title={`登记收款 · ${order.number}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          loading={record.isPending}
          onClick={() => form.submit()}
          data-testid="receipt-submit"
        >
          {recordedId === undefined ? '登记并核销' : '重新核销'}
        </Button>
      }
    >
      <Form<ReceiptForm>
        form={form}
        layout="vertical"
        data-testid="receipt-form"
        disabled={record.isPending}
        initialValues={{
          received_on: dayjs(today),
          amount: outstanding > 0 ? outstanding : null,
          payer_name: payer,
          team_recipient_id: order.team_recipient?.id,
          company_id: order.company?.id ?? null,
          allocations: spreadAmount(outstanding, targets),
        }}
        onValuesChange={(changed: Partial<ReceiptForm>) => {
          if ('amount' in changed)
            form.setFieldValue('allocations', spreadAmount(changed.amount ?? 0, targets));
        }}
        onFinish={submit}
      >
        <ReceiptFields
          disabled={recordedId !== undefined}
          entity={order.team_recipient}
          company={order.company}
        />
        <Typography.Title level={5}>核销到本订单</Typography.Title>
        {targets.length === 0 ? (
          <Typography.Text type="secondary">本订单没有待收款项，收款将作为预收款保留</Typography.Text>
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={targets}
            data-testid="receipt-allocations"
            columns={[
              { title: '核销对象', dataIndex: 'label' },
              {
                title: '未收',
                dataIndex: 'outstanding',
                align: 'right',
                width: 130,
                render: (fen: number) => <MoneyCell fen={fen} />,
              },
              {
                title: '本次核销',
                key: 'amount',
                width: 180,
                render: (_: unknown, target, index) => (
                  <Form.Item
                    name={['allocations', index]}
                    style={{ margin: 0 }}
                    rules={[
                      {
                        validator: async (_rule, value: number | null | undefined) => {
                          if (value !== null && value !== undefined && !Number.isInteger(value))
                            throw new Error(`*请输入不超过 ${formatYuan(target.outstanding)} 的金额`);
                          if (value && value > target.outstanding)
                            throw new Error(`*不能超过未收 ${formatYuan(target.outstanding)}`);
                        },
                      },
                    ]}
                  >
                    <MoneyInput
                      style={{ width: '100%' }}
                      max={target.outstanding}
                      data-testid={`receipt-allocation-${target.key}`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="receipt-allocation-sum">
          本次核销 {formatYuan(allocating)}
          {amount > allocating && `，余 ${formatYuan(amount - allocating)} 作为预收款保留`}
          {amount > 0 && allocating > amount && (
            <Typography.Text type="danger">（超过收款金额）</Typography.Text>
          )}
        </Typography.Paragraph>
      </Form>
    </Drawer>
  );
}
