import { SETTLEMENT_STATUS_LABELS, type SettlementStatus } from '@trackit/contract/settlement-enums';
import { Tag } from 'antd';

const STATUS_COLORS: Readonly<Record<SettlementStatus, string>> = {
  draft: 'default',
  submitted: 'processing',
  passed: 'blue',
  rejected: 'error',
  paid: 'success',
};

/** A settlement's status (草稿, 待审批, 已通过, 已驳回, 已付款). */
export function SettlementStatusTag({ status, testId }: { status: SettlementStatus; testId?: string }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId}>
      {SETTLEMENT_STATUS_LABELS[status]}
    </Tag>
  );
}
