import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { FEE_KIND_LABELS, FEE_KINDS } from '@trackit/contract/enums';
import {
  INCOME_CATEGORIES,
  INCOME_CATEGORY_LABELS,
  type IncomeCategory,
} from '@trackit/contract/settlement-enums';
import {
  FINANCE_SETTING_LABELS,
  type FinanceSettingsUpdate,
  SETTLEMENT_SHARE_MESSAGES,
} from '@trackit/contract/settlement-share.schema';
import { App, Button, Divider, Flex, Popover, Select, Switch, Typography } from 'antd';
import { useCan } from '../../layouts/use-permission-level';
import { financeSettingsQuery, useUpdateFinanceSettings } from './settlement-share.queries';

const CATEGORY_OPTIONS = INCOME_CATEGORIES.map((category) => ({
  value: category,
  label: INCOME_CATEGORY_LABELS[category],
}));

/**
 * The team's settings, each saved as soon as it changes: 向模特显示客户费用, and the income item (所得项目)
 * each fee kind is taxed as in the settlements drafted from then on.
 */
function SettingsForm() {
  const { message } = App.useApp();
  const query = useQuery(financeSettingsQuery);
  const update = useUpdateFinanceSettings();
  const save = (body: FinanceSettingsUpdate) =>
    update.mutate(body, { onSuccess: () => void message.success(SETTLEMENT_SHARE_MESSAGES.settingsSaved) });
  const busy = query.isPending || update.isPending;
  return (
    <Flex vertical gap={6} style={{ width: 300 }} data-testid="finance-settings">
      <Flex justify="space-between" align="center" gap={12}>
        <span>{FINANCE_SETTING_LABELS.show_client_fees_to_models}</span>
        <Switch
          checked={query.data?.show_client_fees_to_models ?? false}
          loading={busy}
          disabled={query.isError}
          onChange={(checked) => save({ show_client_fees_to_models: checked })}
          data-testid="finance-settings-show-client-fees"
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        开启后，分享给模特的结算单还显示每条费用的客户费用（含税）；关闭时只显示模特的收入、个税、扣款与实付。
      </Typography.Text>
      <Divider style={{ margin: '8px 0' }} />
      <Typography.Text strong>{FINANCE_SETTING_LABELS.income_categories}</Typography.Text>
      {FEE_KINDS.map((kind) => (
        <Flex key={kind} justify="space-between" align="center" gap={12}>
          <span>{FEE_KIND_LABELS[kind]}</span>
          <Select<IncomeCategory>
            value={query.data?.income_categories[kind]}
            options={CATEGORY_OPTIONS}
            loading={busy}
            disabled={query.isError || busy}
            onChange={(category) => save({ income_categories: { [kind]: category } })}
            style={{ width: 130 }}
            aria-label={`${FEE_KIND_LABELS[kind]}的所得项目`}
            data-testid={`finance-settings-category-${kind}`}
          />
        </Flex>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        个人模特的个税按所得项目预扣：劳务报酬按 20%–40% 预扣率，特许权使用费按
        20%。修改只影响之后生成的结算单。
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
