/** How the order pages show an order's status, approval, calendar entries, days and money. */
import { formatDate } from '@trackit/client/format';
import { weekdayName } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  APPROVAL_STATUS_LABELS,
  type ApprovalStatus,
  CALENDAR_BOOKING_STATUS_LABELS,
  type CalendarBookingDisplayStatus,
} from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { OPTIONS_EXPIRING_SOON_HOURS, type OrderListItem } from '@trackit/contract/order.schema';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@trackit/contract/order-constants';
import { Flex, Tag } from 'antd';

/** Where the order pages are, under the admin app's base. */
export const ORDER_LIST_PATH = '/order/order';

export const READY_TO_BILL_PATH = '/order/ready_to_bill';
export const orderPath = (id: number) => `/order/${id}`;
export const orderEditorPath = (id: number) => `/order/new/${id}`;
export const orderExportPath = (id: number) => `/order/export/${id}`;

const STATUS_COLORS: Readonly<Record<OrderStatus, string>> = {
  draft: 'default',
  submitted: 'processing',
  confirmed: 'blue',
  completed: 'cyan',
  billed: 'green',
  cancelled: 'default',
};

const APPROVAL_COLORS: Readonly<Record<ApprovalStatus, string>> = {
  init: 'gold',
  passed: 'success',
  rejected: 'error',
};

const ENTRY_COLORS: Readonly<Record<CalendarBookingDisplayStatus, string>> = {
  locked: 'blue',
  reserved: 'gold',
  pending: 'processing',
  rejected: 'error',
  cancelled: 'default',
  expired: 'default',
};

export const OrderStatusTag = ({ status }: { status: OrderStatus }) => (
  <Tag color={STATUS_COLORS[status]} data-testid="order-status">
    {ORDER_STATUS_LABELS[status]}
  </Tag>
);

/** The approval's state (待审批, 已同意, 已拒绝); nothing before the first submission. */
export const ApprovalTag = ({ status }: { status: ApprovalStatus | null }) =>
  status === null ? null : (
    <Tag color={APPROVAL_COLORS[status]} title="审批状态" data-testid="order-approval">
      {APPROVAL_STATUS_LABELS[status]}
    </Tag>
  );

/**
 * Both tags of an order: where it stands, and its approval while that still says something; `stacked`
 * puts the approval under the status (a list's narrow column).
 */
export const OrderTags = ({
  status,
  approval,
  stacked = false,
}: {
  status: OrderStatus;
  approval: ApprovalStatus | null;
  stacked?: boolean;
}) => {
  const tags = (
    <>
      <OrderStatusTag status={status} />
      {/* Once confirmed, "审批已同意" says nothing more; a refusal shows on the draft it sent back. */}
      {(status === 'draft' || status === 'submitted') && <ApprovalTag status={approval} />}
    </>
  );
  return stacked ? (
    <Flex vertical align="flex-start" gap={4}>
      {tags}
    </Flex>
  ) : (
    <span style={{ whiteSpace: 'nowrap' }}>{tags}</span>
  );
};

/** A calendar entry's status, with its rank among the options of the day (第1选择). */
export const EntryStatusTag = ({
  status,
  rank,
}: {
  status: CalendarBookingDisplayStatus;
  rank: number | null;
}) => (
  <span>
    <Tag
      color={ENTRY_COLORS[status]}
      style={status === 'cancelled' ? { textDecoration: 'line-through' } : undefined}
      data-testid="entry-status"
    >
      {CALENDAR_BOOKING_STATUS_LABELS[status]}
    </Tag>
    {rank !== null && (
      <Tag color={rank === 1 ? 'green' : 'default'} data-testid="entry-rank">
        第{rank}选择
      </Tag>
    )}
  </span>
);

/** `2026-03-05（周四）`. */
export const dateWithWeekday = (date: string): string => `${date}（${weekdayName(date)}）`;

/**
 * `03-05 ~ 03-07` this year, `2027-01-08 ~ 01-10` another year, or one date; `--` without days.
 */
export const dayRange = (first: string | null, last: string | null, now = new Date()): string => {
  if (!first) return MESSAGES.empty;
  const thisYear = String(now.getFullYear());
  const start = first.startsWith(thisYear) ? first.slice(5) : first;
  if (!last || last === first) return start;
  const end = last.slice(0, 4) === first.slice(0, 4) ? last.slice(5) : last;
  return `${start} ~ ${end}`;
};

/** `2026-03-05 14:30`, or `--`. */
export const dateTimeText = (value: string | null): string => formatDate(value, DATE_FORMATS.dateTime);

/** Models named in a row before `+N`. */
const MODELS_SHOWN = 2;

/** `刘晓阳、王珊 +3`. */
export const modelNames = (models: OrderListItem['models']): string => {
  if (models.length === 0) return MESSAGES.empty;
  const named = models
    .slice(0, MODELS_SHOWN)
    .map((model) => model.name)
    .join('、');
  return models.length > MODELS_SHOWN ? `${named} +${models.length - MODELS_SHOWN}` : named;
};

/** The dashboard's filters, which the list has no field for: named on a tag that removes them. */
export const optionsExpiringText = `档期 ${OPTIONS_EXPIRING_SOON_HOURS} 小时内过期`;
export const usageEndText = (from: string | undefined, to: string | undefined): string =>
  `肖像授权到期 ${from ?? '…'} 至 ${to ?? '…'}`;
