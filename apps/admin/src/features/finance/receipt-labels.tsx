import { RECEIPT_STATE_LABELS, type ReceiptState, receiptState } from '@trackit/contract/receipt.schema';
import { Tag } from 'antd';

const STATE_COLORS: Readonly<Record<ReceiptState, string>> = {
  voided: 'default',
  open: 'warning',
  allocated: 'success',
};

/** A receipt's state as a tag: 已作废 (grey), 有余额 (orange: the client's credit), 已核销完 (green). */
export function ReceiptStateTag({
  receipt,
  testId,
}: {
  receipt: { voided_at: string | null; unallocated: number };
  testId?: string;
}) {
  const state = receiptState(receipt);
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {RECEIPT_STATE_LABELS[state]}
    </Tag>
  );
}
