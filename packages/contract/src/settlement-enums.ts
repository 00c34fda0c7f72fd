/**
 * The enumerations of paying models (issue 24, docs/product.md §10 "Paying models: money rules"), as
 * enums.ts writes them: a `const` tuple of wire values in the product's order, the union type, a zod schema
 * and the Chinese labels (`Record<Value, string>`, so a value without its label does not compile). The
 * arithmetic is in ./settlement-math and ./income-tax.
 */
import { z } from 'zod';

/**
 * Where a settlement (结算单) stands: drafted by finance (草稿), submitted for approval (待审批), approved
 * (已通过) or refused (已驳回), and paid to the model (已付款).
 */
export const SETTLEMENT_STATUSES = ['draft', 'submitted', 'passed', 'rejected', 'paid'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const settlementStatusSchema = z.enum(SETTLEMENT_STATUSES);
export const SETTLEMENT_STATUS_LABELS: Readonly<Record<SettlementStatus, string>> = {
  draft: '草稿',
  submitted: '待审批',
  passed: '已通过',
  rejected: '已驳回',
  paid: '已付款',
};
