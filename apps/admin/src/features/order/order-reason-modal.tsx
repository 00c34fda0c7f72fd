import { APPROVAL_MESSAGES, approvalDecisionSchema } from '@trackit/contract/approval.schema';
import { orderCancelSchema } from '@trackit/contract/order.schema';
import { textSchema } from '@trackit/contract/patterns';
import { Form, Input, Modal } from 'antd';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';

/** What a refusal's comment must be: some text, at most 200 characters (the approval schema's rule). */
const rejectCommentSchema = textSchema({
  min: 1,
  max: 200,
  multiline: true,
  message: APPROVAL_MESSAGES.rejectNeedsComment,
});

export type ReasonKind = 'approve' | 'reject' | 'cancel';

interface ReasonTexts {
  title: string;
  label: string;
  placeholder: string;
  ok: string;
  multiline: boolean;
  /** The text may be left empty (an approval's comment). */
  optional?: boolean;
}

const TEXTS: Readonly<Record<ReasonKind, ReasonTexts>> = {
  approve: {
    title: '同意订单',
    label: '审批意见（选填）',
    placeholder: '同意后可确认订单、锁定档期；可留言给负责人',
    ok: '同意',
    multiline: true,
    optional: true,
  },
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

/** What each step says once done (its toast). */
export const REASON_DONE: Readonly<Record<ReasonKind, string>> = {
  approve: '已同意',
  reject: '已拒绝，订单退回草稿',
  cancel: '订单已取消',
};

const RULES = {
  approve: schemaRule(approvalDecisionSchema.shape.comment),
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
 * Asks for the words of a decision: the optional comment of an approval (同意), the comment of a refusal
 * (拒绝, the order goes back to draft) or the reason of a cancellation, checked with the server's rule.
 * Mounted while open.
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
      okButtonProps={{ danger: kind !== 'approve', loading: busy, 'data-testid': `order-${kind}-ok` }}
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
        <Form.Item name="text" label={texts.label} required={!texts.optional} rules={[RULES[kind]]}>
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
