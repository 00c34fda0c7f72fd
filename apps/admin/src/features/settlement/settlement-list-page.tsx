import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { FinanceSettingsButton } from './finance-settings';
import { ReadyToSettleList } from './ready-to-settle';
import { SettlementList } from './settlement-list';

/**
 * 模特结算 (/admin/finance/settlements, docs/product.md "Model settlements"): the settlements, filtered in
 * the address, and 待结算 (`?tab=ready`): each model's releasable and waiting figures, where finance drafts
 * a settlement. A settlement opens its page (settlement-page.tsx).
 */
export function SettlementListPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'ready' ? 'ready' : 'list';
  // Each tab keeps only its own filters: the two lists read different fields.
  const showTab = (next: string) => setParams(next === 'ready' ? { tab: 'ready' } : {});
  return (
    <Card data-testid="settlement-list-page">
      <Tabs
        activeKey={tab}
        onChange={showTab}
        tabBarExtraContent={<FinanceSettingsButton />}
        items={[
          { key: 'list', label: '结算单', children: tab === 'list' && <SettlementList /> },
          { key: 'ready', label: '待结算', children: tab === 'ready' && <ReadyToSettleList /> },
        ]}
      />
    </Card>
  );
}
