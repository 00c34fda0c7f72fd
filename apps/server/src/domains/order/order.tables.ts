import { TAX_RATES } from '@trackit/contract/constants';
import {
  APPROVAL_STATUSES,
  FEE_KINDS,
  JOB_TYPES,
  PAYMENT_STATUSES,
  RENEWAL_OPTIONS,
} from '@trackit/contract/enums';
import { MAX_FEE_FEN, MAX_FEE_QUANTITY, MAX_LINE_FEN, MAX_ORDER_FEN } from '@trackit/contract/money';
import type { OrderDay } from '@trackit/contract/order.schema';
import { FEE_UNITS } from '@trackit/contract/order-constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { companies } from '../company/company.tables';
import { contacts } from '../contact/contact.tables';
import { models } from '../model/model.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { blobs } from '../upload/upload.tables';

/**
 * The statuses an order is stored with. `completed` is not among them: a confirmed order whose last day
 * is past is completed (docs/product.md "Orders"), worked out when read.
 */
export const ORDER_STORED_STATUSES = ['draft', 'submitted', 'confirmed', 'billed', 'cancelled'] as const;
export type OrderStoredStatus = (typeof ORDER_STORED_STATUSES)[number];

/**
 * An order (booking). `days` is the ordered list of working days with their hours; `first_date` and
 * `last_date` are kept from it for the list's date filter and the "work done" rule.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    /** Team prefix + business date + sequence of the day (HF20261124001); never reused. */
    number: varchar('number', { length: 32 }).notNull(),
    status: enumColumn('status', ORDER_STORED_STATUSES, 16).notNull().default('draft'),
    approvalStatus: enumColumn('approval_status', APPROVAL_STATUSES, 16),
    companyId: bigint('company_id', { mode: 'number' }),
    contactId: bigint('contact_id', { mode: 'number' }),
    /** The payee entity (收款主体) that invoices and receives the money; the team's default when made. */
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }),
    brand: varchar('brand', { length: 50 }).notNull().default(''),
    jobType: enumColumn('job_type', JOB_TYPES, 32),
    title: varchar('title', { length: 100 }).notNull().default(''),
    place: varchar('place', { length: 200 }).notNull().default(''),
    notes: text('notes').notNull().default(''),
    days: jsonb('days').$type<OrderDay[]>().notNull().default([]),
    firstDate: date('first_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    ownerMembershipId: bigint('owner_membership_id', { mode: 'number' }),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    /** When the order's options lapse; null: OPTION_DEFAULT_HOURS after each is placed. */
    holdUntil: timestamp('hold_until', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    /** A renewal order made by the usage-licence job: the order and fee line it renews. */
    renewalOfOrderId: bigint('renewal_of_order_id', { mode: 'number' }),
    renewalOfFeeLineId: bigint('renewal_of_fee_line_id', { mode: 'number' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    billedAt: timestamp('billed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The sum of its fee lines' totals (tax included), kept by the database itself: triggers on
     * fee_lines add and subtract each statement's lines (migration 0013_money_bounds.sql), and
     * `orders_fees_total_check` refuses the statement that would take an order past MAX_ORDER_FEN. Being
     * a row update, two transactions adding lines to one order at once take turns on it, so together they
     * cannot pass the bound either. Nothing in the code writes it; answers still add the lines up with
     * the contract's money functions.
     */
    feesTotal: bigint('fees_total', { mode: 'number' }).notNull().default(0),
    /**
     * What issued invoices took of its lines less what passed red-letter corrections gave back, and what is
     * received of them (each line up to its total): caches the payment domain alone writes, in the
     * transaction of each change (payment/payment.service.ts `settlePayments`: allocations, invoice issue and
     * correction), so 费用 and the finance dashboard read an order's money from its own row (docs/decisions.md
     * "Payments ledger", "One owner for what is paid").
     */
    invoiced: bigint('invoiced', { mode: 'number' }).notNull().default(0),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  // Each list order (ORDER_SORTS) and filter has an index led by the team.
  (t) => [
    teamKey('orders', t),
    teamReference('orders_company_team_fk', t.teamId, t.companyId, companies),
    teamReference('orders_contact_team_fk', t.teamId, t.contactId, contacts),
    teamReference('orders_team_recipient_team_fk', t.teamId, t.teamRecipientId, teamRecipients),
    teamReference('orders_owner_membership_team_fk', t.teamId, t.ownerMembershipId, memberships),
    teamReference('orders_created_by_membership_team_fk', t.teamId, t.createdByMembershipId, memberships),
    uniqueIndex('orders_team_number_key').on(t.teamId, t.number),
    index('orders_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('orders_team_first_date_idx').on(t.teamId, t.firstDate.desc(), t.id.desc()),
    index('orders_team_status_last_date_idx').on(t.teamId, t.status, t.lastDate),
    index('orders_team_company_idx').on(t.teamId, t.companyId, t.createdAt.desc()),
    index('orders_team_recipient_idx').on(t.teamId, t.teamRecipientId),
    index('orders_team_owner_idx').on(t.teamId, t.ownerMembershipId, t.createdAt.desc()),
    // Billed orders with something left to receive: today's receivables (domains/finance/fee-list.repository.ts)
    // read these, a fraction of the billed orders once most are paid; with the figures the dashboard groups
    // in the index (drizzle has no INCLUDE), it reads them without visiting the table.
    index('orders_team_owed_idx')
      .on(t.teamId, t.lastDate, t.companyId, t.feesTotal, t.received)
      .where(sql`status = 'billed' and fees_total > received`),
    enumCheck('orders_status_check', t.status, ORDER_STORED_STATUSES),
    enumCheck('orders_approval_status_check', t.approvalStatus, APPROVAL_STATUSES),
    enumCheck('orders_job_type_check', t.jobType, JOB_TYPES),
    check('orders_fees_total_check', sql`${t.feesTotal} between 0 and ${sql.raw(String(MAX_ORDER_FEN))}`),
    check('orders_billed_check', sql`${t.status} <> 'billed' or ${t.billedAt} is not null`),
    // The payment caches (payment/payment.service.ts): within the order's fees.
    check(
      'orders_money_check',
      sql`${t.received} between 0 and ${t.feesTotal} and ${t.invoiced} between 0 and ${t.feesTotal}`,
    ),
  ],
);

/** A model on an order, in its place. */
export const orderModels = pgTable(
  'order_models',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    teamKey('order_models', t),
    teamReference('order_models_order_team_fk', t.teamId, t.orderId, orders).onDelete('cascade'),
    teamReference('order_models_model_team_fk', t.teamId, t.modelId, models),
    uniqueIndex('order_models_order_model_key').on(t.orderId, t.modelId),
    index('order_models_team_model_idx').on(t.teamId, t.modelId),
  ],
);

/**
 * A fee line of a model on an order, in integer fen. `subtotal`, `tax` and `total` are stored as the
 * contract's `lineTotals` gives them when the line is written, so finance sums them in SQL. CHECK
 * constraints hold every stored line within the contract's bounds (MAX_FEE_FEN, MAX_FEE_QUANTITY,
 * MAX_LINE_FEN), so no answer computed from stored lines can leave the exact integers.
 */
export const feeLines = pgTable(
  'fee_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    kind: enumColumn('kind', FEE_KINDS, 16).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    unit: enumColumn('unit', FEE_UNITS, 8),
    /** Hundredths (150 = 1.5 days); null for a usage fee. */
    quantityHundredths: integer('quantity_hundredths'),
    taxRate: smallint('tax_rate').notNull(),
    note: varchar('note', { length: 100 }).notNull().default(''),
    media: varchar('media', { length: 100 }),
    territory: varchar('territory', { length: 50 }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    renewal: enumColumn('renewal', RENEWAL_OPTIONS, 16),
    paymentStatus: enumColumn('payment_status', PAYMENT_STATUSES, 16).notNull().default('unpaid'),
    /**
     * What the payments ledger holds as paid of the line (its sum): a cache the payment domain alone writes
     * (payment/payment.service.ts `settlePayments`), with `payment_status`.
     */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** When the renewal job dealt with this usage licence (once per line), and the renewal it made. */
    renewalHandledAt: timestamp('renewal_handled_at', { withTimezone: true, mode: 'date' }),
    renewalOrderId: bigint('renewal_order_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    teamKey('fee_lines', t),
    teamReference('fee_lines_order_team_fk', t.teamId, t.orderId, orders).onDelete('cascade'),
    teamReference('fee_lines_model_team_fk', t.teamId, t.modelId, models),
    index('fee_lines_order_idx').on(t.orderId, t.modelId, t.position),
    index('fee_lines_usage_end_idx')
      .on(t.teamId, t.endDate)
      .where(sql`kind = 'UsageFee' and renewal_handled_at is null`),
    // Every usage licence by its end, handled or not: the dashboard's licences expiring soon, the list's filter.
    index('fee_lines_team_usage_end_all_idx').on(t.teamId, t.endDate).where(sql`kind = 'UsageFee'`),
    enumCheck('fee_lines_kind_check', t.kind, FEE_KINDS),
    enumCheck('fee_lines_unit_check', t.unit, FEE_UNITS),
    enumCheck('fee_lines_renewal_check', t.renewal, RENEWAL_OPTIONS),
    enumCheck('fee_lines_payment_status_check', t.paymentStatus, PAYMENT_STATUSES),
    // No line is ever paid past its total (docs/decisions.md "One rule for what is paid").
    check('fee_lines_paid_check', sql`${t.paid} between 0 and ${t.total}`),
    enumCheck(
      'fee_lines_tax_rate_check',
      t.taxRate,
      TAX_RATES.map((rate) => String(rate)),
    ),
    check('fee_lines_amount_check', sql`${t.amount} between 0 and ${sql.raw(String(MAX_FEE_FEN))}`),
    // A model fee has a positive quantity in hundredths; a usage licence is a lump sum without one.
    check(
      'fee_lines_quantity_check',
      sql`(${t.kind} = 'ModelFee' and ${t.quantityHundredths} between 1 and ${sql.raw(String(MAX_FEE_QUANTITY * 100))}) or (${t.kind} = 'UsageFee' and ${t.quantityHundredths} is null)`,
    ),
    check(
      'fee_lines_total_check',
      sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} = ${t.subtotal} + ${t.tax} and ${t.total} <= ${sql.raw(String(MAX_LINE_FEN))}`,
    ),
  ],
);

/** A file attached to an order (a brief, a call sheet, a signed confirmation), from the upload pipeline. */
export const orderAttachments = pgTable(
  'order_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    blobId: uuid('blob_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    teamKey('order_attachments', t),
    teamReference('order_attachments_order_team_fk', t.teamId, t.orderId, orders).onDelete('cascade'),
    teamReference('order_attachments_blob_team_fk', t.teamId, t.blobId, blobs),
    uniqueIndex('order_attachments_blob_key').on(t.blobId),
    index('order_attachments_order_idx').on(t.orderId, t.id),
  ],
);

/** The sequence of order numbers per team and business date: one row, bumped atomically per order. */
export const orderCounters = pgTable(
  'order_counters',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day] })],
);
