/**
 * The withholding reminder (docs/product.md "Model settlements"): the filing of a month's withholding
 * (扣缴明细) is due by the 15th of the next month. On the 10th (WITHHOLDING_REMINDER_DAY, business date)
 * the daily job (jobs/daily-jobs.ts, once per team and day) tells every member holding `accounting`
 * manage when the team paid any individual in the previous month: how many and the tax withheld, with a
 * link to that month's 扣缴明细. On any other day it does nothing.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addMonths, businessDate, monthEnd } from '@trackit/contract/business-time';
import { cappedSum, formatYuan } from '@trackit/contract/money';
import { SETTLEMENT_NOTICES, WITHHOLDING_REMINDER_DAY } from '@trackit/contract/settlement.schema';
import type { Database } from '../../db/client';
import { notifyMembers } from '../notify/notify.service';
import { listMemberIdsHolding } from '../organization/organization.service';
import { listWithholding } from './settlement.repository';

export interface WithholdingReminderDeps {
  db: Database;
}

/** A month's reminder is sent once whatever happens to the job's run (a rerun after a failure). */
const ONCE_MS = 20 * 86_400_000;

/** One run for a team at `now`: the month reminded of and how many members were told, or null. */
export async function remindWithholding(
  deps: WithholdingReminderDeps,
  teamId: number,
  now: Date,
): Promise<{ month: string; notified: number } | null> {
  const today = businessDate(now);
  if (Number(today.slice(8, 10)) !== WITHHOLDING_REMINDER_DAY) return null;
  const from = addMonths(`${today.slice(0, 7)}-01`, -1);
  const month = from.slice(0, 7);
  const rows = await listWithholding(deps.db, teamId, { from, to: monthEnd(from) });
  if (rows.length === 0) return null;
  const tax = cappedSum(rows.map((row) => row.tax));
  const people = new Set(rows.map((row) => row.modelId)).size;
  return deps.db.transaction(async (tx) => {
    const notified = await notifyMembers(tx, {
      teamId,
      recipientMembershipIds: await listMemberIdsHolding(tx, teamId, 'accounting', 'manage'),
      type: 'event_notice',
      title: SETTLEMENT_NOTICES.withholdingDue,
      body: SETTLEMENT_NOTICES.withholdingDueBody(month, people, formatYuan(tax)),
      link: ADMIN_PATHS.withholding(month),
      at: now,
      once: { key: `withholding_reminder:${month}`, intervalMs: ONCE_MS },
    });
    return { month, notified };
  });
}
