/**
 * Orders (docs/product.md "Orders"): drafts made and changed. Each write, its calendar entries, its
 * operation-log entry and its notifications commit in one transaction; other domains are reached through
 * their services. What a draft's body becomes is order-input.ts; reading is in order-view.service.ts, the
 * lifecycle steps in order-lifecycle.service.ts, attachments in order-attachment.service.ts.
 */
import { businessDate } from '@trackit/contract/business-time';
import {
  type Order,
  type OrderCreate,
  type OrderUpdate,
  orderSchema,
  withinModelDays,
} from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import type { Database } from '../../db/client';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { syncOrderEntries } from '../calendar/calendar.service';
import { changeLog } from '../operation-log/change-log';
import {
  type Actor,
  memberActor,
  recordChangeOfMany,
  recordOperation,
  type TeamActor,
} from '../operation-log/operation-log.service';
import { getTeamName } from '../team/team.service';
import { type OrderViewer, ownerChangeRefusal } from './order.policy';
import { presentOrder } from './order.presenter';
import {
  fillMissingTeamRecipient,
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
  type LoggedFees,
  type LoggedOrder,
  loggedFees,
  ORDER_CHANGE_LOG,
  sameDays,
} from './order-change-log';
import {
  checkedClient,
  checkedHoldUntil,
  checkedModels,
  checkedOwner,
  checkedRecipient,
  dateRange,
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
  const teamRecipientId = await checkedRecipient(tx, teamId, input.team_recipient_id, null);
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
    teamRecipientId,
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
    const values: Partial<OrderRecord> = {};
    const logged: Partial<LoggedOrder> = {};
    if (input.owner_member_id !== undefined && input.owner_member_id !== order.ownerMembershipId) {
      refuse(ownerChangeRefusal(viewer, input.owner_member_id));
      const owner = await checkedOwner(tx, auth.teamId, input.owner_member_id);
      values.ownerMembershipId = owner.id;
    }
    if (input.company_id !== undefined || input.contact_id !== undefined) {
      const client = await checkedClient(
        tx,
        auth.teamId,
        input.company_id === undefined ? order.companyId : input.company_id,
        input.contact_id === undefined ? order.contactId : input.contact_id,
      );
      if (client.companyId !== order.companyId) values.companyId = client.companyId;
      if (client.contactId !== order.contactId) values.contactId = client.contactId;
    }
    if (input.team_recipient_id !== undefined && input.team_recipient_id !== order.teamRecipientId) {
      values.teamRecipientId = await checkedRecipient(
        tx,
        auth.teamId,
        input.team_recipient_id,
        order.teamRecipientId,
      );
    }
    for (const field of ['title', 'brand', 'place', 'notes'] as const) {
      if (input[field] !== undefined && input[field] !== order[field]) values[field] = input[field];
    }
    if (input.job_type !== undefined && input.job_type !== order.jobType) values.jobType = input.job_type;
    const days = input.days === undefined ? order.days : sortedDays(input.days);
    const daysChanged = !sameDays(days, order.days);
    if (daysChanged) {
      values.days = days;
      Object.assign(values, dateRange(days));
    }
    const holdUntil = checkedHoldUntil(input.hold_until, now);
    const holdChanged =
      holdUntil !== undefined && (holdUntil?.getTime() ?? null) !== (order.holdUntil?.getTime() ?? null);
    if (holdChanged) values.holdUntil = holdUntil;
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
    let feesBefore: LoggedFees | undefined;
    if (input.models !== undefined) {
      const currentFees = await listFeeLinesOfOrders(tx, auth.teamId, [orderId]);
      feesBefore = loggedFees(
        current.map((model) => ({
          ...model,
          fees: currentFees.filter((fee) => fee.modelId === model.modelId),
        })),
      );
      const models = await checkedModels(tx, auth.teamId, input.models, new Set(modelIds));
      const nextIds = models.map((model) => model.modelId);
      modelsChanged = nextIds.join() !== modelIds.join();
      const fees = loggedFees(models);
      if (fees.signature !== feesBefore.signature) {
        logged.models = models;
        logged.fees = fees;
        await replaceOrderModels(tx, auth.teamId, orderId, models, now);
      }
      modelIds = nextIds;
    }
    const changes = await changeLog(
      tx,
      auth.teamId,
      { ...order, models: current, fees: feesBefore ?? { signature: '', text: '' } },
      { ...values, ...logged },
      ORDER_CHANGE_LOG,
    );
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
 * nor cancelled) go to another member, in the caller's transaction, each with an `order_update` entry in
 * its history (the owner's change, as a PATCH logs it). Returns how many moved.
 */
export async function handOverOpenOrders(
  tx: Database,
  actor: TeamActor,
  fromMembershipId: number,
  toMembershipId: number,
): Promise<number> {
  const moved = await reassignOpenOrderOwner(tx, actor.teamId, fromMembershipId, toMembershipId, actor.at);
  if (moved.length === 0) return 0;
  return recordChangeOfMany(tx, {
    action: 'order_update',
    actor,
    records: moved.map((order) => ({ id: order.id, name: orderName(order) })),
    changes: await changeLog(
      tx,
      actor.teamId,
      { ownerMembershipId: fromMembershipId },
      { ownerMembershipId: toMembershipId },
      ORDER_CHANGE_LOG.filter((field) => field.field === 'ownerMembershipId'),
    ),
  });
}

/**
 * The invoice that first covers an order billed without a payee entity (made before the team had one)
 * names it: the order takes that entity, in the invoice's transaction, with an `order_update` entry
 * (收款主体 -- → the entity) in its history. Orders that have an entity are left as they are.
 */
export async function adoptInvoiceRecipient(
  tx: Database,
  actor: TeamActor,
  orderIds: readonly number[],
  teamRecipientId: number,
): Promise<number> {
  const adopted = await fillMissingTeamRecipient(tx, actor.teamId, orderIds, teamRecipientId, actor.at);
  if (adopted.length === 0) return 0;
  return recordChangeOfMany(tx, {
    action: 'order_update',
    actor,
    records: adopted.map((order) => ({ id: order.id, name: orderName(order) })),
    changes: await changeLog(
      tx,
      actor.teamId,
      { teamRecipientId: null },
      { teamRecipientId },
      ORDER_CHANGE_LOG.filter((field) => field.field === 'teamRecipientId'),
    ),
  });
}
