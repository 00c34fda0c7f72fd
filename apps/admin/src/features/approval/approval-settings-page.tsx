import { Flex } from 'antd';
import { ApprovalSettingsCard } from './approval-settings-form';
import { WaitingApprovalsCard } from './waiting-approvals-card';

/**
 * 财务 → 审批设置 (/admin/finance/controls, `accounting` read): the team's approval settings (审批与复核:
 * commission changes, bank account review, deciding one's own request), and what waits for the member's
 * decision.
 */
export function ApprovalSettingsPage() {
  return (
    <Flex vertical gap={16}>
      <ApprovalSettingsCard />
      <WaitingApprovalsCard />
    </Flex>
  );
}
