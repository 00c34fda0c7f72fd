/**
 * The overdue reminder (docs/product.md "费用"): when a billed order's money falls overdue (its due date,
 * the last working day plus the client's payment terms, has passed with something outstanding), the
 * daily job (jobs/daily-jobs.ts, once per team and day) tells the order's owner and every member holding
 * `accounting` manage, once per order. Orders up to OVERDUE_REMINDER_WITHIN_DAYS days overdue are
 * looked at, so a day the job did not run is caught up; older debts are 费用's to show, not news.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { businessDate } from '@trackit/contract/business-time';
import { formatYuan } from '@trackit/contract/money';
import { OVERDUE_REMINDER_WITHIN_DAYS, RECEIVABLE_NOTICES } from '@trackit/contract/receivable.schema';
import type { Database } from '../../db/client';
import { notifyMembers } from '../notify/notify.service';
import { listMemberIdsHolding } from '../organization/organization.service';
import { feeRowsPage } from './fee-list.repository';

export interface OverdueReminderDeps {
  db: Database;
}

/** An order's reminder is sent once, whatever happens to the job's run (a rerun after a failure). */
const ONCE_MS = 366 * 86_400_000;
const BATCH = 200;

/** One run for a team at `now`: the orders reminded of (newly or before) and how many notices went out. */
export async function remindOverdue(
  deps: OverdueReminderDeps,
  teamId: number,
  now: Date,
): Promise<{ orders: number; notified: number }> {
  const today = businessDate(now);
  const when = { asOf: today, today };
  const due: Awaited<ReturnType<typeof feeRowsPage>> = [];
  // 费用's own rows, fewest days overdue first: the first row past the window ends the reading.
  for (let offset = 0; ; offset += BATCH) {
    const rows = await feeRowsPage(deps.db, teamId, { aging_bucket: ['d1_30'], sort: 'days_overdue' }, when, {
      limit: BATCH,
      offset,
    });
    due.push(...rows.filter((row) => row.daysOverdue <= OVERDUE_REMINDER_WITHIN_DAYS));
    if (rows.length < BATCH || rows.some((row) => row.daysOverdue > OVERDUE_REMINDER_WITHIN_DAYS)) break;
  }
  if (due.length === 0) return { orders: 0, notified: 0 };
  const managers = await listMemberIdsHolding(deps.db, teamId, 'accounting', 'manage');
  const ownersWhoSeeOrders = new Set(await listMemberIdsHolding(deps.db, teamId, 'my_bill', 'read'));
  let notified = 0;
  for (const row of due) {
    const owner = row.ownerId !== null && ownersWhoSeeOrders.has(row.ownerId) ? [row.ownerId] : [];
    notified += await deps.db.transaction((tx) =>
      notifyMembers(tx, {
        teamId,
        recipientMembershipIds: [...new Set([...owner, ...managers])],
        type: 'event_notice',
        title: RECEIVABLE_NOTICES.overdue(row.number),
        body: RECEIVABLE_NOTICES.overdueBody(
          row.companyName ?? '未指定客户',
          formatYuan(Number(row.outstanding)),
          row.dueOn ?? '',
          Number(row.daysOverdue),
        ),
        link: ADMIN_PATHS.financeOrder(row.id),
        at: now,
        once: { key: `overdue:${row.id}`, intervalMs: ONCE_MS },
      }),
    );
  }
  return { orders: due.length, notified };
}
