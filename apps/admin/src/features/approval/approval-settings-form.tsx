import { useQuery } from '@tanstack/react-query';
import {
  APPROVAL_KINDS,
  APPROVAL_SETTING_LABELS,
  type ApprovalSettings,
  type ApprovalSettingsUpdate,
  COMMISSION_CHANGE_CONTROL_LABELS,
  COMMISSION_CHANGE_CONTROLS,
} from '@trackit/contract/approval.schema';
import { App, Card, Flex, Radio, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { QueryState } from '../../components/query-state';
import { approvalSettingsQuery, useUpdateApprovalSettings } from './approval.queries';

const CONTROL_OPTIONS = COMMISSION_CHANGE_CONTROLS.map((value) => ({
  value,
  label: COMMISSION_CHANGE_CONTROL_LABELS[value],
}));

/** The kinds whose requester the team may keep from deciding (红冲, 模特结算, 佣金变更). */
const TEAM_DECIDED = Object.values(APPROVAL_KINDS)
  .filter((kind) => kind.selfDecision === 'team')
  .map((kind) => kind.label)
  .join('、');

function Setting({ title, help, children }: { title: string; help: ReactNode; children: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        {children}
      </Flex>
      <Typography.Text type="secondary">{help}</Typography.Text>
    </Flex>
  );
}

function SettingsBody({ settings }: { settings: ApprovalSettings }) {
  const { message } = App.useApp();
  const update = useUpdateApprovalSettings();
  const editable = settings.can.edit;
  const save = (body: ApprovalSettingsUpdate) =>
    update.mutate(body, { onSuccess: () => void message.success('设置已保存') });
  return (
    <Flex vertical gap={24}>
      {!editable && (
        <Typography.Text type="secondary" data-testid="approval-settings-readonly">
          以下设置仅财务管理权限可以修改。
        </Typography.Text>
      )}
      <Setting
        title={APPROVAL_SETTING_LABELS.commission_change_control}
        help="没有财务管理权限的成员（如经纪人）修改模特的佣金比例、母公司或母公司分成时如何处理；财务管理者本人修改立即生效。佣金决定每一笔结算，修改前后都会记入操作日志。"
      >
        <Radio.Group
          options={CONTROL_OPTIONS}
          optionType="button"
          value={settings.commission_change_control}
          disabled={!editable || update.isPending}
          onChange={(event) => save({ commission_change_control: event.target.value })}
          data-testid="approval-settings-commission"
        />
      </Setting>
      <Setting
        title={APPROVAL_SETTING_LABELS.bank_change_review}
        help="开启后，收款主体和模特的银行账户修改须由另一位财务管理者确认后才生效（提交人本人不能确认）；确认前仍使用原账户。确认与通知中的账号只显示前四位和后四位。"
      >
        <Switch
          checked={settings.bank_change_review}
          disabled={!editable}
          loading={update.isPending}
          onChange={(checked) => save({ bank_change_review: checked })}
          data-testid="approval-settings-bank-review"
        />
      </Setting>
      <Setting
        title={APPROVAL_SETTING_LABELS.forbid_self_approval}
        help={`开启后，${TEAM_DECIDED}须由提交人以外的审批人处理，待我审批中不再列出本人提交的申请。订单仍可由负责人审批；银行账户修改始终须另一位成员确认。`}
      >
        <Switch
          checked={settings.forbid_self_approval}
          disabled={!editable}
          loading={update.isPending}
          onChange={(checked) => save({ forbid_self_approval: checked })}
          data-testid="approval-settings-self"
        />
      </Setting>
    </Flex>
  );
}

/**
 * 审批与复核: the team's approval settings, saved as soon as one is changed (accounting manage); every
 * other member of finance reads them.
 */
export function ApprovalSettingsCard() {
  const settings = useQuery(approvalSettingsQuery);
  return (
    <Card title="审批与复核" data-testid="approval-settings">
      <QueryState query={settings} loading={{ rows: 6 }}>
        {(data) => <SettingsBody settings={data} />}
      </QueryState>
    </Card>
  );
}
