import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { parseRecordId } from '../../components/record-id';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceList } from './invoice-list';
import { ReadyGroups } from './ready-groups';

const TABS = { ready: '待申请', invoices: '发票' } as const;
type Tab = keyof typeof TABS;

/**
 * 待开票 (/admin/finance/ready_to_invoice, docs/product.md "Invoices"): the billed fee lines still to
 * invoice, by client and payee entity, with 申请开票; and every invoice (`?tab=invoices`), where finance
 * records the number and asks for red-letter corrections. `?invoice=id` opens one in a drawer, whichever
 * tab is shown (the address notifications and 待我审批 link to).
 */
export function ReadyToInvoicePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'invoices' ? 'invoices' : 'ready';
  const invoiceId = parseRecordId(params.get('invoice') ?? undefined);

  const openInvoice = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('invoice', String(id));
      return next;
    });
  const closeInvoice = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('invoice');
      return next;
    });
  // Each tab pages on its own: a new tab starts at its first page, its filters kept.
  const showTab = (next: string) =>
    setParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (next === 'invoices') params.set('tab', 'invoices');
      else params.delete('tab');
      return params;
    });

  return (
    <Card data-testid="ready-to-invoice-page">
      <Tabs
        activeKey={tab}
        onChange={showTab}
        items={[
          {
            key: 'ready',
            label: TABS.ready,
            children: tab === 'ready' && <ReadyGroups onRequested={openInvoice} />,
          },
          {
            key: 'invoices',
            label: TABS.invoices,
            children: tab === 'invoices' && <InvoiceList onOpen={openInvoice} />,
          },
        ]}
      />
      {invoiceId !== undefined && <InvoiceDrawer id={invoiceId} onClose={closeInvoice} />}
    </Card>
  );
}
