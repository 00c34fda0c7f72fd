/**
 * The usage-licence renewal job (docs/product.md "Usage licences"), run once a day per team by
 * jobs/daily-jobs.ts. Each licence (UsageFee line) of a confirmed or billed order ending within
 * USAGE_RENEWAL_NOTICE_DAYS is dealt with once, as its `renewal` says: `automatically` makes a draft
 * renewal order for the same client and model, for as long again from the day after the end, and tells
 * the owner; `pending` asks the owner to decide; `not_renew` reminds the owner that use stops at the end.
 * The line is marked handled in the transaction of its draft and notification, so a second run, or a
 * second server, finds nothing left to do.
 */

import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addDays, businessDate, daysBetween } from '@trackit/contract/business-time';
import { TAX_RATES, type TaxRate } from '@trackit/contract/constants';
import type { OrderCreate } from '@trackit/contract/order.schema';
import { ORDER_LIMITS, USAGE_RENEWAL_NOTICE_DAYS } from '@trackit/contract/order-constants';
import { ORDER_NOTICES } from '@trackit/contract/order-messages';
import { sliceText } from '@trackit/contract/patterns';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { notifyMembers } from '../../notify/notify.service';
import { jobActor } from '../../operation-log/operation-log.service';
import { findValidTeamMember, listMemberIdsHolding } from '../../organization/organization.service';
import { createDraftOrder } from '../order.service';
import { claimLicence, type DueLicence, listDueLicences, setRenewalOrder } from './usage-renewal.repository';

export interface UsageRenewalDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/** How the job signs its log entries: no member, a name staff recognise in the log's device column. */
export const RENEWAL_JOB_ORIGIN = { ip: '', userAgent: 'TrackIt 续约任务' } as const;

export type RenewalOutcome = 'draft' | 'decide' | 'stop';

/** What a run did with each licence it handled. */
export interface RenewalRun {
  handled: { lineId: number; outcome: RenewalOutcome; renewalOrderId: number | null }[];
}

const asTaxRate = (rate: number): TaxRate => TAX_RATES.find((known) => known === rate) ?? 0;

/** The renewal's licence: the same terms, from the day after the end, for as many days again. */
export function renewedTerm(start: string, end: string): { start: string; end: string } {
  const next = addDays(end, 1);
  return { start: next, end: addDays(next, daysBetween(start, end)) };
}

/** The draft renewal order of a licence: same client, brand and job, the model with the licence alone. */
function renewalDraft(licence: DueLicence): OrderCreate {
  const term = renewedTerm(licence.startDate, licence.endDate);
  return {
    company_id: licence.companyId,
    contact_id: licence.contactId,
    // The same payee entity while it is active; else the team's default.
    ...(licence.teamRecipientId === null ? {} : { team_recipient_id: licence.teamRecipientId }),
    brand: licence.brand,
    job_type: licence.jobType,
    title: sliceText(`续约：${licence.orderTitle}`, ORDER_LIMITS.titleLength),
    days: [],
    models: [
      {
        model_id: licence.modelId,
        fees: [
          {
            kind: 'UsageFee',
            amount: licence.amount,
            tax_rate: asTaxRate(licence.taxRate),
            media: licence.media,
            territory: licence.territory,
            start_date: term.start,
            end_date: term.end,
            renewal: licence.renewal,
            note: licence.note,
          },
        ],
      },
    ],
    ...(licence.ownerMembershipId === null ? {} : { owner_member_id: licence.ownerMembershipId }),
  };
}

/** Who hears about a licence: its order's owner while a valid member, else the order managers. */
async function recipientsOf(tx: Database, teamId: number, licence: DueLicence): Promise<number[]> {
  const owner =
    licence.ownerMembershipId === null
      ? undefined
      : await findValidTeamMember(tx, teamId, licence.ownerMembershipId);
  return owner ? [owner.id] : listMemberIdsHolding(tx, teamId, 'my_bill', 'manage');
}

/**
 * Handles one licence in one transaction; false when it was handled already. `outcome` is what its
 * renewal option asks for, or `decide` when the automatic draft could not be made.
 */
async function handleLicence(
  db: Database,
  teamId: number,
  licence: DueLicence,
  outcome: RenewalOutcome,
  now: Date,
): Promise<{ renewalOrderId: number | null } | null> {
  return db.transaction(async (tx) => {
    if (!(await claimLicence(tx, teamId, licence.lineId, now))) return null;
    let renewal: { id: number; number: string } | null = null;
    if (outcome === 'draft') {
      renewal = await createDraftOrder(tx, jobActor(teamId, RENEWAL_JOB_ORIGIN, now), renewalDraft(licence), {
        source: 'renewal',
        renewalOf: { orderId: licence.orderId, feeLineId: licence.lineId },
      });
      await setRenewalOrder(tx, teamId, licence.lineId, renewal.id);
    }
    const notice = {
      draft: {
        title: ORDER_NOTICES.renewalDraft(licence.modelName, licence.media),
        body: ORDER_NOTICES.renewalBody(licence.endDate, licence.orderNumber),
      },
      decide: {
        title: ORDER_NOTICES.renewalDecide(licence.modelName, licence.media),
        body: ORDER_NOTICES.renewalBody(licence.endDate, licence.orderNumber),
      },
      stop: {
        title: ORDER_NOTICES.renewalStop(licence.modelName, licence.media),
        body: ORDER_NOTICES.renewalStopBody(licence.endDate, licence.orderNumber),
      },
    }[outcome];
    await notifyMembers(tx, {
      teamId,
      recipientMembershipIds: await recipientsOf(tx, teamId, licence),
      type: 'event_notice',
      ...notice,
      link: ADMIN_PATHS.order(renewal?.id ?? licence.orderId),
      at: now,
    });
    return { renewalOrderId: renewal?.id ?? null };
  });
}

const OUTCOMES = { automatically: 'draft', pending: 'decide', not_renew: 'stop' } as const;

/**
 * One run for a team at `now`: every licence ending from today to USAGE_RENEWAL_NOTICE_DAYS ahead
 * (business dates) not handled yet. A draft the order rules refuse (the model has left, the client was
 * archived…) turns into a request to decide; any other failure stops the run, to be tried again.
 */
export async function renewUsageLicences(
  deps: UsageRenewalDeps,
  teamId: number,
  now: Date,
): Promise<RenewalRun> {
  const today = businessDate(now);
  const due = await listDueLicences(deps.db, teamId, today, addDays(today, USAGE_RENEWAL_NOTICE_DAYS));
  const run: RenewalRun = { handled: [] };
  for (const licence of due) {
    let outcome: RenewalOutcome = OUTCOMES[licence.renewal];
    let done: { renewalOrderId: number | null } | null;
    try {
      done = await handleLicence(deps.db, teamId, licence, outcome, now);
    } catch (error) {
      if (!(error instanceof AppError) || outcome !== 'draft') throw error;
      deps.log.warn(
        { err: error, teamId, feeLineId: licence.lineId },
        'renewal draft refused: the owner is asked to decide',
      );
      outcome = 'decide';
      done = await handleLicence(deps.db, teamId, licence, outcome, now);
    }
    if (done) run.handled.push({ lineId: licence.lineId, outcome, ...done });
  }
  return run;
}
