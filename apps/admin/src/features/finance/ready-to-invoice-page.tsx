import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { Card } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseRecordId } from '../../components/record-id';
import { ReadyGroups } from './ready-groups';

/**
 * 待开票 (/admin/finance/ready_to_invoice, docs/product.md "Invoices"): the billed fee lines still to
 * invoice, by client and payee entity, with 申请开票. The invoices themselves are the 发票 register's
 * (/admin/finance/invoices, invoice-list.tsx); a new request opens there, and an old address
 * (`?invoice=id`, `?tab=invoices`) is sent on to it.
 */
export function ReadyToInvoicePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invoiceId = parseRecordId(params.get('invoice') ?? undefined);
  const register = toAdminRoute(ADMIN_PATHS.invoices) ?? '/finance/invoices';
  const openInvoice = (id: number) => navigate(toAdminRoute(ADMIN_PATHS.invoice(id)) ?? register);
  useEffect(() => {
    if (invoiceId !== undefined)
      void navigate(toAdminRoute(ADMIN_PATHS.invoice(invoiceId)) ?? register, { replace: true });
    else if (params.get('tab') === 'invoices') void navigate(register, { replace: true });
  }, [invoiceId, params, navigate, register]);
  return (
    <Card data-testid="ready-to-invoice-page">
      <ReadyGroups onRequested={(id) => void openInvoice(id)} />
    </Card>
  );
}
