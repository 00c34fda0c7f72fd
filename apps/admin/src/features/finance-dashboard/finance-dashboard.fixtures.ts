/** A 看板 answer for the tests: Tuesday 24 November 2026, its finance week from Monday the 23rd. */
import { addDays, addMonths, monthEnd } from '@trackit/contract/business-time';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import type { ReadyTotals } from '@trackit/contract/settlement-summary.schema';

const MONDAY = '2026-11-23';
const WEEK_OWED = [3_180_000, 0, 1_272_000, 848_000, 0, 530_000, 0, 212_000];
const WEEK_ORDERS = [3, 0, 1, 1, 0, 1, 0, 1];
const MONTH_ISSUED = [
  0, 0, 1_200_000, 2_400_000, 1_800_000, 0, 3_600_000, 2_900_000, 4_100_000, 3_300_000, 5_000_000, 2_750_000,
];

export const financeDashboardFixture = (overrides: Partial<FinanceDashboard> = {}): FinanceDashboard => ({
  today: '2026-11-24',
  receivable: { count: 14, outstanding: 12_402_000 },
  buckets: [
    { bucket: 'not_due', count: 7, outstanding: 6_042_000 },
    { bucket: 'd1_30', count: 3, outstanding: 2_650_000 },
    { bucket: 'd31_60', count: 2, outstanding: 1_590_000 },
    { bucket: 'd61_90', count: 1, outstanding: 1_060_000 },
    { bucket: 'd90_plus', count: 1, outstanding: 1_060_000 },
  ],
  received_this_month: { from: '2026-11-01', to: '2026-11-30', count: 6, amount: 4_558_000 },
  received_last_month: { from: '2026-10-01', to: '2026-10-31', count: 9, amount: 6_148_000 },
  invoiced_unpaid: { count: 5, amount: 3_922_000 },
  expected: {
    overdue: { count: 7, outstanding: 6_360_000 },
    weeks: WEEK_OWED.map((outstanding, index) => {
      const from = addDays(MONDAY, index * 7);
      return { from, to: addDays(from, 6), count: WEEK_ORDERS[index] ?? 0, outstanding };
    }),
    later: { count: 0, outstanding: 0 },
  },
  invoiced_by_month: MONTH_ISSUED.map((issued, index) => {
    const from = addMonths('2025-12-01', index);
    const corrected = index === 10 ? 500_000 : 0;
    return { month: from.slice(0, 7), from, to: monthEnd(from), issued, corrected, net: issued - corrected };
  }),
  top_clients: [
    { company: { id: 31, name: '青禾服饰' }, count: 4, outstanding: 5_300_000 },
    { company: { id: 12, name: '木棉文化传媒' }, count: 3, outstanding: 3_180_000 },
    { company: { id: 7, name: '远山影业' }, count: 2, outstanding: 1_590_000 },
  ],
  credit: { count: 2, amount: 318_000 },
  withheld_this_month: { from: '2026-11-01', to: '2026-11-30', count: 4, amount: 213_600 },
  ...overrides,
});

/** 应付模特 (GET /v1/settlements/ready/totals). */
export const payableToModelsFixture = (): ReadyTotals => ({
  models: 3,
  payable: 1_226_450,
  waiting: 840_000,
});
