import { TAX_RATES, type TaxRate } from '@trackit/contract/constants';
import { type FeeFigures, orderTotals, sumTotals } from '@trackit/contract/money';
import type { FeeLine, Order, OrderAttachment, OrderListItem } from '@trackit/contract/order.schema';
import { presentOrderEntry } from '../calendar/calendar.presenter';
import { feesVisible, orderAbilities, presentedStatus } from './order.policy';
import type { AttachmentRow, FeeLineRecord, OrderRow } from './order.repository';
import type { OrderListView, OrderView } from './order-view.service';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The stored rate, one of TAX_RATES (the table's CHECK constraint holds it to them). */
function taxRateOf(rate: number): TaxRate {
  const known = TAX_RATES.find((candidate) => candidate === rate);
  if (known === undefined) throw new Error(`unknown tax rate ${rate}`);
  return known;
}

/** What the contract's money functions read of a stored line. */
const figuresOf = (fee: FeeLineRecord): FeeFigures => ({
  kind: fee.kind,
  amount: fee.amount,
  quantity: fee.quantityHundredths === null ? null : fee.quantityHundredths / 100,
  tax_rate: fee.taxRate,
});

function presentFee(fee: FeeLineRecord): FeeLine {
  return {
    id: fee.id,
    kind: fee.kind,
    amount: fee.amount,
    unit: fee.unit,
    quantity: fee.quantityHundredths === null ? null : fee.quantityHundredths / 100,
    tax_rate: taxRateOf(fee.taxRate),
    note: fee.note,
    media: fee.media,
    territory: fee.territory,
    start_date: fee.startDate,
    end_date: fee.endDate,
    renewal: fee.renewal,
    payment_status: fee.paymentStatus,
    subtotal: fee.subtotal,
    tax: fee.tax,
    total: fee.total,
  };
}

/** What the list and the page share of an order. */
function presentCommon(row: OrderRow, today: string, visible: boolean) {
  return {
    id: row.id,
    number: row.number,
    status: presentedStatus(row, today),
    approval_status: row.approvalStatus,
    company:
      row.companyId !== null && row.companyName !== null
        ? { id: row.companyId, name: row.companyName }
        : null,
    contact:
      row.contactId !== null && row.contactName !== null
        ? { id: row.contactId, name: row.contactName }
        : null,
    brand: row.brand,
    job_type: row.jobType,
    title: row.title,
    first_date: row.firstDate,
    last_date: row.lastDate,
    owner:
      row.ownerMembershipId !== null && row.ownerNickname !== null
        ? { id: row.ownerMembershipId, nickname: row.ownerNickname }
        : null,
    fees_visible: visible,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentAttachment(attachment: AttachmentRow & { url: string }): OrderAttachment {
  return {
    id: attachment.id,
    name: attachment.name,
    content_type: attachment.contentType,
    byte_size: attachment.byteSize,
    url: attachment.url,
    created_at: attachment.createdAt.toISOString(),
  };
}

/** GET /v1/orders/{id}: fee lines and totals only for who may see them (order.policy.ts `feesVisible`). */
export function presentOrder(view: OrderView): Order {
  const { row, viewer, today } = view;
  const visible = feesVisible(viewer, row);
  const figures = orderTotals(
    view.models.map((model) => ({ model_id: model.modelId, fees: model.fees.map(figuresOf) })),
  );
  return {
    ...presentCommon(row, today, visible),
    totals: visible ? figures.totals : null,
    place: row.place,
    notes: row.notes,
    days: row.days.map((day) => ({ date: day.date, start_time: day.start_time, end_time: day.end_time })),
    models: view.models.map((model, index) => ({
      model_id: model.modelId,
      name: model.name,
      english_name: model.englishName,
      cover_thumb_url: model.coverThumbUrl,
      fees: visible ? model.fees.map(presentFee) : [],
      totals: visible ? (figures.models[index]?.totals ?? null) : null,
    })),
    hold_until: iso(row.holdUntil),
    cancel_reason: row.cancelReason,
    team_recipient_id: row.teamRecipientId,
    team_recipient:
      row.teamRecipientId !== null && row.recipient
        ? {
            id: row.teamRecipientId,
            short_name: row.recipient.shortName,
            taxpayer_type: row.recipient.taxpayerType,
            default_tax_rate:
              row.recipient.defaultTaxRate === null ? null : taxRateOf(row.recipient.defaultTaxRate),
          }
        : null,
    renewal_of:
      row.renewalOfOrderId !== null && row.renewalOfNumber !== null
        ? { id: row.renewalOfOrderId, number: row.renewalOfNumber }
        : null,
    attachments: view.attachments.map(presentAttachment),
    approvals: view.approvals,
    entries: view.entries.map((entry) => presentOrderEntry(entry, view.now)),
    can: orderAbilities(viewer, row, today),
    submitted_at: iso(row.submittedAt),
    confirmed_at: iso(row.confirmedAt),
    billed_at: iso(row.billedAt),
    cancelled_at: iso(row.cancelledAt),
    payment_state: view.paymentState,
  };
}

/** A row of GET /v1/orders (and of its Excel export). */
export function presentOrderListItem(view: OrderListView): OrderListItem {
  const visible = feesVisible(view.viewer, view.row);
  return {
    ...presentCommon(view.row, view.today, visible),
    totals: visible ? sumTotals(view.fees.map(figuresOf)) : null,
    day_count: view.row.days.length,
    models: view.models.map((model) => ({ model_id: model.modelId, name: model.name })),
  };
}
