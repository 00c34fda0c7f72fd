import { EditOutlined, FileTextOutlined } from '@ant-design/icons';
import type { Order } from '@trackit/contract/order.schema';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useBillOrder,
  useCancelOrder,
  useConfirmOrder,
  useDecideOrder,
  useSubmitOrder,
} from './order.queries';
import { orderEditorPath, orderExportPath } from './order-labels';
import { OrderReasonModal, REASON_DONE, type ReasonKind } from './order-reason-modal';

/**
 * What the member may do with an order now, as the server says in `order.can` (it checks again on each
 * call; a refusal, a 409 with its reason, is toasted by the API client): 编辑 a draft, 提交审批, 同意 (with
 * an optional comment) / 拒绝 (with one), 确认订单, 出账 (BILLING_WORDS), 取消订单 with a reason; and 导出确认单 for everyone
 * who sees it, unless it is cancelled.
 */
export function OrderActions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [asking, setAsking] = useState<ReasonKind | null>(null);
  const submit = useSubmitOrder();
  const decide = useDecideOrder();
  const confirm = useConfirmOrder();
  const bill = useBillOrder();
  const cancel = useCancelOrder();
  const { can } = order;
  const busy =
    submit.isPending || decide.isPending || confirm.isPending || bill.isPending || cancel.isPending;

  const done = (text: string) => () => void message.success(text);

  return (
    <Space wrap data-testid="order-actions">
      {can.edit && order.status === 'draft' && (
        <Button
          icon={<EditOutlined />}
          onClick={() => navigate(orderEditorPath(order.id))}
          data-testid="order-action-edit"
        >
          编辑
        </Button>
      )}
      {can.submit && (
        <Button
          type="primary"
          loading={submit.isPending}
          disabled={busy && !submit.isPending}
          onClick={() => submit.mutate(order.id, { onSuccess: done('已提交审批') })}
          data-testid="order-action-submit"
        >
          提交审批
        </Button>
      )}
      {can.approve && (
        <>
          <Button
            type="primary"
            loading={decide.isPending && decide.variables?.result === 'passed'}
            disabled={busy}
            onClick={() => setAsking('approve')}
            data-testid="order-action-approve"
          >
            同意
          </Button>
          <Button
            danger
            disabled={busy}
            onClick={() => setAsking('reject')}
            data-testid="order-action-reject"
          >
            拒绝
          </Button>
        </>
      )}
      {can.confirm && (
        <Popconfirm
          title="确认该订单？"
          description="确认后模特的档期将被锁定"
          onConfirm={() => confirm.mutate(order.id, { onSuccess: done('订单已确认，档期已锁定') })}
        >
          <Button
            type="primary"
            loading={confirm.isPending}
            disabled={busy}
            data-testid="order-action-confirm"
          >
            确认订单
          </Button>
        </Popconfirm>
      )}
      {can.bill && (
        <Popconfirm
          title={`将订单 ${order.number} ${BILLING_WORDS.step}？`}
          description={BILLING_WORDS.handOver}
          okText={BILLING_WORDS.step}
          onConfirm={() => bill.mutate(order.id, { onSuccess: done(BILLING_WORDS.done) })}
        >
          <Button type="primary" loading={bill.isPending} disabled={busy} data-testid="order-action-bill">
            {BILLING_WORDS.step}
          </Button>
        </Popconfirm>
      )}
      {can.export && (
        <Button
          icon={<FileTextOutlined />}
          onClick={() => navigate(orderExportPath(order.id))}
          data-testid="order-action-export"
        >
          导出确认单
        </Button>
      )}
      {can.cancel && (
        <Button danger disabled={busy} onClick={() => setAsking('cancel')} data-testid="order-action-cancel">
          取消订单
        </Button>
      )}
      {asking && (
        <OrderReasonModal
          kind={asking}
          number={order.number}
          busy={decide.isPending || cancel.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(text) => {
            const close = () => {
              setAsking(null);
              void message.success(REASON_DONE[asking]);
            };
            if (asking === 'cancel') {
              cancel.mutate({ id: order.id, reason: text }, { onSuccess: close });
            } else {
              const result = asking === 'approve' ? 'passed' : 'rejected';
              decide.mutate({ id: order.id, result, comment: text }, { onSuccess: close });
            }
          }}
        />
      )}
    </Space>
  );
}
