import type { Contact } from '@trackit/contract/contact.schema';
import type { ContactRow } from './contact.repository';

export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    company_id: row.companyId,
    company:
      row.companyId !== null && row.companyName !== null
        ? { id: row.companyId, name: row.companyName }
        : null,
    position: row.position,
    mobile: row.mobile,
    wechat: row.wechat,
    email: row.email,
    notes: row.notes,
    is_invoice_contact: row.isInvoiceContact,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
