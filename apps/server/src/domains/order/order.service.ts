/**
 * Orders (docs/product.md "Orders"): drafts made and changed. Each write, its calendar entries, its
 * operation-log entry and its notifications commit in one transaction; other domains are reached through
 * their services. What a draft's body becomes is order-input.ts; reading is in order-view.service.ts, the
 * lifecycle steps in order-lifecycle.service.ts, attachments in order-attachment.service.ts.
 */
import { businessDate } from '@trackit/contract/business-time';
import { JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import type { FieldChange } from '@trackit/contract/operation-log.schema';
import {
  ORDER_MESSAGES,
  ORDER_REQUIRED_LABELS,
  type Order,
  type OrderCreate,
  type OrderDay,
  type OrderUpdate,
  orderSchema,
  withinModelDays,
} from '@trackit/contract/order.schema';
import type { Database } from '../../db/client';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { syncOrderEntries } from '../calendar/calendar.service';
import { requireTeamCompany } from '../company/company.service';
import { type Actor, memberActor, recordOperation } from '../operation-log/operation-log.service';
import { getTeamName } from '../team/team.service';
import { type OrderViewer, ownerChangeRefusal } from './order.policy';
import { presentOrder } from './order.presenter';
import {
  type FeeLineValues,
  findOrder,
  insertOrder,
  listFeeLinesOfOrders,
  listModelsOfOrders,
  lockOrder,
  nextOrderSequence,
  type OrderRecord,
  reassignOpenOrderOwner,
  replaceOrderModels,
  updateOrderRow,
} from './order.repository';
import {
  checkedClient,
  checkedHoldUntil,
  checkedModels,
  checkedOwner,
  dateRange,
  feeSignature,
  invalid,
  plannedEntries,
  sortedDays,
} from './order-input';
import { formatOrderNumber, orderPrefix } from './order-number';
import { orderName, refuse, requireAllowed } from './order-rules';
import { loadOrderView, type OrderDeps, orderNotFound, viewerOf } from './order-view.service';

export type { OrderDeps } from './order-view.service';

/**
 * The order as a write answers it, read, presented and checked against the answer's schema inside the
 * write's transaction. The endpoint router checks an answer only once the handler has returned, after
 * the commit: an answer failing there was a 500 for a write that had taken effect. Checked before the
 * commit, an answer that cannot be given rolls the write back with it.
 */
export async function answerBeforeCommit(
  deps: OrderDeps,
  tx: Database,
  auth: AuthContext,
  orderId: number,
  viewer: OrderViewer,
): Promise<Order> {
  const answer = presentOrder(await loadOrderView({ ...deps, db: tx }, auth, orderId, viewer));
  orderSchema.parse(answer);
  return answer;
}

// ---- Creating ----

/**
 * A new draft in the caller's transaction: number, client, models and fee lines, days and their options
 * on the calendar, and the order_create log entry. The owner is `input.owner_member_id`, else the actor;
 * with no member acting (the renewal job) the input must name one. Who may create is the caller's rule.
 */
export async function createDraftOrder(
  tx: Database,
  actor: Actor,
  input: OrderCreate,
  options?: { source?: 'calendar' | 'renewal'; renewalOf?: { orderId: number; feeLineId: number } },
): Promise<{ id: number; number: string }> {
  const teamId = actor.teamId;
  if (teamId === null) throw new Error('an order is made in a team');
  const now = actor.at;
  const ownerId = input.owner_member_id ?? actor.membershipId;
  if (ownerId === null) throw invalid('owner_member_id', ORDER_MESSAGES.ownerNotMember);
  await checkedOwner(tx, teamId, ownerId);
  const client = await checkedClient(tx, teamId, input.company_id ?? null, input.contact_id ?? null);
  const models = await checkedModels(tx, teamId, input.models ?? [], new Set());
  const holdUntil = checkedHoldUntil(input.hold_until, now) ?? null;
  const days = sortedDays(input.days ?? []);
  const sequence = await nextOrderSequence(tx, teamId, businessDate(now));
  const number = formatOrderNumber(orderPrefix(await getTeamName(tx, teamId)), now, sequence);
  const order = await insertOrder(tx, {
    teamId,
    number,
    status: 'draft',
    companyId: client.companyId,
    contactId: client.contactId,
    brand: input.brand ?? '',
    jobType: input.job_type ?? null,
    title: input.title ?? '',
    place: input.place ?? '',
    notes: input.notes ?? '',
    days,
    ...dateRange(days),
    ownerMembershipId: ownerId,
    createdByMembershipId: actor.membershipId,
    holdUntil,
    renewalOfOrderId: options?.renewalOf?.orderId ?? null,
    renewalOfFeeLineId: options?.renewalOf?.feeLineId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await replaceOrderModels(tx, teamId, order.id, models, now);
  await syncOrderEntries(
    tx,
    { teamId, orderId: order.id, holdUntil },
    plannedEntries(
      models.map((model) => model.modelId),
      days,
    ),
    now,
    { replaceReleased: false, holdChanged: false },
  );
  await recordOperation(tx, {
    action: 'order_create',
    actor,
    targetId: order.id,
    detail: { name: orderName(order), ...(options?.source ? { source: options.source } : {}) },
  });
  return { id: order.id, number: order.number };
}

/** POST /v1/orders: a draft owned by the caller (or, for a manager, by whom the body names). */
export async function createOrder(
  deps: OrderDeps,
  auth: AuthContext,
  input: OrderCreate,
  origin: RequestOrigin,
): Promise<{ id: number; number: string }> {
  if (input.owner_member_id !== undefined) {
    refuse(ownerChangeRefusal(await viewerOf(deps, auth), input.owner_member_id));
  }
  const now = deps.clock();
  return deps.db.transaction((tx) => createDraftOrder(tx, memberActor(auth, origin, now), input));
}

// ---- Changing a draft ----

/** A time as the log shows it, China time: 2026-12-23 18:00. */
const loggedTime = (at: Date | null) =>
  at ? new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : MESSAGES.empty;
const loggedDays = (days: OrderDay[]) =>
  days.map((day) => `${day.date} ${day.start_time}-${day.end_time}`).join('、') || MESSAGES.empty;
/** Fee lines as the log shows them: their kinds per model, never the amounts (the log is the team's). */
const loggedFees = (models: { name: string; fees: Pick<FeeLineValues, 'kind'>[] }[]) =>
  models
    .map((model) => {
      const modelFees = model.fees.filter((fee) => fee.kind === 'ModelFee').length;
      const usageFees = model.fees.length - modelFees;
      return `${model.name}：费用×${modelFees}、肖像授权×${usageFees}`;
    })
    .join('；') || MESSAGES.empty;
/** Field by field: jsonb gives the stored days' keys back in an order of its own. */
const sameDays = (a: OrderDay[], b: OrderDay[]) =>
  a.length === b.length &&
  a.every((day, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      day.date === other.date &&
      day.start_time === other.start_time &&
      day.end_time === other.end_time
    );
  });

/**
 * PATCH /v1/orders/{id}: a draft's fields that are sent change (lists replaced whole), logged before →
 * after; changed models, days or hold move its options on the calendar. Nothing changed, nothing written.
 */
export async function updateOrder(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  input: OrderUpdate,
  origin: RequestOrigin,
): Promise<Order> {
  const now = deps.clock();
  const viewer = await viewerOf(deps, auth);
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, auth.teamId, orderId);
    if (!order) throw orderNotFound();
    requireAllowed('edit', viewer, order, now);
    const before = await findOrder(tx, auth.teamId, orderId);
    if (!before) throw orderNotFound();
    const changes: FieldChange[] = [];
    const values: Partial<OrderRecord> = {};
    const text = (field: 'brand' | 'title' | 'place' | 'notes', label: string) => {
      const next = input[field];
      if (next === undefined || next === order[field]) return;
      changes.push({ field: label, before: order[field] || MESSAGES.empty, after: next || MESSAGES.empty });
      values[field] = next;
    };
    if (input.owner_member_id !== undefined && input.owner_member_id !== order.ownerMembershipId) {
      refuse(ownerChangeRefusal(viewer, input.owner_member_id));
      const owner = await checkedOwner(tx, auth.teamId, input.owner_member_id);
      changes.push({
        field: '负责人',
        before: before.ownerNickname ?? MESSAGES.empty,
        after: owner.nickname,
      });
      values.ownerMembershipId = owner.id;
    }
    if (input.company_id !== undefined || input.contact_id !== undefined) {
      const client = await checkedClient(
        tx,
        auth.teamId,
        input.company_id === undefined ? order.companyId : input.company_id,
        input.contact_id === undefined ? order.contactId : input.contact_id,
      );
      if (client.companyId !== order.companyId) {
        const after =
          client.companyName ??
          (client.companyId ? (await requireTeamCompany(tx, auth.teamId, client.companyId)).name : null);
        changes.push({
          field: ORDER_REQUIRED_LABELS.company_id,
          before: before.companyName ?? MESSAGES.empty,
          after: after ?? MESSAGES.empty,
        });
        values.companyId = client.companyId;
      }
      if (client.contactId !== order.contactId) {
        changes.push({
          field: '联系人',
          before: before.contactName ?? MESSAGES.empty,
          after: client.contactName ?? MESSAGES.empty,
        });
        values.contactId = client.contactId;
      }
    }
    text('title', ORDER_REQUIRED_LABELS.title);
    text('brand', '品牌');
    if (input.job_type !== undefined && input.job_type !== order.jobType) {
      changes.push({
        field: ORDER_REQUIRED_LABELS.job_type,
        before: order.jobType ? JOB_TYPE_LABELS[order.jobType] : MESSAGES.empty,
        after: input.job_type ? JOB_TYPE_LABELS[input.job_type] : MESSAGES.empty,
      });
      values.jobType = input.job_type;
    }
    text('place', '地点');
    text('notes', '备注');
    const days = input.days === undefined ? order.days : sortedDays(input.days);
    const daysChanged = !sameDays(days, order.days);
    if (daysChanged) {
      changes.push({
        field: ORDER_REQUIRED_LABELS.days,
        before: loggedDays(order.days),
        after: loggedDays(days),
      });
      values.days = days;
      Object.assign(values, dateRange(days));
    }
    const holdUntil = checkedHoldUntil(input.hold_until, now);
    const holdChanged =
      holdUntil !== undefined && (holdUntil?.getTime() ?? null) !== (order.holdUntil?.getTime() ?? null);
    if (holdChanged) {
      changes.push({ field: '保留期限', before: loggedTime(order.holdUntil), after: loggedTime(holdUntil) });
      values.holdUntil = holdUntil;
    }
    const current = await listModelsOfOrders(tx, auth.teamId, [orderId], false);
    let modelIds = current.map((model) => model.modelId);
    // The schema checks days and models sent together; one sent alone is checked against the stored other.
    if (
      (input.models !== undefined || daysChanged) &&
      !withinModelDays(input.models?.length ?? modelIds.length, days.length)
    ) {
      throw invalid(input.days === undefined ? 'models' : 'days', ORDER_MESSAGES.tooManyModelDays);
    }
    let modelsChanged = false;
    if (input.models !== undefined) {
      const currentFees = await listFeeLinesOfOrders(tx, auth.teamId, [orderId]);
      const feesOf = (modelId: number) => currentFees.filter((fee) => fee.modelId === modelId);
      const models = await checkedModels(tx, auth.teamId, input.models, new Set(modelIds));
      const nextIds = models.map((model) => model.modelId);
      modelsChanged = nextIds.join() !== modelIds.join();
      const feesChanged =
        modelsChanged ||
        models.some(
          (model) =>
            model.fees.map(feeSignature).join('\n') !== feesOf(model.modelId).map(feeSignature).join('\n'),
        );
      if (modelsChanged) {
        changes.push({
          field: ORDER_REQUIRED_LABELS.models,
          before: current.map((model) => model.name).join('、') || MESSAGES.empty,
          after: models.map((model) => model.name).join('、') || MESSAGES.empty,
        });
      }
      if (feesChanged) {
        const feesBefore = loggedFees(
          current.map((model) => ({ name: model.name, fees: feesOf(model.modelId) })),
        );
        const feesAfter = loggedFees(models);
        changes.push({
          field: '费用',
          before: feesBefore,
          after: feesBefore === feesAfter ? `${feesAfter}（已修改）` : feesAfter,
        });
        await replaceOrderModels(tx, auth.teamId, orderId, models, now);
      }
      modelIds = nextIds;
    }
    if (modelsChanged || daysChanged || holdChanged) {
      await syncOrderEntries(
        tx,
        { teamId: auth.teamId, orderId, holdUntil: holdChanged ? (holdUntil ?? null) : order.holdUntil },
        plannedEntries(modelIds, days),
        now,
        { replaceReleased: false, holdChanged },
      );
    }
    if (changes.length > 0) {
      await updateOrderRow(tx, auth.teamId, orderId, { ...values, updatedAt: now });
      await recordOperation(tx, {
        action: 'order_update',
        actor: memberActor(auth, origin, now),
        targetId: orderId,
        detail: { name: orderName({ number: order.number, title: values.title ?? order.title }), changes },
      });
    }
    return answerBeforeCommit(deps, tx, auth, orderId, viewer);
  });
}

/**
 * A departed member's hand-over (organization/members): their open orders in the team (neither billed
 * nor cancelled) go to another member, in the caller's transaction. Returns how many moved.
 */
export function handOverOpenOrders(
  tx: Database,
  teamId: number,
  fromMembershipId: number,
  toMembershipId: number,
  now: Date,
): Promise<number> {
  return reassignOpenOrderOwner(tx, teamId, fromMembershipId, toMembershipId, now);
}
