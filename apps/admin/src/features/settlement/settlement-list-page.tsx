import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { FinanceSettingsButton } from './finance-settings';
import { ReadyToSettleList } from './ready-to-settle';
import { SettlementList } from './settlement-list';
import { WithholdingTab } from './withholding-tab';

const TABS = ['list', 'ready', 'withholding'] as const;

/**
 * 模特结算 (/admin/finance/settlements, docs/product.md "Model settlements"): the settlements, filtered in
 * the address, and 待结算 (`?tab=ready`): each model's releasable and waiting figures, where finance drafts
 * a settlement, and 扣缴明细 (`?tab=withholding&month=YYYY-MM`, withholding-tab.tsx). A settlement opens
 * its page (settlement-page.tsx).
 */
export function SettlementListPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((key) => key === params.get('tab')) ?? 'list';
  // Each tab keeps only its own filters: the lists read different fields.
  const showTab = (next: string) => setParams(next === 'list' ? {} : { tab: next });
  return (
    <Card data-testid="settlement-list-page">
      <Tabs
        activeKey={tab}
        onChange={showTab}
        tabBarExtraContent={<FinanceSettingsButton />}
        items={[
          { key: 'list', label: '结算单', children: tab === 'list' && <SettlementList /> },
          { key: 'ready', label: '待结算', children: tab === 'ready' && <ReadyToSettleList /> },
          { key: 'withholding', label: '扣缴明细', children: tab === 'withholding' && <WithholdingTab /> },
        ]}
      />
    </Card>
  );
}
