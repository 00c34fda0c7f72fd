import type { ApprovalStatus, PermissionLevel } from '@trackit/contract/enums';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { describe, expect, it } from 'vitest';
import {
  feesVisible,
  type OrderAction,
  type OrderState,
  type OrderViewer,
  orderAbilities,
  orderRefusal,
  ownerChangeRefusal,
  presentedStatus,
} from './order.policy';
import type { OrderStoredStatus } from './order.tables';

const TODAY = '2026-11-24';
const OWNER = 7;
const order = (
  status: OrderStoredStatus,
  approvalStatus: ApprovalStatus | null = null,
  lastDate: string | null = '2026-12-01',
): OrderState => ({ ownerMembershipId: OWNER, status, approvalStatus, lastDate });
const viewer = (level: PermissionLevel | undefined, own = false): OrderViewer => ({
  membershipId: own ? OWNER : 99,
  level,
});

const draft = order('draft');
const inApproval = order('submitted', 'init');
const passed = order('submitted', 'passed');
const confirmed = order('confirmed', 'passed');
const completed = order('confirmed', 'passed', '2026-11-23');
const billed = order('billed', 'passed', '2026-11-23');
const cancelled = order('cancelled', 'init');
const rejected = order('draft', 'rejected');

const ownerEditor = viewer('edit', true);
const ownerReader = viewer('read', true);
const otherEditor = viewer('edit');
const manager = viewer('manage');
const reader = viewer('read');

const VIEWERS = {
  ownerEditor,
  ownerReader,
  otherEditor,
  manager,
  ownManager: viewer('manage', true),
  reader,
};
const ORDERS = { draft, rejected, inApproval, passed, confirmed, completed, billed, cancelled };

/** `true` allowed, or the refusal as `status message`. */
const outcome = (action: OrderAction, who: OrderViewer, state: OrderState) => {
  const refusal = orderRefusal(action, who, state, TODAY);
  return refusal ? `${refusal.error === 'forbidden' ? 403 : 409} ${refusal.message ?? ''}`.trim() : true;
};

describe('order policy', () => {
  it('derives completed from the last day, in business dates', () => {
    expect(presentedStatus(confirmed, TODAY)).toBe('confirmed');
    expect(presentedStatus(order('confirmed', 'passed', TODAY), TODAY)).toBe('confirmed');
    expect(presentedStatus(completed, TODAY)).toBe('completed');
    expect(presentedStatus(billed, TODAY)).toBe('billed');
    expect(presentedStatus(draft, TODAY)).toBe('draft');
  });

  it('shows the fees to the owner and to managers only', () => {
    expect(feesVisible(ownerReader, draft)).toBe(true);
    expect(feesVisible(manager, draft)).toBe(true);
    expect(feesVisible(otherEditor, draft)).toBe(false);
    expect(feesVisible(reader, draft)).toBe(false);
  });

  it.each([
    // action, viewer, order, outcome
    ['edit', 'ownerEditor', 'draft', true],
    ['edit', 'ownerEditor', 'rejected', true],
    ['edit', 'manager', 'draft', true],
    ['edit', 'otherEditor', 'draft', `403 ${ORDER_MESSAGES.notOwner}`],
    ['edit', 'ownerReader', 'draft', '403'],
    ['edit', 'ownerEditor', 'inApproval', `409 ${ORDER_MESSAGES.notDraft}`],
    ['edit', 'ownerEditor', 'cancelled', `409 ${ORDER_MESSAGES.cancelled}`],
    ['submit', 'ownerEditor', 'draft', true],
    ['submit', 'manager', 'draft', true],
    ['submit', 'otherEditor', 'draft', `403 ${ORDER_MESSAGES.notOwner}`],
    ['submit', 'ownerEditor', 'inApproval', `409 ${ORDER_MESSAGES.alreadySubmitted}`],
    ['submit', 'ownerEditor', 'confirmed', `409 ${ORDER_MESSAGES.notDraft}`],
    ['approve', 'manager', 'inApproval', true],
    ['approve', 'ownManager', 'inApproval', true],
    ['approve', 'ownerEditor', 'inApproval', '403'],
    ['approve', 'manager', 'draft', `409 ${ORDER_MESSAGES.notSubmitted}`],
    ['approve', 'manager', 'passed', `409 ${ORDER_MESSAGES.alreadyDecided}`],
    ['approve', 'manager', 'confirmed', `409 ${ORDER_MESSAGES.alreadyDecided}`],
    ['approve', 'manager', 'cancelled', `409 ${ORDER_MESSAGES.cancelled}`],
    ['confirm', 'manager', 'passed', true],
    ['confirm', 'ownerEditor', 'passed', '403'],
    ['confirm', 'manager', 'inApproval', `409 ${ORDER_MESSAGES.notPassed}`],
    ['confirm', 'manager', 'draft', `409 ${ORDER_MESSAGES.notConfirmable}`],
    ['confirm', 'manager', 'confirmed', `409 ${ORDER_MESSAGES.notConfirmable}`],
    ['cancel', 'ownerEditor', 'draft', true],
    ['cancel', 'manager', 'draft', true],
    ['cancel', 'otherEditor', 'draft', `403 ${ORDER_MESSAGES.notOwner}`],
    ['cancel', 'ownerEditor', 'inApproval', `403 ${ORDER_MESSAGES.draftCancelByOwner}`],
    ['cancel', 'ownerEditor', 'confirmed', `403 ${ORDER_MESSAGES.draftCancelByOwner}`],
    ['cancel', 'manager', 'confirmed', true],
    ['cancel', 'manager', 'completed', true],
    ['cancel', 'manager', 'billed', `409 ${ORDER_MESSAGES.alreadyBilled}`],
    ['cancel', 'manager', 'cancelled', `409 ${ORDER_MESSAGES.cancelled}`],
    ['bill', 'ownerEditor', 'completed', true],
    ['bill', 'manager', 'completed', true],
    ['bill', 'otherEditor', 'completed', `403 ${ORDER_MESSAGES.notOwner}`],
    ['bill', 'ownerEditor', 'confirmed', `409 ${ORDER_MESSAGES.notCompleted}`],
    ['bill', 'ownerEditor', 'passed', `409 ${ORDER_MESSAGES.notBillable}`],
    ['bill', 'ownerEditor', 'billed', `409 ${ORDER_MESSAGES.notBillable}`],
    ['attach', 'ownerEditor', 'confirmed', true],
    ['attach', 'otherEditor', 'confirmed', `403 ${ORDER_MESSAGES.notOwner}`],
    ['attach', 'ownerEditor', 'cancelled', `409 ${ORDER_MESSAGES.cancelled}`],
    ['export', 'reader', 'draft', true],
    ['export', 'reader', 'completed', true],
    ['export', 'otherEditor', 'billed', true],
    ['export', 'reader', 'cancelled', `409 ${ORDER_MESSAGES.confirmationOfCancelled}`],
    ['export', 'manager', 'cancelled', `409 ${ORDER_MESSAGES.confirmationOfCancelled}`],
  ] as const)('%s by %s on %s: %s', (action, who, state, expected) => {
    expect(outcome(action, VIEWERS[who], ORDERS[state])).toBe(expected);
  });

  it('fills `can` from the same rules', () => {
    expect(orderAbilities(ownerEditor, draft, TODAY)).toEqual({
      edit: true,
      submit: true,
      approve: false,
      confirm: false,
      cancel: true,
      bill: false,
      attach: true,
      export: true,
    });
    expect(orderAbilities(manager, passed, TODAY)).toEqual({
      edit: false,
      submit: false,
      approve: false,
      confirm: true,
      cancel: true,
      bill: false,
      attach: true,
      export: true,
    });
    expect(orderAbilities(reader, completed, TODAY)).toEqual({
      edit: false,
      submit: false,
      approve: false,
      confirm: false,
      cancel: false,
      bill: false,
      attach: false,
      export: true,
    });
    expect(orderAbilities(ownerEditor, cancelled, TODAY).export).toBe(false);
  });

  it('lets only a manager hand an order to someone else', () => {
    expect(ownerChangeRefusal(ownerEditor, OWNER)).toBeNull();
    expect(ownerChangeRefusal(ownerEditor, 12)).toEqual({
      error: 'forbidden',
      message: ORDER_MESSAGES.notOwner,
    });
    expect(ownerChangeRefusal(manager, 12)).toBeNull();
  });
});
