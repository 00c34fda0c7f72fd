import { BANKS } from '@trackit/contract/banks';
import { LETTERS } from '@trackit/contract/constants';
import { GENDERS, MODEL_STATUSES, MODEL_TRIP_KINDS, SIZES } from '@trackit/contract/enums';
import {
  MODEL_CHANGE_SUBJECTS,
  MODEL_PAYOUT_TYPES,
  MOTHER_AGENCY_BASES,
} from '@trackit/contract/model.schema';
import { MODEL_DEDUCTION_KINDS } from '@trackit/contract/model-deduction.schema';
import { MAX_FEE_FEN } from '@trackit/contract/money';
import { PENDING_CHANGE_STATUSES } from '@trackit/contract/pending-change.schema';
import { ID_TYPES, TAX_RESIDENCIES } from '@trackit/contract/tax-identity';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { blobs, files } from '../upload/upload.tables';

export interface StoredSocialAccount {
  platform: string;
  handle: string;
  followers: number | null;
}

/**
 * A model of the agency (docs/product.md "Models"). `left` archives; only a model created by mistake, which
 * nothing refers to, is deleted (docs/product.md "Deleting and archiving"). The pinyin columns
 * are computed on every write of the name, for the keyword search (prefix, through the indexes below).
 */
export const models = pgTable(
  'models',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    name: varchar('name', { length: 50 }).notNull(),
    englishName: varchar('english_name', { length: 50 }),
    /** Lower-case English name without spaces, for the keyword search. */
    englishSearch: varchar('english_search', { length: 50 }),
    /** The name's pinyin without tones or spaces (刘晓阳 → liuxiaoyang). */
    pinyinFull: varchar('pinyin_full', { length: 400 }).notNull(),
    /** The initials of the name's pinyin (刘晓阳 → lxy). */
    pinyinInitials: varchar('pinyin_initials', { length: 100 }).notNull(),
    gender: enumColumn('gender', GENDERS, 8).notNull(),
    birthday: date('birthday', { mode: 'string' }),
    nationality: varchar('nationality', { length: 2 }),
    city: varchar('city', { length: 50 }),
    height: integer('height'),
    weight: integer('weight'),
    bust: integer('bust'),
    waist: integer('waist'),
    hips: integer('hips'),
    shoeSize: integer('shoe_size'),
    clothingSize: enumColumn('clothing_size', SIZES, 8),
    cup: enumColumn('cup', LETTERS, 1),
    hairColor: varchar('hair_color', { length: 20 }),
    eyeColor: varchar('eye_color', { length: 20 }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    mobile: varchar('mobile', { length: 11 }),
    wechat: varchar('wechat', { length: 50 }),
    // The tax identity (tax-identity.ts): sensitive, answered only to data_management manage.
    idType: enumColumn('id_type', ID_TYPES, 24),
    /** Upper-case letters and digits, right for `idType` (idNumberIssue). */
    idNumber: varchar('id_number', { length: 20 }),
    taxResidency: enumColumn('tax_residency', TAX_RESIDENCIES, 16),
    /** For a document from outside the mainland: 首次入境时间 and 预计离境时间 of the withholding return. */
    firstEntryDate: date('first_entry_date', { mode: 'string' }),
    expectedDepartureDate: date('expected_departure_date', { mode: 'string' }),
    socials: jsonb('socials').$type<StoredSocialAccount[]>().notNull().default([]),
    managerMembershipId: bigint('manager_membership_id', { mode: 'number' }),
    motherAgency: varchar('mother_agency', { length: 100 }),
    /** Basis points: 2000 is 20 %. */
    commissionRate: integer('commission_rate'),
    /** The mother agency's share in basis points, of the gross or of the commission (`motherAgencyBasis`). */
    motherAgencyRate: integer('mother_agency_rate'),
    motherAgencyBasis: enumColumn('mother_agency_basis', MOTHER_AGENCY_BASES, 16),
    payoutType: enumColumn('payout_type', MODEL_PAYOUT_TYPES, 16).notNull().default('individual'),
    // The payout account: sensitive (model.service.ts answers it to data_management or accounting manage).
    payoutAccountName: varchar('payout_account_name', { length: 100 }),
    payoutBank: enumColumn('payout_bank', BANKS, 16),
    /** The bank's name when it is not one of the listed banks (`payout_bank` = `other`). */
    payoutBankName: varchar('payout_bank_name', { length: 50 }),
    payoutBankBranch: varchar('payout_bank_branch', { length: 100 }),
    payoutAccountNumber: varchar('payout_account_number', { length: 30 }),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    notes: varchar('notes', { length: 2000 }),
    status: enumColumn('status', MODEL_STATUSES, 16).notNull().default('active'),
    coverFileId: bigint('cover_file_id', { mode: 'number' }),
    lastMeasuredAt: timestamp('last_measured_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  // Every index is led by the team: one per list order (MODEL_SORTS) and one per filter.
  (t) => [
    teamKey('models', t),
    teamReference('models_manager_membership_team_fk', t.teamId, t.managerMembershipId, memberships),
    teamReference('models_cover_file_team_fk', t.teamId, t.coverFileId, files),
    index('models_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('models_team_updated_idx').on(t.teamId, t.updatedAt.desc(), t.id.desc()),
    index('models_team_pinyin_idx').on(t.teamId, t.pinyinFull.op('varchar_pattern_ops'), t.id),
    index('models_team_initials_idx').on(t.teamId, t.pinyinInitials.op('varchar_pattern_ops')),
    index('models_team_name_idx').on(t.teamId, t.name.op('varchar_pattern_ops')),
    index('models_team_english_idx').on(t.teamId, t.englishSearch.op('varchar_pattern_ops')),
    index('models_team_height_idx').on(t.teamId, t.height, t.id),
    index('models_team_height_desc_idx').on(t.teamId, t.height.desc().nullsLast(), t.id.desc()),
    index('models_team_birthday_idx').on(t.teamId, t.birthday, t.id),
    index('models_team_birthday_desc_idx').on(t.teamId, t.birthday.desc().nullsLast(), t.id.desc()),
    index('models_team_weight_idx').on(t.teamId, t.weight),
    index('models_team_gender_idx').on(t.teamId, t.gender),
    index('models_team_clothing_size_idx').on(t.teamId, t.clothingSize),
    index('models_team_cup_idx').on(t.teamId, t.cup),
    index('models_team_city_idx').on(t.teamId, t.city),
    index('models_team_nationality_idx').on(t.teamId, t.nationality),
    index('models_team_status_idx').on(t.teamId, t.status),
    index('models_team_manager_idx').on(t.teamId, t.managerMembershipId),
    index('models_tags_idx').using('gin', t.tags),
    // One model per mobile and per national ID in a team; pattern ops also serve the keyword's prefix.
    uniqueIndex('models_team_mobile_key')
      .on(t.teamId, t.mobile.op('varchar_pattern_ops'))
      .where(sql`mobile is not null`),
    uniqueIndex('models_team_id_number_key').on(t.teamId, t.idNumber).where(sql`id_number is not null`),
    enumCheck('models_gender_check', t.gender, GENDERS),
    enumCheck('models_clothing_size_check', t.clothingSize, SIZES),
    enumCheck('models_cup_check', t.cup, LETTERS),
    enumCheck('models_status_check', t.status, MODEL_STATUSES),
    enumCheck('models_payout_type_check', t.payoutType, MODEL_PAYOUT_TYPES),
    enumCheck('models_mother_agency_basis_check', t.motherAgencyBasis, MOTHER_AGENCY_BASES),
    enumCheck('models_payout_bank_check', t.payoutBank, BANKS),
    enumCheck('models_id_type_check', t.idType, ID_TYPES),
    enumCheck('models_tax_residency_check', t.taxResidency, TAX_RESIDENCIES),
    // A number is of a document; a 居民身份证 holder has a home in China: a resident.
    check(
      'models_tax_identity_check',
      sql`(${t.idNumber} is null or ${t.idType} is not null) and (${t.idType} is distinct from 'resident_id_card' or ${t.taxResidency} = 'resident')`,
    ),
    check(
      'models_stay_check',
      sql`${t.expectedDepartureDate} is null or ${t.firstEntryDate} is null or ${t.expectedDepartureDate} >= ${t.firstEntryDate}`,
    ),
    check('models_mother_agency_rate_check', sql`${t.motherAgencyRate} between 0 and 10000`),
    check('models_payout_account_number_check', sql`${t.payoutAccountNumber} ~ '^[0-9]{8,30}$'`),
    // A bank outside the list is named, a listed bank is not.
    check(
      'models_payout_bank_name_check',
      sql`(${t.payoutBank} = 'other') = (${t.payoutBankName} is not null) or (${t.payoutBank} is null and ${t.payoutBankName} is null)`,
    ),
  ],
);

/** One entry per change of a model's measurements: the values from that day on. */
export const modelMeasurements = pgTable(
  'model_measurements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true, mode: 'date' }).notNull(),
    height: integer('height'),
    weight: integer('weight'),
    bust: integer('bust'),
    waist: integer('waist'),
    hips: integer('hips'),
    shoeSize: integer('shoe_size'),
    membershipId: bigint('membership_id', { mode: 'number' }),
  },
  (t) => [
    teamKey('model_measurements', t),
    teamReference('model_measurements_model_team_fk', t.teamId, t.modelId, models),
    index('model_measurements_model_idx').on(t.teamId, t.modelId, t.measuredAt.desc(), t.id.desc()),
  ],
);

/** A model's time away (vacation, work, expatriate), which blocks the calendar. */
export const modelTrips = pgTable(
  'model_trips',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    kind: enumColumn('kind', MODEL_TRIP_KINDS, 16).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    place: varchar('place', { length: 100 }),
    ...timestamps,
  },
  (t) => [
    teamKey('model_trips', t),
    teamReference('model_trips_model_team_fk', t.teamId, t.modelId, models),
    index('model_trips_model_idx').on(t.teamId, t.modelId, t.startDate.desc(), t.id.desc()),
    enumCheck('model_trips_kind_check', t.kind, MODEL_TRIP_KINDS),
    check('model_trips_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * A deduction recorded against a model (扣款, docs/product.md "Models"): an advance paid to them or an
 * expense the agency paid for them, to be taken from a later payout. Voided (kept, with when and by whom)
 * only while no settlement has taken it; never deleted, so a model with deductions is not deleted either.
 */
export const modelDeductions = pgTable(
  'model_deductions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    kind: enumColumn('kind', MODEL_DEDUCTION_KINDS, 16).notNull(),
    /** The business date it happened (China). */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** In fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** The receipt (票据), an upload claimed for it; its name as uploaded. */
    fileBlobId: uuid('file_blob_id'),
    fileName: varchar('file_name', { length: 255 }),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The settlement (结算单) that took it, null while unsettled. Its reference to settlements (team_id,
     * settlement_id) is added by migration 0036_settlements.sql: settlement.tables.ts imports this
     * file, so this one cannot name that table.
     */
    settlementId: bigint('settlement_id', { mode: 'number' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedByMembershipId: bigint('voided_by_membership_id', { mode: 'number' }),
  },
  (t) => [
    teamKey('model_deductions', t),
    teamReference('model_deductions_model_team_fk', t.teamId, t.modelId, models),
    teamReference('model_deductions_file_blob_team_fk', t.teamId, t.fileBlobId, blobs),
    teamReference('model_deductions_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    teamReference('model_deductions_voided_by_team_fk', t.teamId, t.voidedByMembershipId, memberships),
    // The model's list, newest first; what a settlement may still take.
    index('model_deductions_model_idx').on(t.teamId, t.modelId, t.occurredOn.desc(), t.id.desc()),
    index('model_deductions_unsettled_idx')
      .on(t.teamId, t.modelId)
      .where(sql`settlement_id is null and voided_at is null`),
    // What a settlement took (its answer; giving them back when it is rejected or deleted).
    index('model_deductions_settlement_idx')
      .on(t.teamId, t.settlementId)
      .where(sql`settlement_id is not null`),
    enumCheck('model_deductions_kind_check', t.kind, MODEL_DEDUCTION_KINDS),
    check(
      'model_deductions_amount_check',
      sql`${t.amount} > 0 and ${t.amount} <= ${sql.raw(String(MAX_FEE_FEN))}`,
    ),
    // A voided deduction is never settled, nor a settled one voided.
    check('model_deductions_void_check', sql`${t.voidedAt} is null or ${t.settlementId} is null`),
  ],
);

/**
 * A model's commission rate over time (docs/product.md "Model settlements"): one row per business date the
 * rate was set or changed (the form, an import), the day's last change winning. A fee line not yet settled
 * is shared by the rate in force on its order's first day (the latest row effective on or before it), else
 * by the earliest row (the first rate known). Migration 0037 wrote each rated model's rate from 1970-01-01.
 */
export const modelCommissionRates = pgTable(
  'model_commission_rates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    /** The business date (China) from which the rate applies. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** Basis points: 2000 = 20%. */
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
  },
  (t) => [
    teamKey('model_commission_rates', t),
    teamReference('model_commission_rates_model_team_fk', t.teamId, t.modelId, models).onDelete('cascade'),
    teamReference(
      'model_commission_rates_created_by_team_fk',
      t.teamId,
      t.createdByMembershipId,
      memberships,
    ),
    // One rate per model and day; a line's rate as of its order's first day.
    uniqueIndex('model_commission_rates_model_day_key').on(t.teamId, t.modelId, t.effectiveFrom),
    check('model_commission_rates_rate_check', sql`${t.rateBp} between 0 and 10000`),
  ],
);

/** What a change of a model holds: the changed columns' values (model-change.service.ts). */
export type ModelChangeValues = Partial<
  Pick<
    typeof models.$inferSelect,
    | 'commissionRate'
    | 'motherAgency'
    | 'motherAgencyRate'
    | 'motherAgencyBasis'
    | 'payoutAccountName'
    | 'payoutBank'
    | 'payoutBankName'
    | 'payoutBankBranch'
    | 'payoutAccountNumber'
  >
>;

/**
 * A change of a model waiting for a second member (docs/product.md "Changes that wait for approval"):
 * its terms (`terms`: commission, mother agency and its share) or its payout account (`payout`), with
 * the values it had and those it asks for, all the subject's columns on both sides. The approval kind
 * (`commission_change`, `model_bank_change`) points at its id. At most one waits per model and subject;
 * it is applied, rejected, withdrawn by its requester or superseded by a newer change, never deleted
 * while the model lives.
 */
export const modelChanges = pgTable(
  'model_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    subject: enumColumn('subject', MODEL_CHANGE_SUBJECTS, 16).notNull(),
    status: enumColumn('status', PENDING_CHANGE_STATUSES, 16).notNull().default('pending'),
    before: jsonb('before').$type<ModelChangeValues>().notNull(),
    after: jsonb('after').$type<ModelChangeValues>().notNull(),
    requestedByMembershipId: bigint('requested_by_membership_id', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When it stopped waiting (applied, rejected, withdrawn, superseded). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    teamKey('model_changes', t),
    teamReference('model_changes_model_team_fk', t.teamId, t.modelId, models),
    teamReference('model_changes_requested_by_team_fk', t.teamId, t.requestedByMembershipId, memberships),
    index('model_changes_team_model_idx').on(t.teamId, t.modelId, t.requestedAt),
    uniqueIndex('model_changes_pending_key')
      .on(t.teamId, t.modelId, t.subject)
      .where(sql`${t.status} = 'pending'`),
    enumCheck('model_changes_subject_check', t.subject, MODEL_CHANGE_SUBJECTS),
    enumCheck('model_changes_status_check', t.status, PENDING_CHANGE_STATUSES),
    check('model_changes_resolved_check', sql`(${t.status} = 'pending') = (${t.resolvedAt} is null)`),
  ],
);
