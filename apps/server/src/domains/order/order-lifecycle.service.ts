/**
 * The order's lifecycle (docs/product.md "Orders"): draft → submitted (approval init) → passed or
 * rejected (back to draft) → confirmed → completed (its last day past) → billed; cancelled before
 * billed. Each step is checked by the order policy, moves the order's calendar entries, and commits with
 * its log entry and notifications in one transaction.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { MESSAGES } from '@trackit/contract/messages';
import type { Order, OrderCancel } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES, ORDER_NOTICES, ORDER_REQUIRED_LABELS } from '@trackit/contract/order-messages';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { decideApproval, requestApproval, withdrawApproval } from '../approval/approval.service';
import {
  lockOrderEntries,
  passOrderEntries,
  releaseOrderEntries,
  syncOrderEntries,
} from '../calendar/calendar.service';
import { notifyMembers } from '../notify/notify.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { findTeamMember } from '../organization/organization.service';
import type { OrderViewer } from './order.policy';
import { listModelsOfOrders, lockOrder, type OrderRecord, updateOrderRow } from './order.repository';
import { answerBeforeCommit } from './order.service';
import { plannedEntries } from './order-input';
import { orderName, requireAllowed } from './order-rules';
import { type OrderDeps, orderNotFound, viewerOf } from './order-view.service';

type Step = (context: {
  tx: Database;
  order: OrderRecord;
  viewer: OrderViewer;
  now: Date;
  actorNickname: () => Promise<string>;
}) => Promise<void>;

/**
 * Locks the team's order and runs `step` on it in one transaction; answers the order as it then is, made
 * before the commit (`answerBeforeCommit`), so a step never takes effect with a 500 answered.
 */
async function runStep(deps: OrderDeps, auth: AuthContext, orderId: number, step: Step): Promise<Order> {
  const now = deps.clock();
  const viewer = await viewerOf(deps, auth);
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, auth.teamId, orderId);
    if (!order) throw orderNotFound();
    const actorNickname = async () =>
      (await findTeamMember(tx, auth.teamId, auth.membershipId))?.nickname ?? MESSAGES.empty;
    await step({ tx, order, viewer, now, actorNickname });
    return answerBeforeCommit(deps, tx, auth, orderId, viewer);
  });
}

/** The order as the approval domain names it: orders are the approval kind `order`. */
const approvalOf = (order: OrderRecord) => ({
  teamId: order.teamId,
  kind: 'order' as const,
  recordId: order.id,
});

const onCalendar = (order: OrderRecord) => ({
  teamId: order.teamId,
  orderId: order.id,
  holdUntil: order.holdUntil,
});

/** The order's entries as planned: each model on it × each of its days. */
async function plannedOf(tx: Database, order: OrderRecord) {
  const models = await listModelsOfOrders(tx, order.teamId, [order.id], false);
  return {
    models,
    planned: plannedEntries(
      models.map((model) => model.modelId),
      order.days,
    ),
  };
}

/** Tells the owner, unless the owner did it. */
async function notifyOwner(
  tx: Database,
  order: OrderRecord,
  auth: AuthContext,
  notice: { title: string; body?: string; at: Date; evenTheActor?: boolean },
) {
  const owner = order.ownerMembershipId;
  if (owner === null || (owner === auth.membershipId && !notice.evenTheActor)) return;
  await notifyMembers(tx, {
    teamId: order.teamId,
    recipientMembershipIds: [owner],
    type: 'event_notice',
    title: notice.title,
    ...(notice.body ? { body: notice.body } : {}),
    link: ADMIN_PATHS.order(order.id),
    at: notice.at,
  });
}

/**
 * POST /v1/orders/{id}/submit: a complete draft goes to approval (init); its released options are
 * placed again, and its approvers (APPROVAL_KINDS.order: my_bill manage) are asked to approve.
 */
export function submitOrder(deps: OrderDeps, auth: AuthContext, orderId: number, origin: RequestOrigin) {
  return runStep(deps, auth, orderId, async ({ tx, order, viewer, now, actorNickname }) => {
    requireAllowed('submit', viewer, order, now);
    const { models, planned } = await plannedOf(tx, order);
    const lacking: Record<keyof typeof ORDER_REQUIRED_LABELS, boolean> = {
      company_id: order.companyId === null,
      job_type: order.jobType === null,
      title: order.title.trim() === '',
      days: order.days.length === 0,
      models: models.length === 0,
    };
    const missing = (Object.keys(ORDER_REQUIRED_LABELS) as (keyof typeof ORDER_REQUIRED_LABELS)[])
      .filter((field) => lacking[field])
      .map((field) => ORDER_REQUIRED_LABELS[field]);
    if (missing.length > 0) {
      throw new AppError('conflict', { message: ORDER_MESSAGES.incomplete(missing.join('、')) });
    }
    await updateOrderRow(tx, order.teamId, order.id, {
      status: 'submitted',
      approvalStatus: 'init',
      submittedAt: now,
      updatedAt: now,
    });
    await syncOrderEntries(tx, onCalendar(order), planned, now, {
      replaceReleased: true,
      holdChanged: false,
    });
    await requestApproval(tx, approvalOf(order), {
      requestedBy: auth.membershipId,
      at: now,
      subject: orderName(order),
      notice: {
        title: ORDER_NOTICES.approvalRequired(order.number, order.title),
        body: ORDER_NOTICES.approvalRequiredBody(await actorNickname()),
        link: ADMIN_PATHS.order(order.id),
      },
    });
    await recordOperation(tx, {
      action: 'order_submit',
      actor: memberActor(auth, origin, now),
      targetId: order.id,
      detail: { name: orderName(order) },
    });
  });
}

/**
 * POST /v1/orders/{id}/approval: a manager (possibly the submitter) decides. Passed: the options become
 * pending. Rejected (with a comment): back to draft, its options released. The owner is told either way.
 */
export function decideOrder(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  input: ApprovalDecision,
  origin: RequestOrigin,
) {
  return runStep(deps, auth, orderId, async ({ tx, order, viewer, now, actorNickname }) => {
    requireAllowed('approve', viewer, order, now);
    const passed = input.result === 'passed';
    await decideApproval(tx, approvalOf(order), { ...input, decidedBy: auth.membershipId, at: now });
    await updateOrderRow(tx, order.teamId, order.id, {
      approvalStatus: input.result,
      ...(passed ? {} : { status: 'draft' as const }),
      updatedAt: now,
    });
    if (passed) await passOrderEntries(tx, onCalendar(order), now);
    else await releaseOrderEntries(tx, onCalendar(order), 'rejected', now);
    await notifyOwner(tx, order, auth, {
      title: passed ? ORDER_NOTICES.approved(order.number) : ORDER_NOTICES.rejected(order.number),
      body: ORDER_NOTICES.decisionBody(await actorNickname(), input.comment),
      at: now,
      evenTheActor: true,
    });
    await recordOperation(tx, {
      action: 'order_approve',
      actor: memberActor(auth, origin, now),
      targetId: order.id,
      detail: { name: orderName(order), result: input.result, comment: input.comment },
    });
  });
}

/**
 * POST /v1/orders/{id}/confirm: an approved order is confirmed and its days locked on the calendar,
 * refused (409) over another order's locked day or a trip of one of its models.
 */
export function confirmOrder(deps: OrderDeps, auth: AuthContext, orderId: number, origin: RequestOrigin) {
  return runStep(deps, auth, orderId, async ({ tx, order, viewer, now }) => {
    requireAllowed('confirm', viewer, order, now);
    const { planned } = await plannedOf(tx, order);
    await lockOrderEntries(tx, onCalendar(order), planned, now);
    await updateOrderRow(tx, order.teamId, order.id, {
      status: 'confirmed',
      confirmedAt: now,
      updatedAt: now,
    });
    await notifyOwner(tx, order, auth, { title: ORDER_NOTICES.confirmed(order.number), at: now });
    await recordOperation(tx, {
      action: 'order_confirm',
      actor: memberActor(auth, origin, now),
      targetId: order.id,
      detail: { name: orderName(order) },
    });
  });
}

/**
 * POST /v1/orders/{id}/cancel: with a reason, at any point before billed; its days are released and an
 * approval it was waiting for is withdrawn.
 */
export function cancelOrder(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  input: OrderCancel,
  origin: RequestOrigin,
) {
  return runStep(deps, auth, orderId, async ({ tx, order, viewer, now }) => {
    requireAllowed('cancel', viewer, order, now);
    await updateOrderRow(tx, order.teamId, order.id, {
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: now,
      updatedAt: now,
    });
    await releaseOrderEntries(tx, onCalendar(order), 'cancelled', now);
    // Cancelled while it waited: its approvers are no longer asked to decide it.
    await withdrawApproval(tx, approvalOf(order), now);
    await notifyOwner(tx, order, auth, {
      title: ORDER_NOTICES.cancelled(order.number),
      body: input.reason,
      at: now,
    });
    await recordOperation(tx, {
      action: 'order_cancel',
      actor: memberActor(auth, origin, now),
      targetId: order.id,
      detail: { name: orderName(order), reason: input.reason },
    });
  });
}

/** POST /v1/orders/{id}/bill: a completed order (confirmed, its last day past) goes to finance. */
export function billOrder(deps: OrderDeps, auth: AuthContext, orderId: number, origin: RequestOrigin) {
  return runStep(deps, auth, orderId, async ({ tx, order, viewer, now }) => {
    requireAllowed('bill', viewer, order, now);
    await updateOrderRow(tx, order.teamId, order.id, { status: 'billed', billedAt: now, updatedAt: now });
    await recordOperation(tx, {
      action: 'order_bill',
      actor: memberActor(auth, origin, now),
      targetId: order.id,
      detail: { name: orderName(order) },
    });
  });
}
