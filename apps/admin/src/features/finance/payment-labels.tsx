import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@trackit/contract/enums';
import {
  AGING_BUCKET_LABELS,
  type AgingBucket,
  ORDER_PAYMENT_STATE_LABELS,
  type OrderPaymentState,
} from '@trackit/contract/finance-enums';
import { MESSAGES } from '@trackit/contract/messages';
import { Tag, Typography } from 'antd';

const STATE_COLORS: Readonly<Record<OrderPaymentState, string>> = {
  unpaid: 'default',
  partial: 'processing',
  paid: 'success',
};

/** An order's payment state as a tag: 未收款 (grey), 部分收款 (blue), 已收款 (green). */
export function PaymentStateTag({ state, testId }: { state: OrderPaymentState; testId?: string }) {
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {ORDER_PAYMENT_STATE_LABELS[state]}
    </Tag>
  );
}

/** A fee line's payment status as a tag, coloured as its order's: 未付款 (grey), 部分付款 (blue), 已付款 (green). */
export function PaymentStatusTag({ status, testId }: { status: PaymentStatus; testId?: string }) {
  return (
    <Tag color={STATE_COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {PAYMENT_STATUS_LABELS[status]}
    </Tag>
  );
}

/** An aging bucket with the days overdue in red (`31–60 天（逾期 45 天）`); `--` when nothing is owed. */
export function AgingText({
  bucket,
  daysOverdue,
  testId,
}: {
  bucket: AgingBucket | null;
  daysOverdue: number;
  testId?: string;
}) {
  if (!bucket) return <span data-testid={testId}>{MESSAGES.empty}</span>;
  return (
    <span data-testid={testId}>
      {AGING_BUCKET_LABELS[bucket]}
      {daysOverdue > 0 && <Typography.Text type="danger">（逾期 {daysOverdue} 天）</Typography.Text>}
    </span>
  );
}

/** A list's short form: `逾期 45 天` in red, else the bucket (未到期), `--` when nothing is owed. */
export function OverdueText({ bucket, daysOverdue }: { bucket: AgingBucket | null; daysOverdue: number }) {
  if (!bucket) return <span>{MESSAGES.empty}</span>;
  if (daysOverdue > 0) return <Typography.Text type="danger">逾期 {daysOverdue} 天</Typography.Text>;
  return <span>{AGING_BUCKET_LABELS[bucket]}</span>;
}
