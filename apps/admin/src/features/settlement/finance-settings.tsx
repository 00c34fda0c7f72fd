import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { FINANCE_SETTING_LABELS } from '@trackit/contract/settlement-share.schema';
import { App, Button, Flex, Popover, Switch, Typography } from 'antd';
import { useCan } from '../../layouts/use-permission-level';
import { financeSettingsQuery, useUpdateFinanceSettings } from './settlement-share.queries';

/** The switch of 向模特显示客户费用, saved as soon as it is flipped. */
function SettingsForm() {
  const { message } = App.useApp();
  const query = useQuery(financeSettingsQuery);
  const update = useUpdateFinanceSettings();
  return (
    <Flex vertical gap={6} style={{ width: 280 }} data-testid="finance-settings">
      <Flex justify="space-between" align="center" gap={12}>
        <span>{FINANCE_SETTING_LABELS.show_client_fees_to_models}</span>
        <Switch
          checked={query.data?.show_client_fees_to_models ?? false}
          loading={query.isPending || update.isPending}
          disabled={query.isError}
          onChange={(checked) =>
            update.mutate(
              { show_client_fees_to_models: checked },
              { onSuccess: () => void message.success('设置已保存') },
            )
          }
          data-testid="finance-settings-show-client-fees"
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        开启后，分享给模特的结算单还显示每条费用的客户费用（含税）；关闭时只显示模特的收入、个税、扣款与实付。
      </Typography.Text>
    </Flex>
  );
}

/** 设置 on the 模特结算 page's header: the team's finance settings, for `accounting` manage only. */
export function FinanceSettingsButton() {
  const manageable = useCan('accounting', 'manage');
  if (!manageable) return null;
  return (
    <Popover trigger="click" placement="bottomRight" title="结算设置" content={<SettingsForm />}>
      <Button icon={<SettingOutlined />} data-testid="finance-settings-open">
        设置
      </Button>
    </Popover>
  );
}
