/**
 * Who may do what with one order (docs/product.md "Orders"), as pure functions of the caller's `my_bill`
 * level and the order's state. The routes already demand each endpoint's level; these add the record's
 * rules: an agent works on their own orders, a manager on all of them; a step is refused (409) when the
 * order is not where it must be. The same answers fill the order's `can`.
 */
import { isApprover } from '@trackit/contract/approval.schema';
import type { ApprovalStatus, PermissionLevel } from '@trackit/contract/enums';
import type { OrderAbilities } from '@trackit/contract/order.schema';
import type { OrderStatus } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { levelAllows } from '@trackit/contract/permissions';
import type { OrderStoredStatus } from './order.tables';

/** The caller: their membership and their `my_bill` level (none: undefined). */
export interface OrderViewer {
  membershipId: number;
  level: PermissionLevel | undefined;
}

/** What the rules read of an order. */
export interface OrderState {
  ownerMembershipId: number | null;
  status: OrderStoredStatus;
  approvalStatus: ApprovalStatus | null;
  lastDate: string | null;
}

export type OrderAction = keyof OrderAbilities;

/** Why an action is refused: 403 for the wrong member or level, 409 for the wrong status. */
export interface OrderRefusal {
  error: 'forbidden' | 'conflict';
  message?: string;
}

/** The status an order is presented with on the business date `today`: confirmed and past is completed. */
export function presentedStatus(order: Pick<OrderState, 'status' | 'lastDate'>, today: string): OrderStatus {
  return order.status === 'confirmed' && order.lastDate !== null && order.lastDate < today
    ? 'completed'
    : order.status;
}

export const isOrderOwner = (viewer: OrderViewer, order: Pick<OrderState, 'ownerMembershipId'>) =>
  order.ownerMembershipId === viewer.membershipId;
const manages = (viewer: OrderViewer) => levelAllows(viewer.level, 'manage');
const edits = (viewer: OrderViewer) => levelAllows(viewer.level, 'edit');

/** The owner and members with manage see the amounts; others see the order without its fees. */
export const feesVisible = (viewer: OrderViewer, order: Pick<OrderState, 'ownerMembershipId'>) =>
  isOrderOwner(viewer, order) || manages(viewer);

const forbidden = (message?: string): OrderRefusal => ({
  error: 'forbidden',
  ...(message ? { message } : {}),
});
const conflict = (message: string): OrderRefusal => ({ error: 'conflict', message });

/** Owner or manager, at edit level at least. */
function ownerOrManager(viewer: OrderViewer, order: OrderState): OrderRefusal | null {
  if (!edits(viewer)) return forbidden();
  return isOrderOwner(viewer, order) || manages(viewer) ? null : forbidden(ORDER_MESSAGES.notOwner);
}

function memberRefusal(action: OrderAction, viewer: OrderViewer, order: OrderState): OrderRefusal | null {
  switch (action) {
    case 'export':
      // Whoever sees the order may hand its confirmation to the client (without the fees they may not see).
      return levelAllows(viewer.level, 'read') ? null : forbidden();
    case 'approve':
      return isApprover('order', viewer.level) ? null : forbidden();
    case 'confirm':
      return manages(viewer) ? null : forbidden();
    case 'cancel':
      // A draft is its owner's to drop; once submitted, only a manager cancels.
      if (order.status === 'submitted' || order.status === 'confirmed') {
        return manages(viewer) ? null : forbidden(ORDER_MESSAGES.draftCancelByOwner);
      }
      return ownerOrManager(viewer, order);
    default:
      return ownerOrManager(viewer, order);
  }
}

function statusRefusal(action: OrderAction, order: OrderState, today: string): OrderRefusal | null {
  const { status, approvalStatus } = order;
  // A cancelled job is confirmed to nobody: no confirmation of it goes to a client.
  if (status === 'cancelled') {
    return conflict(action === 'export' ? ORDER_MESSAGES.confirmationOfCancelled : ORDER_MESSAGES.cancelled);
  }
  switch (action) {
    case 'edit':
      return status === 'draft' ? null : conflict(ORDER_MESSAGES.notDraft);
    case 'submit':
      if (status === 'draft') return null;
      return conflict(status === 'submitted' ? ORDER_MESSAGES.alreadySubmitted : ORDER_MESSAGES.notDraft);
    case 'approve':
      if (status === 'submitted' && approvalStatus === 'init') return null;
      return conflict(status === 'draft' ? ORDER_MESSAGES.notSubmitted : ORDER_MESSAGES.alreadyDecided);
    case 'confirm':
      if (status === 'submitted' && approvalStatus === 'passed') return null;
      return conflict(status === 'submitted' ? ORDER_MESSAGES.notPassed : ORDER_MESSAGES.notConfirmable);
    case 'cancel':
      return status === 'billed' ? conflict(ORDER_MESSAGES.alreadyBilled) : null;
    case 'bill':
      if (status !== 'confirmed') return conflict(ORDER_MESSAGES.notBillable);
      return presentedStatus(order, today) === 'completed' ? null : conflict(ORDER_MESSAGES.notCompleted);
    case 'attach':
    case 'export':
      return null;
  }
}

/**
 * Why the viewer may not take `action` on the order now, or null when they may. The member is checked
 * before the status: someone who may never act on the order learns nothing about where it stands.
 */
export function orderRefusal(
  action: OrderAction,
  viewer: OrderViewer,
  order: OrderState,
  today: string,
): OrderRefusal | null {
  return memberRefusal(action, viewer, order) ?? statusRefusal(action, order, today);
}

/** The order's `can`: each action the viewer may take now. */
export function orderAbilities(viewer: OrderViewer, order: OrderState, today: string): OrderAbilities {
  const can = (action: OrderAction) => orderRefusal(action, viewer, order, today) === null;
  return {
    edit: can('edit'),
    submit: can('submit'),
    approve: can('approve'),
    confirm: can('confirm'),
    cancel: can('cancel'),
    bill: can('bill'),
    attach: can('attach'),
    export: can('export'),
  };
}

/** Handing an order to someone other than the caller is for managers only. */
export function ownerChangeRefusal(viewer: OrderViewer, nextOwnerMembershipId: number): OrderRefusal | null {
  return nextOwnerMembershipId === viewer.membershipId || manages(viewer)
    ? null
    : forbidden(ORDER_MESSAGES.notOwner);
}
