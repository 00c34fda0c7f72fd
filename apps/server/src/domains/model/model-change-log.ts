/**
 * How a model's change reads (operation-log/change-log.ts): each writable field of the API with its
 * column, its label and display in the log (a national ID only as 已填写, an account number by its last
 * four digits: the team's log is read by more people than may see them), and the fields of the two
 * subjects a change may wait on, as their notices read them (an account number masked, never whole).
 */
import { BANK_LABELS, maskedAccountNumber } from '@trackit/contract/banks';
import { GENDER_LABELS, MODEL_STATUS_LABELS, SIZE_LABELS } from '@trackit/contract/enums';
import {
  MODEL_FIELD_LABELS,
  MODEL_PAYOUT_ACCOUNT_FIELDS,
  MODEL_PAYOUT_TYPE_LABELS,
  MODEL_TERMS_FIELDS,
  MOTHER_AGENCY_BASIS_LABELS,
  type ModelChangeSubject,
  type ModelUpdate,
  maskAccountNumber,
} from '@trackit/contract/model.schema';
import { formatRate } from '@trackit/contract/rates';
import { ID_TYPE_LABELS, TAX_RESIDENCY_LABELS } from '@trackit/contract/tax-identity';
import { type ChangeLogField, shown } from '../operation-log/change-log';
import type { ModelRecord } from './model.repository';

/** Writable fields of the API and their columns. */
export const COLUMNS = {
  name: 'name',
  english_name: 'englishName',
  gender: 'gender',
  birthday: 'birthday',
  nationality: 'nationality',
  city: 'city',
  height: 'height',
  weight: 'weight',
  bust: 'bust',
  waist: 'waist',
  hips: 'hips',
  shoe_size: 'shoeSize',
  clothing_size: 'clothingSize',
  cup: 'cup',
  hair_color: 'hairColor',
  eye_color: 'eyeColor',
  tags: 'tags',
  mobile: 'mobile',
  wechat: 'wechat',
  id_type: 'idType',
  id_number: 'idNumber',
  tax_residency: 'taxResidency',
  first_entry_date: 'firstEntryDate',
  expected_departure_date: 'expectedDepartureDate',
  socials: 'socials',
  manager_member_id: 'managerMembershipId',
  mother_agency: 'motherAgency',
  commission_rate: 'commissionRate',
  mother_agency_rate: 'motherAgencyRate',
  mother_agency_basis: 'motherAgencyBasis',
  payout_type: 'payoutType',
  payout_account_name: 'payoutAccountName',
  payout_bank: 'payoutBank',
  payout_bank_name: 'payoutBankName',
  payout_bank_branch: 'payoutBankBranch',
  payout_account_number: 'payoutAccountNumber',
  contract_start: 'contractStart',
  contract_end: 'contractEnd',
  notes: 'notes',
  status: 'status',
  cover_file_id: 'coverFileId',
} as const satisfies Record<keyof ModelUpdate, keyof ModelRecord>;

export type Field = keyof typeof COLUMNS;

/** How each field reads in the log where its stored value is not for people (others: as text). */
const MODEL_SHOWN: Partial<Record<Field, ChangeLogField<ModelRecord>['show']>> = {
  gender: shown.label(GENDER_LABELS),
  status: shown.label(MODEL_STATUS_LABELS),
  clothing_size: shown.label(SIZE_LABELS),
  // Never the number or the dates themselves: the log is the team's, the identity needs manage.
  id_type: shown.label(ID_TYPE_LABELS),
  id_number: () => '已填写',
  tax_residency: shown.label(TAX_RESIDENCY_LABELS),
  first_entry_date: () => '已填写',
  expected_departure_date: () => '已填写',
  commission_rate: formatRate,
  mother_agency_rate: formatRate,
  mother_agency_basis: shown.label(MOTHER_AGENCY_BASIS_LABELS),
  payout_type: shown.label(MODEL_PAYOUT_TYPE_LABELS),
  payout_bank: shown.label(BANK_LABELS),
  // The last four digits: the log is the team's, the account is for those who may see it.
  payout_account_number: maskAccountNumber,
  socials: (socials: { platform: string; handle: string }[]) =>
    socials.map((social) => `${social.platform} ${social.handle}`).join('、'),
  manager_member_id: shown.member,
  cover_file_id: () => '已设置',
} as Partial<Record<Field, ChangeLogField<ModelRecord>['show']>>;

const logged = (field: Field, show = MODEL_SHOWN[field]) =>
  ({ field: COLUMNS[field], label: MODEL_FIELD_LABELS[field], show }) as ChangeLogField<ModelRecord>;

/** Every writable field is logged, in the API's order, under its form label. */
export const MODEL_CHANGE_LOG = (Object.keys(COLUMNS) as Field[]).map((field) => logged(field));

/** The fields of each subject a change may wait on, as the log shows them. */
export const SUBJECT_CHANGE_LOG: Readonly<Record<ModelChangeSubject, ChangeLogField<ModelRecord>[]>> = {
  terms: MODEL_TERMS_FIELDS.map((field) => logged(field)),
  payout: MODEL_PAYOUT_ACCOUNT_FIELDS.map((field) => logged(field)),
};

/**
 * The same fields as a notice reads them (to finance's managers, to the approvers, to the requester):
 * the account number masked (`6222 **** **** 7890`), never whole.
 */
export const SUBJECT_NOTICE_FIELDS: Readonly<Record<ModelChangeSubject, ChangeLogField<ModelRecord>[]>> = {
  terms: SUBJECT_CHANGE_LOG.terms,
  payout: MODEL_PAYOUT_ACCOUNT_FIELDS.map((field) =>
    field === 'payout_account_number' ? logged(field, maskedAccountNumber as never) : logged(field),
  ),
};
