import { formatDate } from '@trackit/client/format';
import type { ApprovalStep } from '@trackit/contract/approval.schema';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { APPROVAL_STATUS_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { Empty, Flex, Timeline, Typography } from 'antd';

const APPROVAL_COLORS: Readonly<Record<ApprovalStep['status'], string>> = {
  init: 'blue',
  passed: 'green',
  rejected: 'red',
};

/**
 * A record's approval (an order's, a settlement's): each submission, then each decision with its
 * comment, oldest first as the API answers them.
 */
export function ApprovalTimeline({
  approvals,
  testId,
}: {
  approvals: readonly ApprovalStep[];
  testId: string;
}) {
  if (approvals.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交审批" />;
  return (
    <Timeline
      data-testid={testId}
      items={approvals.map((step) => ({
        key: step.id,
        color: APPROVAL_COLORS[step.status],
        content: (
          <Flex vertical gap={2}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDate(step.at, DATE_FORMATS.dateTime)}
            </Typography.Text>
            <span>
              <Typography.Text strong>{step.member?.nickname ?? MESSAGES.empty}</Typography.Text>{' '}
              {step.status === 'init' ? '提交审批' : APPROVAL_STATUS_LABELS[step.status]}
            </span>
            {step.comment && <Typography.Text type="secondary">{step.comment}</Typography.Text>}
          </Flex>
        ),
      }))}
    />
  );
}
