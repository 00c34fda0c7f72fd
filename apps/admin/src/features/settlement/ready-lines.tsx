/**
 * 待结算's lines of one model (docs/product.md "Model settlements"): each fee line with what the client
 * paid, what is releasable now and what waits, the income item it is taxed as and the commission rate
 * it is shared by. Lines are ticked
 * to settle only them; `accounting` manage sets a line's rate by hand (调整佣金) until a settlement takes it.
 */
import { FEE_KIND_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { formatRate } from '@trackit/contract/rates';
import {
  commissionOverrideSchema,
  type ReadyToSettle,
  type ReadyToSettleLine,
} from '@trackit/contract/settlement.schema';
import { App, Button, Form, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { RateInput, rateRule } from '../../components/money/rate-input';
import { schemaRule } from '../../components/schema-rule';
import { useRemoveCommissionOverride, useSetCommissionOverride } from './settlement.queries';
import { IncomeCategoryTag } from './settlement-labels';

const secondLine = { display: 'block', fontSize: 12 } as const;

/** A line can be ticked when something of it is releasable now or still waits for the client. */
export const pickable = (line: ReadyToSettleLine): boolean =>
  line.releasable.gross !== 0 || line.waiting_gross !== 0;

interface OverrideValues {
  /** Basis points, typed in percent (RateInput). */
  rate: number | null;
  reason: string;
}

/** 调整佣金: the line's rate in % (read to the basis point) and why; 取消调整 when it has one. */
function OverrideModal({ line, onClose }: { line: ReadyToSettleLine; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OverrideValues>();
  const set = useSetCommissionOverride();
  const remove = useRemoveCommissionOverride();
  const current = line.commission_override;
  return (
    <Modal
      open
      title={`调整佣金比例 · ${line.order_number}`}
      okText="保存"
      onCancel={onClose}
      confirmLoading={set.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {current && (
            <Button
              danger
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(line.fee_line_id, {
                  onSuccess: () => {
                    void message.success('已取消调整，按模特的佣金比例结算');
                    onClose();
                  },
                })
              }
              data-testid="override-remove"
            >
              取消调整
            </Button>
          )}
          <CancelBtn />
          <OkBtn />
        </>
      )}
      data-testid="override-modal"
    >
      <Typography.Paragraph type="secondary">
        该费用按此比例结算，优先于模特的佣金比例；一经结算不能再调整。当前 {formatRate(line.commission_rate)}
        {current ? '（已调整）' : ''}。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ rate: line.commission_rate, reason: current?.reason ?? '' }}
        onFinish={(values) =>
          set.mutate(
            {
              feeLineId: line.fee_line_id,
              body: { commission_rate: values.rate ?? 0, reason: values.reason },
            },
            {
              onSuccess: () => {
                void message.success('已调整佣金比例');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="rate"
          label="佣金比例"
          rules={[{ required: true, message: '*请输入佣金比例' }, rateRule]}
        >
          <RateInput data-testid="override-percent" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          required
          rules={[schemaRule(commissionOverrideSchema.shape.reason)]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="override-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const columns = (
  manage: boolean,
  onOverride: (line: ReadyToSettleLine) => void,
): ColumnsType<ReadyToSettleLine> => [
  {
    title: '订单',
    key: 'order',
    render: (_, line) => (
      <>
        {line.order_number}
        <Typography.Text type="secondary" style={secondLine} ellipsis>
          {line.date ?? MESSAGES.empty} · {line.order_title}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '费用',
    key: 'kind',
    width: 150,
    render: (_, line) => (
      <>
        {FEE_KIND_LABELS[line.kind]}{' '}
        <IncomeCategoryTag
          category={line.income_category}
          testId={`ready-line-category-${line.fee_line_id}`}
        />
        <Typography.Text type="secondary" style={secondLine}>
          <MoneyCell fen={line.line_gross} />
        </Typography.Text>
      </>
    ),
  },
  {
    title: '客户已付 / 含税',
    key: 'paid',
    align: 'right',
    width: 130,
    render: (_, line) => (
      <>
        <MoneyCell fen={line.paid} />
        <Typography.Text type="secondary" style={secondLine}>
          <MoneyCell fen={line.total} />
        </Typography.Text>
      </>
    ),
  },
  {
    title: '可结算 / 待回款',
    key: 'releasable',
    align: 'right',
    width: 130,
    render: (_, line) => (
      <span data-testid={`ready-line-releasable-${line.fee_line_id}`}>
        <MoneyCell fen={line.releasable.gross} />
        <Typography.Text type="secondary" style={secondLine}>
          {line.advanced ? '已预付' : <MoneyCell fen={line.waiting_gross} />}
        </Typography.Text>
      </span>
    ),
  },
  {
    title: '佣金',
    key: 'rate',
    width: 120,
    render: (_, line) => (
      <span data-testid={`ready-line-rate-${line.fee_line_id}`}>
        {formatRate(line.commission_rate)}
        {line.commission_override && (
          <Tooltip title={`调整原因：${line.commission_override.reason}`}>
            <Tag color="orange" style={{ marginInlineStart: 4 }}>
              已调整
            </Tag>
          </Tooltip>
        )}
      </span>
    ),
  },
  ...(manage
    ? [
        {
          title: '操作',
          key: 'actions',
          width: 96,
          render: (_: unknown, line: ReadyToSettleLine) =>
            line.rate_locked ? (
              <Tooltip title="已有结算单，佣金比例不能再调整">
                <Typography.Text type="secondary">已结算</Typography.Text>
              </Tooltip>
            ) : (
              <Button
                size="small"
                type="link"
                onClick={() => onOverride(line)}
                data-testid={`override-open-${line.fee_line_id}`}
              >
                调整佣金
              </Button>
            ),
        },
      ]
    : []),
];

/** One model's open lines, ticked to settle only them (with `selectable`, accounting edit). */
export function ReadyLines({
  row,
  selectable,
  manage,
  chosen,
  onChoose,
}: {
  row: ReadyToSettle;
  selectable: boolean;
  manage: boolean;
  chosen: readonly number[];
  onChoose: (feeLineIds: number[]) => void;
}) {
  const [editing, setEditing] = useState<ReadyToSettleLine | null>(null);
  return (
    <>
      <Table<ReadyToSettleLine>
        rowKey={(line) => line.fee_line_id}
        columns={columns(manage, setEditing)}
        dataSource={row.lines}
        pagination={false}
        size="small"
        tableLayout="fixed"
        onRow={(line) => ({ 'data-testid': `ready-line-${line.fee_line_id}` }) as never}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: [...chosen],
                onChange: (keys) => onChoose(keys.map(Number)),
                getCheckboxProps: (line) => ({
                  disabled: !pickable(line),
                  'data-testid': `ready-line-pick-${line.fee_line_id}`,
                }),
              }
            : undefined
        }
        data-testid={`ready-lines-${row.model.id}`}
      />
      {editing && <OverrideModal line={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
