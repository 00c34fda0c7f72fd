import type { Company } from '@trackit/contract/company.schema';
import type { CompanyRow } from './company.repository';

export function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    short_name: row.shortName,
    credit_code: row.creditCode,
    industry: row.industry,
    tier: row.tier,
    invoice_title: row.invoiceTitle,
    invoice_address: row.invoiceAddress,
    bank_name: row.bankName,
    bank_account: row.bankAccount,
    payment_terms_days: row.paymentTermsDays,
    owner_member_id: row.ownerMembershipId,
    owner:
      row.ownerMembershipId !== null && row.ownerNickname !== null
        ? { id: row.ownerMembershipId, nickname: row.ownerNickname }
        : null,
    notes: row.notes,
    status: row.status,
    contact_count: row.contactCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
