/**
 * What every order service shares to apply the order policy (order.policy.ts) and name an order: the
 * refusal thrown, the check of an action on the order as stored, and the name the log and notices use.
 */
import { businessDate } from '@trackit/contract/business-time';
import { AppError } from '../../http/app-error';
import { type OrderRefusal, type OrderViewer, orderRefusal } from './order.policy';
import type { OrderRecord } from './order.repository';

/** Throws the policy's refusal: 403 for the wrong member or level, 409 for the wrong status. */
export function refuse(refusal: OrderRefusal | null): void {
  if (!refusal) return;
  throw new AppError(refusal.error, refusal.message ? { message: refusal.message } : {});
}

/** Checks the policy for `action` on the order as stored, and throws its refusal. */
export function requireAllowed(
  action: Parameters<typeof orderRefusal>[0],
  viewer: OrderViewer,
  order: OrderRecord,
  now: Date,
): void {
  refuse(orderRefusal(action, viewer, order, businessDate(now)));
}

/** How the log and notices name an order: its number, and its title when it has one. */
export const orderName = (order: Pick<OrderRecord, 'number' | 'title'>) =>
  order.title ? `${order.number}「${order.title}」` : order.number;
