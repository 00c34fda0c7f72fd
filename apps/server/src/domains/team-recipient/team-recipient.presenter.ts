import { TAX_RATES, type TaxRate } from '@trackit/contract/constants';
import type { TeamRecipient, TeamRecipientAbilities } from '@trackit/contract/team-recipient.schema';
import type { TeamRecipientRow } from './team-recipient.repository';

/** The stored rate, one of TAX_RATES (the table's CHECK constraint holds it to them). */
const asTaxRate = (rate: number): TaxRate => {
  const known = TAX_RATES.find((candidate) => candidate === rate);
  if (known === undefined) throw new Error(`unknown tax rate ${rate}`);
  return known;
};

export function presentTeamRecipient(row: TeamRecipientRow, can: TeamRecipientAbilities): TeamRecipient {
  return {
    id: row.id,
    name: row.name,
    short_name: row.shortName,
    credit_code: row.creditCode,
    taxpayer_type: row.taxpayerType,
    address: row.address,
    phone: row.phone,
    bank: row.bank,
    branch: row.branch,
    account_number: row.accountNumber,
    default_tax_rate: row.defaultTaxRate === null ? null : asTaxRate(row.defaultTaxRate),
    is_default: row.isDefault,
    status: row.status,
    order_count: row.orderCount,
    can,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
