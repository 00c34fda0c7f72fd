/**
 * The order editor's values and what is made of them: the live figures of each fee line, model and the
 * whole order (the contract's money functions, in fen, never floating-point yuan), the PATCH body of a
 * draft, and the server's field messages put back on the fields. Amounts are held in integer fen by the
 * shared MoneyInput (components/money), so 0.1 + 0.2 never happens.
 */

import { addDays, addYears } from '@trackit/contract/business-time';
import type { TaxRate } from '@trackit/contract/constants';
import type { FeeKind, JobType, RenewalOption } from '@trackit/contract/enums';
import type { ValidationErrorData } from '@trackit/contract/envelope';
import {
  type FeeFigures,
  isFenAmount,
  isValidQuantity,
  type LineTotals,
  lineTotals,
  orderExceedsLimit,
  orderTotals,
  type Totals,
} from '@trackit/contract/money';
import {
  type FeeLine,
  type FeeLineFormInput,
  type Order,
  type OrderUpdate,
  orderUpdateSchema,
} from '@trackit/contract/order.schema';
import type { FeeUnit } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES, ORDER_REQUIRED_LABELS } from '@trackit/contract/order-messages';
import { defaultFeeTaxRate, FALLBACK_TAX_RATE } from '@trackit/contract/team-recipient.schema';

/** A working day as the editor holds it: texts, so an unfinished row is kept as it is. */
export interface DayDraft {
  /** YYYY-MM-DD. */
  date: string | null;
  /** HH:mm. */
  start_time: string | null;
  end_time: string | null;
}

/**
 * A fee line as typed. Both kinds' fields are kept, so switching 费用 ↔ 肖像授权 and back loses nothing;
 * only the chosen kind's are sent.
 */
export interface FeeDraft {
  kind: FeeKind;
  /** Integer fen (MoneyInput): null while empty, NaN while the text typed is not an amount. */
  amount: number | null;
  unit: FeeUnit;
  quantity: number | null;
  tax_rate: TaxRate;
  note: string;
  media: string;
  territory: string;
  start_date: string | null;
  end_date: string | null;
  renewal: RenewalOption;
}

export interface ModelDraft {
  model_id: number;
  name: string;
  english_name: string | null;
  fees: FeeDraft[];
}

export interface OrderEditorValues {
  company_id: number | null;
  contact_id: number | null;
  brand: string;
  job_type: JobType | null;
  title: string;
  place: string;
  owner_member_id: number | null;
  /** ISO instant, or null: the default hold. */
  hold_until: string | null;
  /** The payee entity (收款主体); null: none. */
  team_recipient_id: number | null;
  /** Not sent: the rate a new fee line starts with, the chosen entity's (`defaultFeeTaxRate`). */
  new_fee_tax_rate: TaxRate;
  days: DayDraft[];
  models: ModelDraft[];
  notes: string;
}

/** A new day's hours. */
export const DEFAULT_DAY_HOURS = { start_time: '09:00', end_time: '18:00' } as const;
/** The tax rate a new fee line starts with on an order without a payee entity (VAT on services). */
export const DEFAULT_TAX_RATE: TaxRate = FALLBACK_TAX_RATE;

/** The editor's line of a stored fee line. */
const feeDraftOf = (fee: FeeLine): FeeDraft => ({
  kind: fee.kind,
  amount: fee.amount,
  unit: fee.unit ?? 'day',
  quantity: fee.quantity ?? 1,
  tax_rate: fee.tax_rate,
  note: fee.note,
  media: fee.media ?? '',
  territory: fee.territory ?? '',
  start_date: fee.start_date,
  end_date: fee.end_date,
  renewal: fee.renewal ?? 'pending',
});

/** The editor's values of a stored draft. */
export const orderEditorValues = (order: Order): OrderEditorValues => ({
  company_id: order.company?.id ?? null,
  contact_id: order.contact?.id ?? null,
  brand: order.brand,
  job_type: order.job_type,
  title: order.title,
  place: order.place,
  owner_member_id: order.owner?.id ?? null,
  hold_until: order.hold_until,
  team_recipient_id: order.team_recipient_id,
  new_fee_tax_rate: defaultFeeTaxRate(order.team_recipient),
  days: order.days.map((day) => ({ date: day.date, start_time: day.start_time, end_time: day.end_time })),
  models: order.models.map((model) => ({
    model_id: model.model_id,
    name: model.name,
    english_name: model.english_name,
    fees: model.fees.map(feeDraftOf),
  })),
  notes: order.notes,
});

/** "Add next day": the day after the latest one, with its hours (or today with the usual hours). */
export const nextDayDraft = (days: readonly DayDraft[], today: string): DayDraft => {
  const dated = days.filter((day): day is DayDraft & { date: string } => day.date !== null);
  const last = dated.reduce<(DayDraft & { date: string }) | undefined>(
    (latest, day) => (latest === undefined || day.date > latest.date ? day : latest),
    undefined,
  );
  if (!last) return { date: today, ...DEFAULT_DAY_HOURS };
  return {
    date: addDays(last.date, 1),
    start_time: last.start_time ?? DEFAULT_DAY_HOURS.start_time,
    end_time: last.end_time ?? DEFAULT_DAY_HOURS.end_time,
  };
};

/** A new 费用 line: per day, as many days as the order has (at least one), at the entity's rate. */
export const modelFeeDraft = (dayCount: number, taxRate: TaxRate = DEFAULT_TAX_RATE): FeeDraft => ({
  kind: 'ModelFee',
  amount: null,
  unit: 'day',
  quantity: Math.max(dayCount, 1),
  tax_rate: taxRate,
  note: '',
  media: '',
  territory: '',
  start_date: null,
  end_date: null,
  renewal: 'pending',
});

/** A new 肖像授权 line: for a year from the order's first day (or today), at the entity's rate. */
export const usageFeeDraft = (
  firstDate: string | null,
  today: string,
  taxRate: TaxRate = DEFAULT_TAX_RATE,
): FeeDraft => {
  const start = firstDate ?? today;
  return {
    ...modelFeeDraft(1, taxRate),
    kind: 'UsageFee',
    quantity: 1,
    start_date: start,
    end_date: addDays(addYears(start, 1), -1),
  };
};

// --- Figures --------------------------------------------------------------------------------------------------

/** The figures of a line as typed so far; undefined while its amount or quantity is not a valid one. */
export const feeFigures = (fee: Partial<FeeDraft> | undefined): FeeFigures | undefined => {
  if (!fee?.kind) return undefined;
  const amount = fee.amount;
  if (!isFenAmount(amount)) return undefined;
  const taxRate = fee.tax_rate ?? 0;
  if (fee.kind === 'UsageFee') return { kind: 'UsageFee', amount, tax_rate: taxRate };
  if (!isValidQuantity(fee.quantity)) return undefined;
  return { kind: 'ModelFee', amount, quantity: fee.quantity, tax_rate: taxRate };
};

/** A line's subtotal, tax and total as typed so far (undefined while incomplete). */
export const feeLineTotals = (fee: Partial<FeeDraft> | undefined): LineTotals | undefined => {
  const figures = feeFigures(fee);
  return figures && lineTotals(figures);
};

/** The figures of every line typed so far, per model; unfinished lines are left out. */
const editorFigures = (models: readonly (Partial<ModelDraft> | undefined)[] | undefined) =>
  (models ?? [])
    .filter((model): model is Partial<ModelDraft> & { model_id: number } => model?.model_id !== undefined)
    .map((model) => ({
      model_id: model.model_id,
      fees: (model.fees ?? []).flatMap((fee) => {
        const line = feeFigures(fee);
        return line ? [line] : [];
      }),
    }));

/** Whether the lines typed so far take the order past MAX_ORDER_FEN, as the server would judge it. */
export const editorExceedsOrderLimit = (models: readonly (Partial<ModelDraft> | undefined)[] | undefined) =>
  orderExceedsLimit(editorFigures(models).flatMap((model) => model.fees));

/** Live figures of the editor: per model (by id) and for the order; unfinished lines count as nothing. */
export const editorTotals = (
  models: readonly (Partial<ModelDraft> | undefined)[] | undefined,
): { byModel: Map<number, Totals>; totals: Totals } => {
  const result = orderTotals(editorFigures(models));
  return {
    byModel: new Map(result.models.map((model) => [model.model_id, model.totals])),
    totals: result.totals,
  };
};

// --- Unsaved changes ------------------------------------------------------------------------------------------

const feeSnapshot = (fee: Partial<FeeDraft> | undefined) => [
  fee?.kind ?? null,
  // JSON writes NaN as null: an amount typed wrong differs from an empty one.
  Number.isNaN(fee?.amount) ? 'NaN' : (fee?.amount ?? null),
  fee?.unit ?? null,
  fee?.quantity ?? null,
  fee?.tax_rate ?? null,
  fee?.note ?? '',
  fee?.media ?? '',
  fee?.territory ?? '',
  fee?.start_date ?? null,
  fee?.end_date ?? null,
  fee?.renewal ?? null,
];

/**
 * The editor's values as one text, the same for the same content whatever order antd built the objects
 * in: what was saved is compared with what is on screen to know whether leaving loses anything.
 */
export const editorSnapshot = (values: Partial<OrderEditorValues> | undefined): string =>
  JSON.stringify([
    values?.company_id ?? null,
    values?.contact_id ?? null,
    values?.brand ?? '',
    values?.job_type ?? null,
    values?.title ?? '',
    values?.place ?? '',
    values?.owner_member_id ?? null,
    values?.hold_until ?? null,
    values?.team_recipient_id ?? null,
    values?.notes ?? '',
    (values?.days ?? []).map((day) => [day?.date ?? null, day?.start_time ?? null, day?.end_time ?? null]),
    (values?.models ?? []).map((model) => [model?.model_id ?? null, (model?.fees ?? []).map(feeSnapshot)]),
  ]);

// --- The request body -----------------------------------------------------------------------------------------

/** A fee line as the API takes it: only the chosen kind's fields. */
const feeInput = (fee: FeeDraft): FeeLineFormInput =>
  fee.kind === 'UsageFee'
    ? {
        kind: 'UsageFee',
        amount: fee.amount ?? Number.NaN,
        tax_rate: fee.tax_rate,
        media: fee.media ?? '',
        territory: fee.territory ?? '',
        start_date: fee.start_date ?? '',
        end_date: fee.end_date ?? '',
        renewal: fee.renewal,
        note: fee.note ?? '',
      }
    : {
        kind: 'ModelFee',
        amount: fee.amount ?? Number.NaN,
        unit: fee.unit,
        quantity: fee.quantity ?? Number.NaN,
        tax_rate: fee.tax_rate,
        note: fee.note ?? '',
      };

/**
 * PATCH /v1/orders/{id} of the editor's values: the whole draft, parsed by the contract's schema (texts
 * trimmed). The owner and the hold are sent only when changed: a member below manage may not name
 * another owner, and a hold already past may stay as it was. Throws on values the form's rules let
 * through (they check the same schema).
 */
export const orderSaveBody = (values: OrderEditorValues, stored: Order): OrderUpdate => {
  const owner = values.owner_member_id;
  return orderUpdateSchema.parse({
    company_id: values.company_id ?? null,
    contact_id: values.company_id ? (values.contact_id ?? null) : null,
    brand: values.brand ?? '',
    job_type: values.job_type ?? null,
    title: values.title ?? '',
    place: values.place ?? '',
    notes: values.notes ?? '',
    days: (values.days ?? []).map((day) => ({
      date: day.date ?? '',
      start_time: day.start_time ?? '',
      end_time: day.end_time ?? '',
    })),
    models: (values.models ?? []).map((model) => ({
      model_id: model.model_id,
      fees: (model.fees ?? []).map(feeInput),
    })),
    ...(owner !== null && owner !== (stored.owner?.id ?? null) ? { owner_member_id: owner } : {}),
    ...((values.hold_until ?? null) !== stored.hold_until ? { hold_until: values.hold_until ?? null } : {}),
    ...((values.team_recipient_id ?? null) !== stored.team_recipient_id
      ? { team_recipient_id: values.team_recipient_id ?? null }
      : {}),
  });
};

/**
 * What a submission still lacks (ORDER_MESSAGES.incomplete), in the server's words; null when the draft
 * has all it needs.
 */
export const missingForSubmit = (values: OrderEditorValues): string | null => {
  const missing = [
    values.company_id ? null : ORDER_REQUIRED_LABELS.company_id,
    values.job_type ? null : ORDER_REQUIRED_LABELS.job_type,
    values.title?.trim() ? null : ORDER_REQUIRED_LABELS.title,
    values.days?.length ? null : ORDER_REQUIRED_LABELS.days,
    values.models?.length ? null : ORDER_REQUIRED_LABELS.models,
  ].filter((label): label is NonNullable<typeof label> => label !== null);
  return missing.length > 0 ? ORDER_MESSAGES.incomplete(missing.join('、')) : null;
};

// --- The server's field messages ------------------------------------------------------------------------------

/** A field's name path in the form, and its message (what antd's `setFields` takes). */
export interface FieldMessage {
  name: (string | number)[];
  errors: string[];
}

const isValidationData = (data: unknown): data is ValidationErrorData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { fields?: unknown }).fields === 'object' &&
  (data as { fields?: unknown }).fields !== null;

/**
 * The server's per-field messages (`models.0.fees.1.amount`) as form fields (`['models', 0, 'fees', 1,
 * 'amount']`): the editor's names follow the API's, so each message lands beside its field.
 */
export const fieldMessages = (errorData: unknown): FieldMessage[] => {
  if (!isValidationData(errorData)) return [];
  return Object.entries(errorData.fields)
    .filter(([path]) => path !== 'body' && path !== '')
    .map(([path, message]) => ({
      name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [message],
    }));
};
