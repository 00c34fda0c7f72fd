/**
 * Orders as members read them (docs/product.md "Orders"): one order with everything its page shows, the
 * list filtered and paged in the database, its export and its history. What the caller may see and do
 * is the order policy's (order.policy.ts); the presenter applies it.
 */
import { orderMoney } from '@trackit/contract/allocations';
import { type ApprovalStep, isApprover } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import type { PageQuery } from '@trackit/contract/envelope';
import type { OrderPaymentState } from '@trackit/contract/finance-enums';
import {
  OPTIONS_EXPIRING_SOON_HOURS,
  ORDER_EXPORT_MAX_ROWS,
  type OrderFilter,
  type OrderQuery,
} from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { approvalHistory } from '../approval/approval.service';
import { listEntriesOfOrders, type ShownEntryRow } from '../calendar/calendar.service';
import { listRecordHistory } from '../operation-log/operation-log.service';
import { paidOfFeeLines } from '../payment/payment.service';
import { grantsOf } from '../permission/permission.service';
import { getTeamName } from '../team/team.service';
import { findRecipientForDocument } from '../team-recipient/team-recipient.service';
import { signBlobDownload, signFile } from '../upload/signed-files.service';
import type { UploadDeps } from '../upload/upload.service';
import { type OrderViewer, orderRefusal } from './order.policy';
import {
  type AttachmentRow,
  type FeeLineRecord,
  findOrder,
  listAttachments,
  listFeeLinesOfOrders,
  listModelsOfOrders,
  type OrderRow,
} from './order.repository';
import { listOrders, type OrderListFilter } from './order-list.repository';
import { refuse } from './order-rules';

export type OrderDeps = Pick<UploadDeps, 'db' | 'clock' | 'storage' | 'blobKey' | 'log'>;

export const orderNotFound = () => new AppError('notFound', { message: ORDER_MESSAGES.orderNotFound });

/** The caller as the order policy sees them: their membership and `my_bill` level. */
export async function viewerOf(deps: Pick<OrderDeps, 'db'>, auth: AuthContext): Promise<OrderViewer> {
  const grants = await grantsOf({ db: deps.db }, auth);
  return { membershipId: auth.membershipId, level: grants.get('my_bill') };
}

/** A model on an order as its answer shows it: the cover's thumbnail signed, its fee lines. */
export interface OrderModelView {
  modelId: number;
  name: string;
  englishName: string | null;
  coverThumbUrl: string | null;
  fees: FeeLineRecord[];
}

/** One order as GET /v1/orders/{id} shows it to `viewer`. */
export interface OrderView {
  row: OrderRow;
  viewer: OrderViewer;
  now: Date;
  today: string;
  models: OrderModelView[];
  approvals: ApprovalStep[];
  attachments: (AttachmentRow & { url: string })[];
  entries: ShownEntryRow[];
  /** The contract's orderMoney state of the fee lines' payments; null while there is nothing to collect. */
  paymentState: OrderPaymentState | null;
}

/** Orders whose money is collected (issue 23): confirmed or billed. */
const COLLECTED_STATUSES = new Set(['confirmed', 'billed']);

/** How much of the order is received, from what allocations paid of its lines (one read for all lines). */
async function paymentStateOf(
  deps: Pick<OrderDeps, 'db'>,
  teamId: number,
  row: OrderRow,
  fees: FeeLineRecord[],
): Promise<OrderPaymentState | null> {
  if (!COLLECTED_STATUSES.has(row.status)) return null;
  const paid = await paidOfFeeLines(
    deps.db,
    teamId,
    fees.map((fee) => fee.id),
  );
  return orderMoney(fees.map((fee) => ({ total: fee.total, invoiced: 0, paid: paid.get(fee.id) ?? 0 })))
    .state;
}

/** An order as a row of the list shows it. */
export interface OrderListView {
  row: OrderRow;
  viewer: OrderViewer;
  today: string;
  models: { modelId: number; name: string }[];
  fees: FeeLineRecord[];
}

/** An attachment with its signed download address. */
export function signAttachment(deps: Pick<OrderDeps, 'storage'>, attachment: AttachmentRow) {
  return signBlobDownload(deps, {
    key: attachment.blobKey,
    contentType: attachment.contentType,
    name: attachment.name,
  }).then((url) => ({ ...attachment, url }));
}

/** The order of the caller's team with everything its page shows; another team's is "not found". */
export async function loadOrderView(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  viewer?: OrderViewer,
): Promise<OrderView> {
  const now = deps.clock();
  const row = await findOrder(deps.db, auth.teamId, orderId);
  if (!row) throw orderNotFound();
  const [who, models, fees, approvals, attachments, entries] = await Promise.all([
    viewer ?? viewerOf(deps, auth),
    listModelsOfOrders(deps.db, auth.teamId, [orderId], true),
    listFeeLinesOfOrders(deps.db, auth.teamId, [orderId]),
    approvalHistory(deps.db, { teamId: auth.teamId, kind: 'order', recordId: orderId }),
    listAttachments(deps.db, auth.teamId, orderId),
    listEntriesOfOrders(deps.db, auth.teamId, [orderId], now),
  ]);
  return {
    row,
    viewer: who,
    now,
    today: businessDate(now),
    models: await Promise.all(
      models.map(async (model) => {
        const cover = model.cover ? await signFile(deps, model.cover) : null;
        return {
          modelId: model.modelId,
          name: model.name,
          englishName: model.englishName,
          coverThumbUrl: cover ? (cover.thumbUrl ?? cover.previewUrl) : null,
          fees: fees.filter((fee) => fee.modelId === model.modelId),
        };
      }),
    ),
    approvals,
    attachments: await Promise.all(attachments.map((attachment) => signAttachment(deps, attachment))),
    entries,
    paymentState: await paymentStateOf(deps, auth.teamId, row, fees),
  };
}

/** GET /v1/orders/{id}. */
export function getOrder(deps: OrderDeps, auth: AuthContext, orderId: number): Promise<OrderView> {
  return loadOrderView(deps, auth, orderId);
}

/**
 * GET /v1/orders/{id}/confirmation: the order as the caller sees it, the agency's name and the order's
 * payee entity (its legal name, credit code and account) to print;
 * refused (409) for a cancelled order, as the policy's `export` says.
 */
export async function getOrderConfirmation(deps: OrderDeps, auth: AuthContext, orderId: number) {
  const view = await loadOrderView(deps, auth, orderId);
  refuse(orderRefusal('export', view.viewer, view.row, view.today));
  const recipientId = view.row.teamRecipientId;
  const [teamName, payee] = await Promise.all([
    getTeamName(deps.db, auth.teamId),
    recipientId === null ? undefined : findRecipientForDocument(deps.db, auth.teamId, recipientId),
  ]);
  return { view, teamName, payee: payee ?? null, printedAt: deps.clock() };
}

const HOUR_MS = 3_600_000;

/**
 * The list filter as the repository takes it, at the time `now`; `awaiting_my_approval` lists nothing
 * to a member who does not approve orders (APPROVAL_KINDS.order).
 */
function toListFilter(query: OrderFilter, viewer: OrderViewer, now: Date): OrderListFilter {
  return {
    statuses: query.status,
    approvalStatuses: query.approval_status,
    jobTypes: query.job_type,
    companyId: query.company_id,
    modelId: query.model_id,
    ownerMembershipId: query.owner_member_id,
    from: query.from,
    to: query.to,
    usageEndFrom: query.usage_end_from,
    usageEndTo: query.usage_end_to,
    optionsExpiring: query.options_expiring
      ? { after: now, until: new Date(now.getTime() + OPTIONS_EXPIRING_SOON_HOURS * HOUR_MS) }
      : undefined,
    keyword: query.keyword || undefined,
    awaitingApproval: query.awaiting_my_approval
      ? isApprover('order', viewer.level)
        ? 'all'
        : 'none'
      : undefined,
    sort: query.sort,
    viewerMembershipId: viewer.membershipId,
  };
}

/** The rows of a page with their models and fee lines: one query each, whatever the page's size. */
async function listViews(deps: OrderDeps, auth: AuthContext, rows: OrderRow[], viewer: OrderViewer) {
  const ids = rows.map((row) => row.id);
  const [models, fees] = await Promise.all([
    listModelsOfOrders(deps.db, auth.teamId, ids, false),
    listFeeLinesOfOrders(deps.db, auth.teamId, ids),
  ]);
  const today = businessDate(deps.clock());
  return rows.map(
    (row): OrderListView => ({
      row,
      viewer,
      today,
      models: models
        .filter((model) => model.orderId === row.id)
        .map((model) => ({ modelId: model.modelId, name: model.name })),
      fees: fees.filter((fee) => fee.orderId === row.id),
    }),
  );
}

/** GET /v1/orders: filtered, sorted and paged in the database. */
export async function listTeamOrders(deps: OrderDeps, auth: AuthContext, query: OrderQuery) {
  const viewer = await viewerOf(deps, auth);
  const now = deps.clock();
  const { rows, total } = await listOrders(
    deps.db,
    auth.teamId,
    toListFilter(query, viewer, now),
    pageWindow(query),
    businessDate(now),
  );
  return { items: await listViews(deps, auth, rows, viewer), total };
}

/** GET /v1/orders/export: the list's filter, at most ORDER_EXPORT_MAX_ROWS orders. */
export async function exportTeamOrders(deps: OrderDeps, auth: AuthContext, query: OrderFilter) {
  const viewer = await viewerOf(deps, auth);
  const now = deps.clock();
  const { rows } = await listOrders(
    deps.db,
    auth.teamId,
    toListFilter(query, viewer, now),
    { limit: ORDER_EXPORT_MAX_ROWS, offset: 0 },
    businessDate(now),
  );
  return { items: await listViews(deps, auth, rows, viewer), exportedAt: now };
}

/** GET /v1/orders/{id}/history: what members did to the order, newest first. */
export async function listOrderHistory(
  deps: OrderDeps,
  auth: AuthContext,
  orderId: number,
  query: PageQuery,
) {
  if (!(await findOrder(deps.db, auth.teamId, orderId))) throw orderNotFound();
  return listRecordHistory(deps.db, auth.teamId, [{ type: 'order', ids: [orderId] }], pageWindow(query));
}
