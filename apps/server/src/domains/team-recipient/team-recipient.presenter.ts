import { maskedAccountNumber } from '@trackit/contract/banks';
import { TAX_RATES, type TaxRate } from '@trackit/contract/constants';
import type { MaskedBankAccount, PendingBankChange } from '@trackit/contract/pending-change.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import type { StoredBankAccount } from './team-recipient.tables';
import type { PendingBankChangeView, SeenRecipient } from './team-recipient-view.service';

/** The stored rate, one of TAX_RATES (the table's CHECK constraint holds it to them). */
const asTaxRate = (rate: number): TaxRate => {
  const known = TAX_RATES.find((candidate) => candidate === rate);
  if (known === undefined) throw new Error(`unknown tax rate ${rate}`);
  return known;
};

/** An account as a waiting change shows it: the number masked, never whole. */
const maskedAccount = (account: StoredBankAccount): MaskedBankAccount => ({
  account_name: null,
  bank: account.bank,
  bank_name: account.bankName,
  branch: account.branch,
  account_number: maskedAccountNumber(account.accountNumber),
});

function presentPendingBankChange({
  row,
  decide,
  refusal,
  withdraw,
}: PendingBankChangeView): PendingBankChange {
  const { change, requestedByName } = row;
  const requester = change.requestedByMembershipId;
  return {
    id: change.id,
    requested_by:
      requester !== null && requestedByName !== null ? { id: requester, nickname: requestedByName } : null,
    requested_at: change.requestedAt.toISOString(),
    can: { decide, withdraw },
    decide_refusal: refusal,
    before: maskedAccount(change.before),
    after: maskedAccount(change.after),
  };
}

export function presentTeamRecipient({ row, can, pending }: SeenRecipient): TeamRecipient {
  return {
    id: row.id,
    name: row.name,
    short_name: row.shortName,
    credit_code: row.creditCode,
    taxpayer_type: row.taxpayerType,
    address: row.address,
    phone: row.phone,
    bank: row.bank,
    bank_name: row.bankName,
    branch: row.branch,
    account_number: row.accountNumber,
    pending_bank_change: pending ? presentPendingBankChange(pending) : null,
    default_tax_rate: row.defaultTaxRate === null ? null : asTaxRate(row.defaultTaxRate),
    is_default: row.isDefault,
    status: row.status,
    order_count: row.orderCount,
    can,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
