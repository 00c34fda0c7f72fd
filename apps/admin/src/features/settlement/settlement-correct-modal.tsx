/**
 * 冲正 (docs/product.md "Model settlements"): a paid settlement is never edited; a correction draft takes
 * back the ticked lines (all by default, those a live correction already takes back left out) with the
 * reason, and the page then opens it.
 */
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { FEE_KIND_LABELS } from '@trackit/contract/enums';
import {
  type SettlementDetail,
  type SettlementLine,
  settlementCorrectSchema,
} from '@trackit/contract/settlement.schema';
import { App, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { schemaRule } from '../../components/schema-rule';
import { useCorrectSettlement } from './settlement.queries';

const settlementRoute = (id: number) => toAdminRoute(ADMIN_PATHS.settlement(id)) ?? '/';

/**
 * What the correction asks for: no line named when it takes back every line (none corrected yet), else
 * the ticked ones.
 */
export const correctionLines = (
  lines: readonly SettlementLine[],
  chosen: readonly number[],
): number[] | undefined => {
  const open = lines.filter((line) => !line.corrected).map((line) => line.fee_line_id);
  const all = open.length === lines.length && open.every((id) => chosen.includes(id));
  return all ? undefined : open.filter((id) => chosen.includes(id));
};

export function CorrectModal({ settlement, onClose }: { settlement: SettlementDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ reason: string }>();
  const correct = useCorrectSettlement(settlement.id);
  const [chosen, setChosen] = useState<number[]>(() =>
    settlement.lines.filter((line) => !line.corrected).map((line) => line.fee_line_id),
  );
  const taken = settlement.lines.filter((line) => chosen.includes(line.fee_line_id));
  const net = taken.reduce((sum, line) => sum + line.income, 0);
  return (
    <Modal
      open
      width={720}
      title={`冲正 · ${settlement.number}`}
      okText="生成冲正结算单"
      okButtonProps={{ disabled: chosen.length === 0 }}
      onCancel={onClose}
      confirmLoading={correct.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="settlement-correct-modal"
    >
      <Typography.Paragraph type="secondary">
        已付款的结算单不会修改：冲正生成一张金额为负的结算单，审批并付款后抵回。请勾选要冲正的费用。
      </Typography.Paragraph>
      <Table<SettlementLine>
        rowKey={(line) => line.fee_line_id}
        dataSource={settlement.lines}
        pagination={false}
        size="small"
        tableLayout="fixed"
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys.map(Number)),
          getCheckboxProps: (line) => ({
            disabled: line.corrected,
            'data-testid': `correct-pick-${line.fee_line_id}`,
          }),
        }}
        columns={[
          {
            title: '订单',
            key: 'order',
            render: (_, line) => (
              <>
                {line.order.number}
                {line.corrected && (
                  <Tag style={{ marginInlineStart: 4 }} data-testid={`correct-done-${line.fee_line_id}`}>
                    已冲正
                  </Tag>
                )}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} ellipsis>
                  {line.order.title}
                </Typography.Text>
              </>
            ),
          },
          { title: '费用', key: 'kind', width: 110, render: (_, line) => FEE_KIND_LABELS[line.kind] },
          {
            title: '结算金额',
            key: 'gross',
            align: 'right',
            width: 120,
            render: (_, line) => <MoneyCell fen={line.gross} />,
          },
          {
            title: '模特收入',
            key: 'income',
            align: 'right',
            width: 120,
            render: (_, line) => <MoneyCell fen={line.income} />,
          },
        ]}
        data-testid="settlement-correct-lines"
      />
      <Typography.Paragraph style={{ marginBlock: 12 }} data-testid="settlement-correct-summary">
        冲正 {chosen.length} 条费用，收回模特收入 <MoneyCell fen={net} />
        （个税按本月重新计算）
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const feeLineIds = correctionLines(settlement.lines, chosen);
          correct.mutate(feeLineIds ? { ...values, fee_line_ids: feeLineIds } : values, {
            onSuccess: (correction) => {
              void message.success(`已生成冲正结算单 ${correction.number}`);
              onClose();
              void navigate(settlementRoute(correction.id));
            },
          });
        }}
      >
        <Form.Item name="reason" label="冲正原因" rules={[schemaRule(settlementCorrectSchema.shape.reason)]}>
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="settlement-correct-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
