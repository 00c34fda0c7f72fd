/** A dashboard answer for the tests: Tuesday 24 November 2026, its week from Sunday the 22nd. */
import type { Dashboard } from '@trackit/contract/dashboard.schema';

const WEEK_DATES = [
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
];
const WEEK_JOBS = [0, 2, 3, 1, 4, 2, 1];
const MONTH_DAYS = 30;
const FEN_PER_DAY_THIS_MONTH = 120_000;
const FEN_PER_DAY_LAST_MONTH = 100_000;
const TODAY_OF_MONTH = 24;

export const dashboardFixture = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  today: '2026-11-24',
  week: { from: '2026-11-22', to: '2026-11-28' },
  jobs_today: 3,
  jobs_this_week: 7,
  jobs_by_day: WEEK_DATES.map((date, index) => ({ date, jobs: WEEK_JOBS[index] ?? 0 })),
  models_booked_this_week: 12,
  models_free_this_week: 30,
  options_expiring_48h: 4,
  approvals_waiting: 2,
  packages_opened_7d: 5,
  package_views_7d: 41,
  package_picks_7d: 9,
  this_month: { from: '2026-11-01', to: '2026-11-30', orders: 18, value: 2_880_000 },
  last_month: { from: '2026-10-01', to: '2026-10-31', orders: 12, value: 3_200_000 },
  value_by_day: Array.from({ length: MONTH_DAYS + 1 }, (_, index) => {
    const day = index + 1;
    return {
      day,
      this_month: day <= TODAY_OF_MONTH ? day * FEN_PER_DAY_THIS_MONTH : null,
      last_month: day * FEN_PER_DAY_LAST_MONTH,
    };
  }),
  value_scope: 'team',
  licences_expiring_30d: 6,
  ...overrides,
});
