import { FEE_KINDS } from '@trackit/contract/enums';
import { MODEL_PAYOUT_TYPES, MOTHER_AGENCY_BASES } from '@trackit/contract/model.schema';
import { INCOME_CATEGORIES, SETTLEMENT_STATUSES } from '@trackit/contract/settlement-enums';
import { TAX_RESIDENCIES } from '@trackit/contract/tax-identity';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';

/** A share of a gross (the contract's ShareSplit), in fen; negative in a correction. */
const split = () => ({
  gross: bigint('gross', { mode: 'number' }).notNull(),
  commission: bigint('commission', { mode: 'number' }).notNull(),
  motherAgency: bigint('mother_agency', { mode: 'number' }).notNull(),
  /** The part of `mother_agency` taken from the model (the rest comes out of the commission). */
  motherAgencyFromModel: bigint('mother_agency_from_model', { mode: 'number' }).notNull(),
  /** The model's income (劳务报酬), the base of the tax. */
  income: bigint('income', { mode: 'number' }).notNull(),
});

/**
 * A model's settlement (结算单, docs/product.md "Model settlements"): what it pays the model for the fee
 * lines it takes (settlement_lines), its tax per job (settlement_jobs) and its figures (the contract's
 * settlementFigures, stored as drafted). draft → submitted (approval kind `settlement`) → passed or
 * rejected → paid (date, bank reference, the paying payee entity). A paid settlement is never edited: a
 * correction is a new settlement (`corrects_id`) with negative lines. A draft or rejected one may be
 * deleted; a rejected one no longer counts (its money is ready to settle again).
 */
export const settlements = pgTable(
  'settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    /** JS + business date + the day's sequence (JS20261124001); never reused. */
    number: varchar('number', { length: 32 }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    status: enumColumn('status', SETTLEMENT_STATUSES, 16).notNull().default('draft'),
    /** How the model was paid when it was drafted (a studio has nothing withheld). */
    payoutType: enumColumn('payout_type', MODEL_PAYOUT_TYPES, 16).notNull(),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    /**
     * The business month its tax is worked out for (YYYY-MM): the month it was drafted in (an estimate) until
     * it is paid, then the month of `paid_on`, when the tax is worked out again with that month's payouts.
     */
    taxMonth: varchar('tax_month', { length: 7 }).notNull(),
    /** The individual's residency its tax was worked out by (null: a studio, or not known when drafted). */
    taxResidency: enumColumn('tax_residency', TAX_RESIDENCIES, 16),
    ...split(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    deductions: bigint('deductions', { mode: 'number' }).notNull().default(0),
    /** income − tax − deductions: what is paid to the model (negative: owed back). */
    net: bigint('net', { mode: 'number' }).notNull(),
    /** Some line was paid ahead of the client. */
    hasAdvance: boolean('has_advance').notNull().default(false),
    /** The paid settlement this one corrects, and why. */
    correctsId: bigint('corrects_id', { mode: 'number' }),
    reason: text('reason'),
    paidOn: date('paid_on', { mode: 'string' }),
    paidReference: varchar('paid_reference', { length: 64 }),
    paidByTeamRecipientId: bigint('paid_by_team_recipient_id', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidByMembershipId: bigint('paid_by_membership_id', { mode: 'number' }),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    teamKey('settlements', t),
    teamReference('settlements_model_team_fk', t.teamId, t.modelId, models),
    teamReference('settlements_corrects_team_fk', t.teamId, t.correctsId, t),
    teamReference('settlements_paid_by_recipient_team_fk', t.teamId, t.paidByTeamRecipientId, teamRecipients),
    teamReference('settlements_paid_by_membership_team_fk', t.teamId, t.paidByMembershipId, memberships),
    teamReference('settlements_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    uniqueIndex('settlements_team_number_key').on(t.teamId, t.number),
    // The list (newest first; by model, status, tax month), the withholding list and the sort by payment.
    index('settlements_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('settlements_team_model_idx').on(t.teamId, t.modelId, t.createdAt.desc()),
    index('settlements_team_status_idx').on(t.teamId, t.status, t.createdAt.desc()),
    index('settlements_team_tax_month_idx').on(t.teamId, t.taxMonth, t.modelId),
    index('settlements_team_paid_on_idx').on(t.teamId, t.paidOn, t.id),
    index('settlements_team_corrects_idx').on(t.teamId, t.correctsId).where(sql`corrects_id is not null`),
    enumCheck('settlements_status_check', t.status, SETTLEMENT_STATUSES),
    enumCheck('settlements_payout_type_check', t.payoutType, MODEL_PAYOUT_TYPES),
    enumCheck('settlements_tax_residency_check', t.taxResidency, TAX_RESIDENCIES),
    // An individual is paid with a known residency.
    check(
      'settlements_paid_residency_check',
      sql`${t.status} <> 'paid' or ${t.payoutType} = 'studio' or ${t.taxResidency} is not null`,
    ),
    check('settlements_tax_month_check', sql`${t.taxMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'settlements_period_check',
      sql`(${t.periodFrom} is null) = (${t.periodTo} is null) and (${t.periodFrom} is null or ${t.periodFrom} <= ${t.periodTo})`,
    ),
    check(
      'settlements_figures_check',
      sql`${t.income} = ${t.gross} - ${t.commission} - ${t.motherAgencyFromModel} and ${t.deductions} >= 0 and ${t.net} = ${t.income} - ${t.tax} - ${t.deductions}`,
    ),
    // Paid exactly when it has its date, reference and paying entity.
    check(
      'settlements_paid_check',
      sql`(${t.status} = 'paid') = (${t.paidOn} is not null) and (${t.paidOn} is null) = (${t.paidReference} is null) and (${t.paidOn} is null) = (${t.paidByTeamRecipientId} is null)`,
    ),
    check('settlements_correction_check', sql`(${t.correctsId} is null) = (${t.reason} is null)`),
  ],
);

/**
 * A fee line's part in a settlement: what it releases now (the contract's releaseNow), with the terms it
 * was shared by. A line's terms are those of its latest settlement while something of it is settled, so
 * its releases add up to its full share; `advance` marks a part paid ahead of the client.
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
    feeLineId: bigint('fee_line_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    kind: enumColumn('kind', FEE_KINDS, 16).notNull(),
    /** The income item it is taxed as (the team's setting for its kind when drafted; a correction's, its line's). */
    incomeCategory: enumColumn('income_category', INCOME_CATEGORIES, 16).notNull(),
    ...split(),
    /** The terms it was shared by: the commission (basis points) and the mother agency's, if any. */
    commissionRate: integer('commission_rate').notNull(),
    motherAgencyRate: integer('mother_agency_rate'),
    motherAgencyBasis: enumColumn('mother_agency_basis', MOTHER_AGENCY_BASES, 16),
    advance: boolean('advance').notNull().default(false),
    /** In a correction: the line of the corrected settlement it takes back. */
    correctsLineId: bigint('corrects_line_id', { mode: 'number' }),
  },
  (t) => [
    teamKey('settlement_lines', t),
    teamReference('settlement_lines_settlement_team_fk', t.teamId, t.settlementId, settlements).onDelete(
      'cascade',
    ),
    teamReference('settlement_lines_fee_line_team_fk', t.teamId, t.feeLineId, feeLines),
    teamReference('settlement_lines_order_team_fk', t.teamId, t.orderId, orders),
    teamReference('settlement_lines_corrects_team_fk', t.teamId, t.correctsLineId, t),
    uniqueIndex('settlement_lines_settlement_fee_line_key').on(t.settlementId, t.feeLineId),
    // What is settled of a fee line (待结算, a settlement's release).
    index('settlement_lines_team_fee_line_idx').on(t.teamId, t.feeLineId),
    index('settlement_lines_team_corrects_idx')
      .on(t.teamId, t.correctsLineId)
      .where(sql`corrects_line_id is not null`),
    enumCheck('settlement_lines_kind_check', t.kind, FEE_KINDS),
    enumCheck('settlement_lines_income_category_check', t.incomeCategory, INCOME_CATEGORIES),
    check(
      'settlement_lines_split_check',
      sql`${t.income} = ${t.gross} - ${t.commission} - ${t.motherAgencyFromModel}`,
    ),
    check(
      'settlement_lines_terms_check',
      sql`${t.commissionRate} between 0 and 10000 and (${t.motherAgencyRate} is null) = (${t.motherAgencyBasis} is null) and (${t.motherAgencyRate} is null or ${t.motherAgencyRate} between 0 and 10000)`,
    ),
    enumCheck('settlement_lines_mother_agency_basis_check', t.motherAgencyBasis, MOTHER_AGENCY_BASES),
  ],
);

/**
 * One payment of a settlement, a job (order) and an income item, and its tax: what this settlement pays of
 * it, what paid settlements of the same model, month, job and item paid and withheld before (the contract's
 * withholdingForPayout), and the taxable income and tax withheld now (an estimate until paid, worked out
 * again for the month of the payment). The next payout of the job in the month reads these.
 */
export const settlementJobs = pgTable(
  'settlement_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    incomeCategory: enumColumn('income_category', INCOME_CATEGORIES, 16).notNull(),
    ...split(),
    earlierIncome: bigint('earlier_income', { mode: 'number' }).notNull(),
    earlierTax: bigint('earlier_tax', { mode: 'number' }).notNull(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
  },
  (t) => [
    teamKey('settlement_jobs', t),
    teamReference('settlement_jobs_settlement_team_fk', t.teamId, t.settlementId, settlements).onDelete(
      'cascade',
    ),
    teamReference('settlement_jobs_order_team_fk', t.teamId, t.orderId, orders),
    uniqueIndex('settlement_jobs_settlement_payment_key').on(t.settlementId, t.orderId, t.incomeCategory),
    enumCheck('settlement_jobs_income_category_check', t.incomeCategory, INCOME_CATEGORIES),
    // A job's earlier payouts in the month.
    index('settlement_jobs_team_order_idx').on(t.teamId, t.orderId),
    check(
      'settlement_jobs_split_check',
      sql`${t.income} = ${t.gross} - ${t.commission} - ${t.motherAgencyFromModel}`,
    ),
  ],
);

/** The sequence of settlement numbers per team and business date: one row, bumped atomically per settlement. */
export const settlementCounters = pgTable(
  'settlement_counters',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day] })],
);

/**
 * The team's finance settings (GET/PATCH /v1/finance/settings), one row per team once changed; a team
 * without a row has every setting off. A table of the settlement domain rather than a column of `teams`:
 * the settlement domain reads and writes it alone (a domain never writes another's table), and a further
 * finance setting is one more column here.
 */
export const financeSettings = pgTable(
  'finance_settings',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .primaryKey()
      .references(() => teams.id),
    /** A model's shared settlement also shows each line's client fee (the line's total with VAT). */
    showClientFeesToModels: boolean('show_client_fees_to_models').notNull().default(false),
    /** The income item each fee kind is taxed as (DEFAULT_INCOME_CATEGORIES until changed). */
    modelFeeIncomeCategory: enumColumn('model_fee_income_category', INCOME_CATEGORIES, 16)
      .notNull()
      .default('labour'),
    usageFeeIncomeCategory: enumColumn('usage_fee_income_category', INCOME_CATEGORIES, 16)
      .notNull()
      .default('royalty'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedByMembershipId: bigint('updated_by_membership_id', { mode: 'number' }),
  },
  (t) => [
    enumCheck(
      'finance_settings_model_fee_income_category_check',
      t.modelFeeIncomeCategory,
      INCOME_CATEGORIES,
    ),
    enumCheck(
      'finance_settings_usage_fee_income_category_check',
      t.usageFeeIncomeCategory,
      INCOME_CATEGORIES,
    ),
  ],
);

/**
 * A fee line's commission rate set by hand (accounting manage, logged) before any settlement takes it: it
 * wins over the model's rate as of the order's first day, in 待结算 and in the settlements drafted.
 * Refused once a live settlement (not rejected) took the line, whose terms then hold.
 */
export const settlementCommissionOverrides = pgTable(
  'settlement_commission_overrides',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    feeLineId: bigint('fee_line_id', { mode: 'number' }).notNull(),
    /** Basis points: 2000 = 20%. */
    rateBp: integer('rate_bp').notNull(),
    reason: text('reason').notNull(),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    teamKey('settlement_commission_overrides', t),
    teamReference(
      'settlement_commission_overrides_fee_line_team_fk',
      t.teamId,
      t.feeLineId,
      feeLines,
    ).onDelete('cascade'),
    teamReference(
      'settlement_commission_overrides_created_by_team_fk',
      t.teamId,
      t.createdByMembershipId,
      memberships,
    ),
    uniqueIndex('settlement_commission_overrides_fee_line_key').on(t.teamId, t.feeLineId),
    check('settlement_commission_overrides_rate_check', sql`${t.rateBp} between 0 and 10000`),
  ],
);

/**
 * A settlement line's settlement, when it is live (every status but rejected: a draft takes its money at
 * once, a rejected one gives it back): the join condition every "what settlements took" query reads.
 */
export const liveSettlementOfLine = and(
  eq(settlements.teamId, settlementLines.teamId),
  eq(settlements.id, settlementLines.settlementId),
  ne(settlements.status, 'rejected'),
);
