import {
  INCOME_CATEGORY_LABELS,
  type IncomeCategory,
  SETTLEMENT_STATUS_LABELS,
  type SettlementStatus,
} from '@trackit/contract/settlement-enums';
import { TAX_RESIDENCY_LABELS, type TaxResidency } from '@trackit/contract/tax-identity';
import { Tag } from 'antd';

const STATUS_COLORS: Readonly<Record<SettlementStatus, string>> = {
  draft: 'default',
  submitted: 'processing',
  passed: 'blue',
  rejected: 'error',
  paid: 'success',
};

/** A settlement's status (草稿, 待审批, 已通过, 已驳回, 已付款). */
export function SettlementStatusTag({ status, testId }: { status: SettlementStatus; testId?: string }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId}>
      {SETTLEMENT_STATUS_LABELS[status]}
    </Tag>
  );
}

const CATEGORY_COLORS: Readonly<Record<IncomeCategory, string>> = { labour: 'geekblue', royalty: 'purple' };

/** The income item a fee is taxed as (劳务报酬, 特许权使用费). */
export function IncomeCategoryTag({ category, testId }: { category: IncomeCategory; testId?: string }) {
  return (
    <Tag color={CATEGORY_COLORS[category]} data-testid={testId}>
      {INCOME_CATEGORY_LABELS[category]}
    </Tag>
  );
}

/**
 * An individual's residency as a settlement shows it: the label, or that it is not known and the estimate
 * reckons a resident (a payment needs it).
 */
export const residencyText = (residency: TaxResidency | null): string =>
  residency ? TAX_RESIDENCY_LABELS[residency] : '未填写（按居民个人预估）';
