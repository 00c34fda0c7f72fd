/**
 * The model form's values and what is made of them: the values of a stored or a new model, and the
 * request body the contract's schema parses from them.
 */
import { formatDate } from '@trackit/client/format';
import type { Bank } from '@trackit/contract/banks';
import { DATE_FORMATS, type Letter } from '@trackit/contract/constants';
import {
  type Gender,
  MODEL_STATUS_LABELS,
  MODEL_STATUSES,
  type ModelStatus,
  type Size,
} from '@trackit/contract/enums';
import {
  MODEL_PAYOUT_ACCOUNT_FIELDS,
  MODEL_TERMS_FIELDS,
  type Model,
  type ModelCreate,
  type ModelPayoutType,
  type MotherAgencyBasis,
  modelCreateSchema,
} from '@trackit/contract/model.schema';
import { CHANGE_SUBJECT_LABELS } from '@trackit/contract/operation-catalogue-controls';
import { type Option, toOptions } from '@trackit/contract/options';
import { formatAccountNumber } from '@trackit/contract/patterns';
import { type IdType, isMainlandIdType, type TaxResidency } from '@trackit/contract/tax-identity';
import dayjs, { type Dayjs } from 'dayjs';
import { emptyToNull } from '../../components/optional-rule';

/**
 * What the form holds: texts as typed, dates as picked, the commission and the mother agency's share in
 * basis points as the API takes them (typed in percent: RateInput).
 */
export interface ModelFormValues {
  name: string;
  english_name?: string;
  gender: Gender;
  birthday?: Dayjs | null;
  nationality?: string | null;
  city?: string;
  status: ModelStatus;
  tags?: string[];
  hair_color?: string;
  eye_color?: string;
  height?: number | null;
  weight?: number | null;
  bust?: number | null;
  waist?: number | null;
  hips?: number | null;
  shoe_size?: number | null;
  clothing_size?: Size | null;
  cup?: Letter | null;
  mobile?: string;
  wechat?: string;
  /** The tax identity: in the form only at data_management manage. */
  id_type?: IdType | null;
  id_number?: string;
  tax_residency?: TaxResidency | null;
  first_entry_date?: Dayjs | null;
  expected_departure_date?: Dayjs | null;
  socials?: { platform?: string; handle?: string; followers?: number | null }[];
  manager_member_id?: number | null;
  mother_agency?: string;
  /** Basis points (2000 = 20 %); NaN while the text typed is not a rate. */
  commission_rate?: number | null;
  /** The mother agency's share in basis points. */
  mother_agency_rate?: number | null;
  mother_agency_basis?: MotherAgencyBasis | null;
  payout_type: ModelPayoutType;
  /** The payout account: in the form only for those who may see it (data_management or accounting manage). */
  payout_account_name?: string;
  payout_bank?: Bank | null;
  /** The name of a bank outside the list (`other`). */
  payout_bank_name?: string;
  payout_bank_branch?: string;
  /** As typed, spaces allowed (shown grouped by four). */
  payout_account_number?: string;
  contract_start?: Dayjs | null;
  contract_end?: Dayjs | null;
  notes?: string;
}

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);

/** A member as the manager picker names them. */
export type ManagerRef = { id: number; nickname: string };

/**
 * The form's values of a stored model (edit), or of a new one (create), looked after by `defaultManager`
 * (the member creating it) unless they pick someone else, as a new company is owned by its creator.
 */
export const modelFormValues = (model?: Model, defaultManager?: ManagerRef): ModelFormValues =>
  model
    ? {
        name: model.name,
        english_name: model.english_name ?? '',
        gender: model.gender,
        birthday: day(model.birthday),
        nationality: model.nationality,
        city: model.city ?? '',
        status: model.status,
        tags: model.tags,
        hair_color: model.hair_color ?? '',
        eye_color: model.eye_color ?? '',
        height: model.height,
        weight: model.weight,
        bust: model.bust,
        waist: model.waist,
        hips: model.hips,
        shoe_size: model.shoe_size,
        clothing_size: model.clothing_size,
        cup: model.cup,
        mobile: model.mobile ?? '',
        wechat: model.wechat ?? '',
        id_type: model.id_type ?? null,
        id_number: model.id_number ?? '',
        tax_residency: model.tax_residency ?? null,
        first_entry_date: day(model.first_entry_date),
        expected_departure_date: day(model.expected_departure_date),
        socials: model.socials.map((social) => ({ ...social })),
        manager_member_id: model.manager_member_id,
        mother_agency: model.mother_agency ?? '',
        commission_rate: model.commission_rate,
        mother_agency_rate: model.mother_agency_rate,
        mother_agency_basis: model.mother_agency_basis,
        payout_type: model.payout_type,
        payout_account_name: model.payout_account_name ?? '',
        payout_bank: model.payout_bank ?? null,
        payout_bank_name: model.payout_bank_name ?? '',
        payout_bank_branch: model.payout_bank_branch ?? '',
        payout_account_number: model.payout_account_number
          ? formatAccountNumber(model.payout_account_number)
          : '',
        contract_start: day(model.contract_start),
        contract_end: day(model.contract_end),
        notes: model.notes ?? '',
      }
    : {
        name: '',
        gender: 'female',
        status: 'active',
        payout_type: 'individual',
        tags: [],
        socials: [],
        ...(defaultManager ? { manager_member_id: defaultManager.id } : {}),
      };

const dateText = (value: Dayjs | null | undefined) => (value ? formatDate(value, DATE_FORMATS.date) : null);

/**
 * The tax identity's body: the document, its number, the residency (a 居民身份证 holder's is resident), and
 * the stay in China only for a document from outside the mainland (cleared otherwise).
 */
const identityBody = (values: ModelFormValues) => {
  const number = values.id_number?.trim() ? values.id_number : null;
  const type = values.id_type ?? null;
  const abroad = type !== null && !isMainlandIdType(type);
  return {
    id_type: type,
    id_number: number,
    tax_residency: type === 'resident_id_card' ? 'resident' : (values.tax_residency ?? null),
    first_entry_date: abroad ? dateText(values.first_entry_date) : null,
    expected_departure_date: abroad ? dateText(values.expected_departure_date) : null,
  };
};

/**
 * The request body of the form's values, parsed by the contract schema (trimmed, empties null, the ID's
 * x upper-cased, the account's spaces dropped). Without manage level the tax identity is left out
 * altogether, and without `canPayout` the payout account: the server refuses a request that so much as
 * mentions them.
 */
export const modelBody = (values: ModelFormValues, canManage: boolean, canPayout = false): ModelCreate => {
  const {
    commission_rate,
    mother_agency_rate,
    payout_account_name,
    payout_bank,
    payout_bank_name,
    payout_bank_branch,
    payout_account_number,
    birthday,
    contract_start,
    contract_end,
    id_type,
    id_number,
    tax_residency,
    first_entry_date,
    expected_departure_date,
    socials,
    tags,
    manager_member_id,
    ...rest
  } = values;
  return modelCreateSchema.parse({
    ...emptyToNull(rest),
    // Never set: left out, so the server makes the creator the manager; cleared: null (nobody).
    ...(manager_member_id === undefined ? {} : { manager_member_id }),
    name: values.name,
    birthday: dateText(birthday),
    contract_start: dateText(contract_start),
    contract_end: dateText(contract_end),
    commission_rate: commission_rate ?? null,
    mother_agency_rate: mother_agency_rate ?? null,
    tags: (tags ?? []).map((tag) => tag.trim()).filter(Boolean),
    socials: (socials ?? []).map((social) => ({
      platform: social.platform ?? '',
      handle: social.handle ?? '',
      followers: social.followers ?? null,
    })),
    ...(canManage
      ? identityBody({
          ...values,
          id_type,
          id_number,
          tax_residency,
          first_entry_date,
          expected_departure_date,
        })
      : {}),
    ...(canPayout
      ? emptyToNull({
          payout_account_name,
          payout_bank,
          // A listed bank's name is its label: a name typed for 其他银行 before another bank was chosen goes.
          payout_bank_name: payout_bank === 'other' ? payout_bank_name : null,
          payout_bank_branch,
          payout_account_number,
        })
      : {}),
  });
};

/** The statuses a member may pick: 已解约 only at manage (archiving and restoring are manage's). */
export const statusOptions = (canManage: boolean): Option<ModelStatus>[] =>
  toOptions(MODEL_STATUSES, MODEL_STATUS_LABELS).filter((option) => canManage || option.value !== 'left');

/**
 * What of a save waits for a second member (the server kept the stored values): 佣金条款 when a term sent
 * differs from the answer, 收款账户 likewise; empty when everything applied.
 */
export function waitingAfterSave(sent: ModelCreate, saved: Model): string[] {
  const differs = (fields: readonly (keyof ModelCreate & keyof Model)[]) =>
    fields.some((field) => sent[field] !== undefined && (sent[field] ?? null) !== (saved[field] ?? null));
  return [
    ...(differs(MODEL_TERMS_FIELDS) ? [CHANGE_SUBJECT_LABELS.terms] : []),
    ...(differs(MODEL_PAYOUT_ACCOUNT_FIELDS) ? [CHANGE_SUBJECT_LABELS.payout] : []),
  ];
}
