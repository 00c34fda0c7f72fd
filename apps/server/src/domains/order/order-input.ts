/**
 * What a draft's body becomes (docs/product.md "Orders"): its references checked against the team (client,
 * owner, models), its fee lines with the contract's figures, its days in order and the calendar entries
 * they plan. Shared by creating and changing a draft in order.service.ts.
 */
import { businessInstant } from '@trackit/contract/business-time';
import { lineTotals, quantityHundredths } from '@trackit/contract/money';
import type { FeeLineInput, OrderDay, OrderModelInput } from '@trackit/contract/order.schema';
import { OPTION_MAX_DAYS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { PlannedEntry } from '../calendar/calendar.service';
import { requireTeamCompany } from '../company/company.service';
import { requireTeamContact } from '../contact/contact.service';
import { modelNotFound } from '../model/model.service';
import { findValidTeamMember } from '../organization/organization.service';
import { defaultRecipientId, requireRecipientForOrder } from '../team-recipient/team-recipient.service';
import { type FeeLineRecord, type FeeLineValues, findTeamModels } from './order.repository';

const DAY_MS = 86_400_000;

/** A 400 naming the field, as the forms show it beside the field. */
export const invalid = (field: string, message: string) =>
  new AppError('validationFailed', { message, data: { fields: { [field]: message } } });

/** The client: a company and a contact of the team, the contact of that company. A contact alone brings its company. */
export async function checkedClient(
  tx: Database,
  teamId: number,
  companyId: number | null,
  contactId: number | null,
) {
  const contact = contactId ? await requireTeamContact(tx, teamId, contactId) : null;
  const company = companyId ? await requireTeamCompany(tx, teamId, companyId) : null;
  if (contact && company && contact.companyId !== company.id) {
    throw invalid('contact_id', ORDER_MESSAGES.contactOfOtherCompany);
  }
  return {
    companyId: company?.id ?? contact?.companyId ?? null,
    contactId: contact?.id ?? null,
    companyName: company?.name ?? null,
    contactName: contact?.name ?? null,
  };
}

/**
 * The payee entity: one of the team's, active unless it is already the order's (`alreadyOn`); left out
 * on a new order (undefined), the team's default. Another team's answers 收款主体不存在.
 */
export async function checkedRecipient(
  tx: Database,
  teamId: number,
  id: number | null | undefined,
  alreadyOn: number | null,
): Promise<number | null> {
  if (id === undefined) return defaultRecipientId(tx, teamId);
  if (id === null) return null;
  return requireRecipientForOrder(tx, teamId, id, alreadyOn);
}

/** The owner: a valid member of the team. */
export async function checkedOwner(tx: Database, teamId: number, membershipId: number) {
  const member = await findValidTeamMember(tx, teamId, membershipId);
  if (!member) throw invalid('owner_member_id', ORDER_MESSAGES.ownerNotMember);
  return member;
}

/** hold_until: later than now and at most OPTION_MAX_DAYS ahead; null clears it. */
export function checkedHoldUntil(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at.getTime() <= now.getTime()) throw invalid('hold_until', ORDER_MESSAGES.holdUntilInPast);
  if (at.getTime() > now.getTime() + OPTION_MAX_DAYS * DAY_MS) {
    throw invalid('hold_until', ORDER_MESSAGES.holdUntilTooFar);
  }
  return at;
}

/** A fee line as stored: its input with the figures of the contract's `lineTotals`. */
export function feeLineValues(fee: FeeLineInput): FeeLineValues {
  const figures = lineTotals(fee);
  const common = { kind: fee.kind, amount: fee.amount, taxRate: fee.tax_rate, note: fee.note, ...figures };
  return fee.kind === 'ModelFee'
    ? {
        ...common,
        unit: fee.unit,
        quantityHundredths: quantityHundredths(fee.quantity),
        media: null,
        territory: null,
        startDate: null,
        endDate: null,
        renewal: null,
      }
    : {
        ...common,
        unit: null,
        quantityHundredths: null,
        media: fee.media,
        territory: fee.territory,
        startDate: fee.start_date,
        endDate: fee.end_date,
        renewal: fee.renewal,
      };
}

/** What identifies a fee line's content, to tell whether a PATCH changed it. */
export const feeSignature = (fee: FeeLineValues | FeeLineRecord) =>
  JSON.stringify([
    fee.kind,
    fee.amount,
    fee.unit ?? null,
    fee.quantityHundredths ?? null,
    fee.taxRate,
    fee.note ?? '',
    fee.media ?? null,
    fee.territory ?? null,
    fee.startDate ?? null,
    fee.endDate ?? null,
    fee.renewal ?? null,
  ]);

interface CheckedModel {
  modelId: number;
  name: string;
  fees: FeeLineValues[];
}

/**
 * The models as stored: each of the team (another team's is "not found"); one that has left the agency
 * may stay on the order but not be added to it.
 */
export async function checkedModels(
  tx: Database,
  teamId: number,
  input: OrderModelInput[],
  alreadyOn: ReadonlySet<number>,
): Promise<CheckedModel[]> {
  const found = await findTeamModels(
    tx,
    teamId,
    input.map((entry) => entry.model_id),
  );
  const byId = new Map(found.map((model) => [model.id, model]));
  return input.map((entry) => {
    const model = byId.get(entry.model_id);
    if (!model) throw modelNotFound();
    if (model.status === 'left' && !alreadyOn.has(model.id)) {
      throw invalid('models', ORDER_MESSAGES.modelLeft(model.name));
    }
    return { modelId: model.id, name: model.name, fees: entry.fees.map(feeLineValues) };
  });
}

/** The days in date order, as stored. */
export const sortedDays = (days: OrderDay[]): OrderDay[] =>
  [...days]
    .map((day) => ({ date: day.date, start_time: day.start_time, end_time: day.end_time }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** One calendar entry per model and day. */
export const plannedEntries = (modelIds: number[], days: OrderDay[]): PlannedEntry[] =>
  modelIds.flatMap((modelId) =>
    days.map((day) => ({
      modelId,
      date: day.date,
      startAt: businessInstant(day.date, day.start_time),
      endAt: businessInstant(day.date, day.end_time),
    })),
  );

export const dateRange = (days: OrderDay[]) => ({
  firstDate: days[0]?.date ?? null,
  lastDate: days[days.length - 1]?.date ?? null,
});
