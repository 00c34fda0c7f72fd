import { ORDER_MESSAGES, orderCancelSchema } from '@trackit/contract/order.schema';
import { textSchema } from '@trackit/contract/patterns';
import { Form, Input, Modal } from 'antd';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';

/** What a refusal's comment must be: some text, at most 200 characters (the approval schema's rule). */
const rejectCommentSchema = textSchema({
  min: 1,
  max: 200,
  multiline: true,
  message: ORDER_MESSAGES.rejectNeedsComment,
});

export type ReasonKind = 'reject' | 'cancel';

const TEXTS: Readonly<
  Record<ReasonKind, { title: string; label: string; placeholder: string; ok: string; multiline: boolean }>
> = {
  reject: {
    title: '拒绝订单',
    label: '拒绝原因',
    placeholder: '告诉负责人需要修改什么，订单将退回草稿',
    ok: '拒绝',
    multiline: true,
  },
  cancel: {
    title: '取消订单',
    label: '取消原因',
    placeholder: '如：客户取消拍摄',
    ok: '取消订单',
    multiline: false,
  },
};

const RULES = {
  reject: schemaRule(rejectCommentSchema),
  cancel: schemaRule(orderCancelSchema.shape.reason),
} as const;

export interface OrderReasonModalProps {
  kind: ReasonKind;
  /** The order's number, named in the title. */
  number: string;
  busy: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/**
 * Asks why: the comment of a refusal (拒绝, the order goes back to draft) or the reason of a cancellation,
 * checked with the server's rule. Mounted while open.
 */
export function OrderReasonModal({ kind, number, busy, onSubmit, onClose }: OrderReasonModalProps) {
  const [form] = Form.useForm<{ text: string }>();
  const texts = TEXTS[kind];
  return (
    <Modal
      open
      title={`${texts.title} · ${number}`}
      okText={texts.ok}
      cancelText="返回"
      okButtonProps={{ danger: true, loading: busy, 'data-testid': `order-${kind}-ok` }}
      onOk={form.submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<{ text: string }>
        form={form}
        layout="vertical"
        initialValues={{ text: '' }}
        onFinish={({ text }) => onSubmit(text.trim())}
      >
        <Form.Item name="text" label={texts.label} required rules={[RULES[kind]]}>
          {texts.multiline ? (
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 6 }}
              count={textCount(200)}
              placeholder={texts.placeholder}
              data-testid={`order-${kind}-text`}
            />
          ) : (
            <Input
              count={textCount(200)}
              placeholder={texts.placeholder}
              data-testid={`order-${kind}-text`}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
