import { APPROVAL_MESSAGES, type ApprovalDecision } from '@trackit/contract/approval.schema';
import { bankName } from '@trackit/contract/banks';
import { businessDateTime } from '@trackit/contract/business-time';
import { MESSAGES } from '@trackit/contract/messages';
import { textSchema } from '@trackit/contract/patterns';
import type { MaskedBankAccount, PendingBankChange } from '@trackit/contract/pending-change.schema';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import styles from './pending-change-card.module.css';
import { schemaRule } from './schema-rule';

/** One field of a waiting change: what it is, what it was, what it would be. */
export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

/** The fields of a bank account that a change alters, the numbers masked as the server answers them. */
export function bankAccountChanges(before: MaskedBankAccount, after: MaskedBankAccount): ChangedField[] {
  const text = (value: string | null | undefined) => value || MESSAGES.empty;
  const bank = (account: MaskedBankAccount) =>
    account.bank ? bankName(account.bank, account.bank_name) : MESSAGES.empty;
  const fields: ChangedField[] = [
    { field: '开户名', before: text(before.account_name), after: text(after.account_name) },
    { field: '开户银行', before: bank(before), after: bank(after) },
    { field: '开户支行', before: text(before.branch), after: text(after.branch) },
    { field: '银行账号', before: text(before.account_number), after: text(after.account_number) },
  ];
  return fields.filter((change) => change.before !== change.after);
}

/** The comment of a decision: optional to pass, required to refuse, at most 200 characters. */
const commentRules = {
  passed: schemaRule(textSchema({ max: 200, multiline: true })),
  rejected: schemaRule(
    textSchema({ min: 1, max: 200, multiline: true, message: APPROVAL_MESSAGES.rejectNeedsComment }),
  ),
} as const;

function DecisionModal({
  title,
  result,
  busy,
  onSubmit,
  onClose,
  testId,
}: {
  title: string;
  result: ApprovalDecision['result'];
  busy: boolean;
  onSubmit: (decision: ApprovalDecision) => void;
  onClose: () => void;
  testId: string;
}) {
  const [form] = Form.useForm<{ comment?: string }>();
  const passing = result === 'passed';
  return (
    <Modal
      open
      title={`${passing ? '同意' : '拒绝'} · ${title}`}
      okText={passing ? '同意' : '拒绝'}
      okButtonProps={passing ? { 'aria-label': '同意' } : { danger: true, 'aria-label': '拒绝' }}
      onCancel={onClose}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid={`${testId}-decide-modal`}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onSubmit({ result, comment: values.comment?.trim() ?? '' })}
      >
        <Form.Item
          name="comment"
          label={passing ? '审批意见（选填）' : '拒绝原因'}
          required={!passing}
          rules={[commentRules[result]]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} data-testid={`${testId}-comment`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface PendingChangeCardProps {
  /** What waits, e.g. 佣金条款修改待审批. */
  title: string;
  change: Pick<PendingBankChange, 'requested_by' | 'requested_at' | 'can' | 'decide_refusal'>;
  changes: readonly ChangedField[];
  /** What it means while it waits, e.g. 审批前仍按原条款结算. */
  note: string;
  busy: boolean;
  onDecide: (decision: ApprovalDecision, done: () => void) => void;
  onWithdraw: () => void;
  testId: string;
}

/**
 * A change waiting for a second member (docs/product.md "Changes that wait for approval"), on its
 * record's page: what it changes (an account number masked, as the server answers it), who asked and
 * when, and the steps the caller may take — 同意 / 拒绝 (with a reason) for its approvers, 撤回 for its
 * requester — or why they may not decide it (their own request).
 */
export function PendingChangeCard({
  title,
  change,
  changes,
  note,
  busy,
  onDecide,
  onWithdraw,
  testId,
}: PendingChangeCardProps) {
  const [deciding, setDeciding] = useState<ApprovalDecision['result'] | null>(null);
  const asked = `${change.requested_by?.nickname ?? MESSAGES.empty} 于 ${businessDateTime(change.requested_at)} 提交`;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={testId}
      title={title}
      description={
        <Flex vertical gap={8}>
          <dl className={styles.changes}>
            {changes.map((row) => (
              <div key={row.field} className={styles.change} data-testid={`${testId}-field`}>
                <dt>{row.field}</dt>
                <dd className={styles.before}>{row.before}</dd>
                <dd aria-hidden>→</dd>
                <dd className={styles.after}>{row.after}</dd>
              </div>
            ))}
          </dl>
          <Typography.Text type="secondary">
            {asked}。{note}
          </Typography.Text>
          {change.decide_refusal && (
            <Typography.Text type="secondary" data-testid={`${testId}-refusal`}>
              {change.decide_refusal}
            </Typography.Text>
          )}
          {(change.can.decide || change.can.withdraw) && (
            <Flex gap={8} wrap>
              {change.can.decide && (
                <>
                  <Button type="primary" onClick={() => setDeciding('passed')} data-testid={`${testId}-pass`}>
                    同意
                  </Button>
                  <Button danger onClick={() => setDeciding('rejected')} data-testid={`${testId}-reject`}>
                    拒绝
                  </Button>
                </>
              )}
              {change.can.withdraw && (
                <Popconfirm
                  title="撤回这次修改？"
                  description="撤回后记录保持原样，可重新修改。"
                  okText="撤回"
                  cancelText="取消"
                  onConfirm={onWithdraw}
                >
                  <Button loading={busy} data-testid={`${testId}-withdraw`}>
                    撤回
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          )}
          {deciding && (
            <DecisionModal
              title={title}
              result={deciding}
              busy={busy}
              onSubmit={(decision) => onDecide(decision, () => setDeciding(null))}
              onClose={() => setDeciding(null)}
              testId={testId}
            />
          )}
        </Flex>
      }
    />
  );
}
