/**
 * Models (docs/product.md "Models"): the record, its measurement history and trips, and the list query
 * with the range filters of docs/product.md §9.
 */
import { z } from 'zod';
import type { ApprovalKind } from './approval.schema';
import { BANK_LIMITS, BANK_MESSAGES, type Bank, bankName, bankNameSchema, bankSchema } from './banks';
import { BIRTHDAY_RANGE, BUSINESS_DATE_RANGE } from './business-time';
import { LETTERS } from './constants';
import { genderSchema, modelStatusSchema, modelTripKindSchema, sizeSchema } from './enums';
import { calendarDateSchema, pageQuerySchema, queryList, sortSchema } from './envelope';
import { INPUT_BOUND_MESSAGES } from './messages';
import { accountNumberSchema, formatAccountNumber, mobileSchema, textSchema } from './patterns';
import { pendingBankChangeSchema, pendingChangeFields } from './pending-change.schema';
import { idTypeSchema, normalizeIdNumber, TAX_IDENTITY_MESSAGES, taxResidencySchema } from './tax-identity';

/**
 * How the agency pays a model (docs/product.md "Models", 结算信息): the person themself (个人, income tax
 * withheld on their earnings) or through their studio (工作室, a business that invoices the agency).
 */
export const MODEL_PAYOUT_TYPES = ['individual', 'studio'] as const;
export type ModelPayoutType = (typeof MODEL_PAYOUT_TYPES)[number];
export const modelPayoutTypeSchema = z.enum(MODEL_PAYOUT_TYPES, { error: '*请选择结算类型' });
export const MODEL_PAYOUT_TYPE_LABELS: Readonly<Record<ModelPayoutType, string>> = {
  individual: '个人',
  studio: '工作室',
};

/**
 * What the mother agency's share (母公司分成) is reckoned on: the model's gross fee (按总额) or the
 * agency's commission on it (按佣金).
 */
export const MOTHER_AGENCY_BASES = ['gross', 'commission'] as const;
export type MotherAgencyBasis = (typeof MOTHER_AGENCY_BASES)[number];
export const motherAgencyBasisSchema = z.enum(MOTHER_AGENCY_BASES, { error: '*请选择母公司分成方式' });
export const MOTHER_AGENCY_BASIS_LABELS: Readonly<Record<MotherAgencyBasis, string>> = {
  gross: '按总额',
  commission: '按佣金',
};

/**
 * The payout account's fields: sensitive (where the model's money goes). Answered and written only for
 * members holding data_management or accounting at manage; a change waits for its checker while the
 * team asks for one (docs/product.md "Changes that wait for approval") and notifies accounting's managers.
 */
export const MODEL_PAYOUT_ACCOUNT_FIELDS = [
  'payout_account_name',
  'payout_bank',
  'payout_bank_name',
  'payout_bank_branch',
  'payout_account_number',
] as const;
export type ModelPayoutAccountField = (typeof MODEL_PAYOUT_ACCOUNT_FIELDS)[number];
/** The account's fields filled or cleared together: who, which bank, which number. */
export const MODEL_PAYOUT_REQUIRED_FIELDS = [
  'payout_account_name',
  'payout_bank',
  'payout_account_number',
] as const satisfies readonly ModelPayoutAccountField[];

/**
 * The model's terms: the agency's commission and the mother agency's share. Below `accounting` manage a
 * change of any of them goes to approval, or takes effect and is told to finance, as the team decides.
 */
export const MODEL_TERMS_FIELDS = [
  'commission_rate',
  'mother_agency',
  'mother_agency_rate',
  'mother_agency_basis',
] as const;
export type ModelTermsField = (typeof MODEL_TERMS_FIELDS)[number];

/** What a change waiting on a model concerns: its terms or its payout account. */
export const MODEL_CHANGE_SUBJECTS = ['terms', 'payout'] as const;
export type ModelChangeSubject = (typeof MODEL_CHANGE_SUBJECTS)[number];
/** The approval kind of each (./approval.schema.ts). */
export const MODEL_CHANGE_APPROVAL_KINDS = {
  terms: 'commission_change',
  payout: 'model_bank_change',
} as const satisfies Record<ModelChangeSubject, ApprovalKind>;

/**
 * An account number as the operation log shows a model's (尾号 0123): enough to see that it changed,
 * without putting a person's account in the team's log (the full number is for those who may see it).
 */
export const maskAccountNumber = (digits: string): string => `尾号 ${digits.slice(-4)}`;

/**
 * A payout account in one line, as a notice of it reads: 招商银行 张三 6214 **** **** 5678, the number
 * as `showNumber` gives it (masked in every notice: maskedAccountNumber).
 */
export const payoutAccountText = (
  account: {
    bank: Bank | null;
    bankName: string | null;
    branch: string | null;
    name: string | null;
    number: string | null;
  },
  showNumber: (digits: string) => string = formatAccountNumber,
): string =>
  [
    account.bank ? bankName(account.bank, account.bankName) : null,
    account.branch,
    account.name,
    account.number ? showNumber(account.number) : null,
  ]
    .filter(Boolean)
    .join(' ') || '未填写';

/** Messages of the model fields that the shared patterns do not word. */
export const MODEL_MESSAGES = {
  modelNotFound: '模特不存在',
  tripNotFound: '行程不存在',
  memberNotFound: '经纪人不存在',
  coverNotFound: '封面图片不存在，请从该模特的资源中选择',
  countryInvalid: '*请选择正确的国籍',
  dateInvalid: '*请输入正确的日期',
  birthdayInFuture: '*出生日期不能晚于今天',
  contractEndBeforeStart: '*合同结束日期不能早于开始日期',
  tripEndBeforeStart: '*结束日期不能早于开始日期',
  rangeInvalid: '*范围格式应为 最小值-最大值，如 168-173、-167、198-',
  idNumberForbidden: '没有权限查看或修改模特的证件与纳税身份',
  payoutForbidden: '没有权限查看或修改模特的收款账户',
  /** The account's three fields are filled (or cleared) together. */
  payoutIncomplete: '*开户名、开户银行和银行账号须一并填写',
  motherAgencyRateMissing: '*请填写母公司分成比例',
  motherAgencyBasisMissing: '*请选择母公司分成方式',
  motherAgencyMissing: '*填写母公司分成时请填写母公司',
  payoutChanged: (name: string) => `模特「${name}」的收款账户已修改`,
  payoutCreated: (name: string) => `新增了模特「${name}」的收款账户`,
  payoutBranchMissing: BANK_MESSAGES.branchMissing,
  /** A payout account change waiting for its checker, and what its requester is told. */
  payoutChangeRequested: (name: string) => `模特「${name}」的收款账户修改待确认`,
  payoutChangeSubject: (name: string) => `模特「${name}」收款账户`,
  payoutChangeApplied: (name: string) => `模特「${name}」的收款账户修改已确认生效`,
  payoutChangeRejected: (name: string) => `模特「${name}」的收款账户修改未通过`,
  payoutChangeReplaced: (name: string) => `模特「${name}」的收款账户修改已被新的修改取代`,
  /** A change of the commission or the mother agency's share (佣金条款). */
  termsChangeRequested: (name: string) => `模特「${name}」的佣金条款修改待审批`,
  termsChangeSubject: (name: string) => `模特「${name}」佣金条款`,
  termsChanged: (name: string) => `模特「${name}」的佣金条款已修改`,
  termsChangeApplied: (name: string) => `模特「${name}」的佣金条款修改已通过并生效`,
  termsChangeRejected: (name: string) => `模特「${name}」的佣金条款修改未通过`,
  termsChangeReplaced: (name: string) => `模特「${name}」的佣金条款修改已被新的修改取代`,
  archiveForbidden: '只有管理权限可以将模特设为已解约或恢复合作',
  mobileTaken: (name: string) => `手机号已被模特「${name}」使用`,
  mobileOrIdNumberTaken: '手机号或证件号码已被其他模特使用',
  idNumberTaken: (name: string) => `证件号码已被模特「${name}」使用`,
  /** A warning before creating, not a refusal: two people may share a name and a birthday. */
  namesakeWarning: '团队中已有同名且出生日期相同的模特，请确认不是同一人',
} as const;

const integerIn = (min: number, max: number, unit: string) =>
  z
    .number({ error: `*请输入${min}-${max}之间的整数（${unit}）` })
    .int(`*请输入${min}-${max}之间的整数（${unit}）`)
    .min(min, `*请输入${min}-${max}之间的整数（${unit}）`)
    .max(max, `*请输入${min}-${max}之间的整数（${unit}）`);

/** YYYY-MM-DD, a day that exists, within the business range (contract dates, trips). */
export const dateSchema = calendarDateSchema(BUSINESS_DATE_RANGE, {
  invalid: MODEL_MESSAGES.dateInvalid,
  outOfRange: INPUT_BOUND_MESSAGES.dateOutOfRange,
});
/** A birthday: YYYY-MM-DD, a day that exists, within BIRTHDAY_RANGE. */
export const birthdaySchema = calendarDateSchema(BIRTHDAY_RANGE, {
  invalid: MODEL_MESSAGES.dateInvalid,
  outOfRange: INPUT_BOUND_MESSAGES.birthdayOutOfRange,
});

/**
 * An identity document's number: letters and digits, stored trimmed and in upper case (a lower-case x of a
 * national ID is stored as X). Whether it is right for its document (`id_type`, a 居民身份证 when none is
 * given) is checked with the type by tax-identity's `idNumberIssue`, on the server and in the form.
 */
export const modelIdNumberSchema = z
  .string({ error: TAX_IDENTITY_MESSAGES.idNumberShape })
  .overwrite(normalizeIdNumber)
  .regex(/^[A-Z0-9]{1,20}$/, TAX_IDENTITY_MESSAGES.idNumberShape);

export const MODEL_LIMITS = {
  tags: 20,
  tagLength: 20,
  socials: 10,
  notes: 2000,
  /** Commission in basis points (1/100 of a percent): 10000 is 100 %. */
  commissionRateMax: 10_000,
} as const;

/** The most characters of each free-text field of a model (notes, the longest, is MODEL_LIMITS.notes). */
export const MODEL_TEXT_LIMITS = {
  name: 50,
  english_name: 50,
  city: 50,
  hair_color: 20,
  eye_color: 20,
  wechat: 50,
  mother_agency: 100,
  payout_account_name: 100,
  payout_bank_branch: BANK_LIMITS.branch,
  notes: MODEL_LIMITS.notes,
} as const;

export const socialAccountSchema = z.object({
  platform: textSchema({ min: 1, max: 20 }),
  handle: textSchema({ min: 1, max: 50 }),
  followers: z
    .number({ error: '*粉丝数应为非负整数' })
    .int('*粉丝数应为非负整数')
    .min(0, '*粉丝数应为非负整数')
    .max(10_000_000_000, '*粉丝数过大')
    .nullish(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** The fields a person writes; each optional one may be sent as null to clear it. */
const modelFields = {
  name: textSchema({ min: 1, max: MODEL_TEXT_LIMITS.name }),
  english_name: textSchema({ max: MODEL_TEXT_LIMITS.english_name }).nullish(),
  gender: genderSchema,
  birthday: birthdaySchema.nullish(),
  /** ISO 3166-1 alpha-2 code, one of GET /v1/countries. */
  nationality: z
    .string({ error: MODEL_MESSAGES.countryInvalid })
    .regex(/^[A-Z]{2}$/, MODEL_MESSAGES.countryInvalid)
    .nullish(),
  city: textSchema({ max: MODEL_TEXT_LIMITS.city }).nullish(),
  height: integerIn(50, 250, '厘米').nullish(),
  weight: integerIn(20, 200, '公斤').nullish(),
  bust: integerIn(30, 200, '厘米').nullish(),
  waist: integerIn(30, 200, '厘米').nullish(),
  hips: integerIn(30, 200, '厘米').nullish(),
  /** EU size, whole numbers. */
  shoe_size: integerIn(20, 50, '欧码').nullish(),
  clothing_size: sizeSchema.nullish(),
  cup: z.enum(LETTERS).nullish(),
  hair_color: textSchema({ max: MODEL_TEXT_LIMITS.hair_color }).nullish(),
  eye_color: textSchema({ max: MODEL_TEXT_LIMITS.eye_color }).nullish(),
  tags: z
    .array(textSchema({ min: 1, max: MODEL_LIMITS.tagLength }))
    .max(MODEL_LIMITS.tags, `*最多${MODEL_LIMITS.tags}个标签`)
    .transform((tags) => [...new Set(tags)])
    .optional(),
  mobile: mobileSchema.nullish(),
  wechat: textSchema({ max: MODEL_TEXT_LIMITS.wechat }).nullish(),
  /**
   * The tax identity (tax-identity.ts), sensitive: written and read only with data_management at manage.
   * The document (a number without one is a 居民身份证), its number, residency (a 居民身份证 holder is a
   * resident), and for documents from outside the mainland the first entry and expected departure.
   */
  id_type: idTypeSchema.nullish(),
  id_number: modelIdNumberSchema.nullish(),
  tax_residency: taxResidencySchema.nullish(),
  first_entry_date: dateSchema.nullish(),
  expected_departure_date: dateSchema.nullish(),
  socials: z
    .array(socialAccountSchema)
    .max(MODEL_LIMITS.socials, `*最多${MODEL_LIMITS.socials}个账号`)
    .optional(),
  manager_member_id: z.number().int().positive().nullish(),
  mother_agency: textSchema({ max: MODEL_TEXT_LIMITS.mother_agency }).nullish(),
  /** Agency commission in basis points: 2000 is 20 %. */
  commission_rate: integerIn(0, MODEL_LIMITS.commissionRateMax, '万分比').nullish(),
  /** The mother agency's share in basis points, of the gross or of the commission (`mother_agency_basis`). */
  mother_agency_rate: integerIn(0, MODEL_LIMITS.commissionRateMax, '万分比').nullish(),
  mother_agency_basis: motherAgencyBasisSchema.nullish(),
  /** 个人 or 工作室; a new model is paid as a person unless told otherwise. */
  payout_type: modelPayoutTypeSchema.optional(),
  /**
   * Sensitive (MODEL_PAYOUT_ACCOUNT_FIELDS): written and read only with data_management or accounting at
   * manage. The three are filled or cleared together.
   */
  payout_account_name: textSchema({ max: MODEL_TEXT_LIMITS.payout_account_name }).nullish(),
  payout_bank: bankSchema.nullish(),
  /** The bank's name when it is not one of the listed banks (`payout_bank` = `other`), e.g. 上海银行. */
  payout_bank_name: bankNameSchema.nullish(),
  /** 开户支行: optional at a listed bank, required at another (`other`). */
  payout_bank_branch: textSchema({ max: BANK_LIMITS.branch }).nullish(),
  /** 8–30 digits, typed with or without the spaces that group them. */
  payout_account_number: accountNumberSchema.nullish(),
  contract_start: dateSchema.nullish(),
  contract_end: dateSchema.nullish(),
  notes: textSchema({ max: MODEL_TEXT_LIMITS.notes, multiline: true }).nullish(),
  status: modelStatusSchema.optional(),
};

/** POST /v1/models. A new model has no files yet, so no cover. */
export const modelCreateSchema = z.object(modelFields);
export type ModelCreate = z.infer<typeof modelCreateSchema>;

/** PATCH /v1/models/{id}: only the fields sent change. The cover is one of the model's own files. */
export const modelUpdateSchema = z
  .object({ ...modelFields, cover_file_id: z.number().int().positive().nullish() })
  .partial();
export type ModelUpdate = z.infer<typeof modelUpdateSchema>;

/** Chinese labels of the model fields (forms, the operation log's changed fields). */
export const MODEL_FIELD_LABELS = {
  name: '姓名',
  english_name: '英文名',
  gender: '性别',
  birthday: '出生日期',
  nationality: '国籍',
  city: '城市',
  height: '身高',
  weight: '体重',
  bust: '胸围',
  waist: '腰围',
  hips: '臀围',
  shoe_size: '鞋码',
  clothing_size: '服装尺码',
  cup: '罩杯',
  hair_color: '发色',
  eye_color: '瞳色',
  tags: '标签',
  mobile: '手机号',
  wechat: '微信',
  id_type: '证件类型',
  id_number: '证件号码',
  tax_residency: '纳税身份',
  first_entry_date: '首次入境日期',
  expected_departure_date: '预计离境日期',
  socials: '社交账号',
  manager_member_id: '经纪人',
  mother_agency: '母公司',
  commission_rate: '佣金比例',
  mother_agency_rate: '母公司分成比例',
  mother_agency_basis: '母公司分成方式',
  payout_type: '结算类型',
  payout_account_name: '开户名',
  payout_bank: '开户银行',
  payout_bank_name: '银行名称',
  payout_bank_branch: '开户支行',
  payout_account_number: '银行账号',
  contract_start: '合同开始日期',
  contract_end: '合同结束日期',
  notes: '备注',
  status: '状态',
  cover_file_id: '封面',
} as const satisfies Record<keyof ModelUpdate, string>;

export const TRIP_FIELD_LABELS = {
  kind: '类型',
  start_date: '开始日期',
  end_date: '结束日期',
  place: '地点',
} as const satisfies Record<keyof TripUpdateFields, string>;
type TripUpdateFields = { kind: unknown; start_date: unknown; end_date: unknown; place: unknown };

/** The measurements a history entry keeps. */
export const MEASUREMENT_FIELDS = ['height', 'weight', 'bust', 'waist', 'hips', 'shoe_size'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

/**
 * The tax identity's fields (tax-identity.ts): answered and written only with data_management at manage,
 * as the national ID always was.
 */
export const MODEL_TAX_IDENTITY_FIELDS = [
  'id_type',
  'id_number',
  'tax_residency',
  'first_entry_date',
  'expected_departure_date',
] as const;
export type ModelTaxIdentityField = (typeof MODEL_TAX_IDENTITY_FIELDS)[number];

/**
 * A model as staff see it. The tax identity (`MODEL_TAX_IDENTITY_FIELDS`) is present only for members with
 * data_management at manage; the
 * payout account (`payout_account_name`, `payout_bank`, `payout_account_number`) only for members with
 * data_management or accounting at manage.
 */
export const modelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  english_name: z.string().nullable(),
  gender: genderSchema,
  birthday: z.string().nullable(),
  /** Whole years as of today (China time), from the birthday. */
  age: z.number().int().nullable(),
  nationality: z.string().nullable(),
  city: z.string().nullable(),
  height: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  bust: z.number().int().nullable(),
  waist: z.number().int().nullable(),
  hips: z.number().int().nullable(),
  shoe_size: z.number().int().nullable(),
  clothing_size: sizeSchema.nullable(),
  cup: z.enum(LETTERS).nullable(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  tags: z.array(z.string()),
  mobile: z.string().nullable(),
  wechat: z.string().nullable(),
  id_type: idTypeSchema.nullable().optional(),
  id_number: z.string().nullable().optional(),
  tax_residency: taxResidencySchema.nullable().optional(),
  first_entry_date: z.string().nullable().optional(),
  expected_departure_date: z.string().nullable().optional(),
  socials: z.array(
    z.object({ platform: z.string(), handle: z.string(), followers: z.number().int().nullable() }),
  ),
  manager_member_id: z.number().int().nullable(),
  manager_nickname: z.string().nullable(),
  mother_agency: z.string().nullable(),
  commission_rate: z.number().int().nullable(),
  mother_agency_rate: z.number().int().nullable(),
  mother_agency_basis: motherAgencyBasisSchema.nullable(),
  payout_type: modelPayoutTypeSchema,
  payout_account_name: z.string().nullable().optional(),
  payout_bank: bankSchema.nullable().optional(),
  payout_bank_name: z.string().nullable().optional(),
  payout_bank_branch: z.string().nullable().optional(),
  payout_account_number: z.string().nullable().optional(),
  contract_start: z.string().nullable(),
  contract_end: z.string().nullable(),
  notes: z.string().nullable(),
  status: modelStatusSchema,
  cover_file_id: z.number().int().nullable(),
  /** Signed address of the cover's thumbnail (or the image itself until the thumbnail exists). */
  cover_thumb_url: z.string().nullable(),
  /** When a measurement last changed (the latest history entry). */
  last_measured_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

/** A model's terms as a change holds them (basis points for the rates). */
export const modelTermsSchema = z.object({
  commission_rate: z.number().int().nullable(),
  mother_agency: z.string().nullable(),
  mother_agency_rate: z.number().int().nullable(),
  mother_agency_basis: motherAgencyBasisSchema.nullable(),
});
export type ModelTerms = z.infer<typeof modelTermsSchema>;

/** A change of the model's terms waiting for approval: the terms it had and those it asks for. */
export const pendingTermsChangeSchema = z.object({
  ...pendingChangeFields,
  before: modelTermsSchema,
  after: modelTermsSchema,
});
export type PendingTermsChange = z.infer<typeof pendingTermsChangeSchema>;

/**
 * GET /v1/models/{id}/pending_changes: what waits on the model. `payout` is present only for members who
 * see the payout account (data_management or accounting manage), and masked even for them.
 */
export const modelPendingChangesSchema = z.object({
  terms: pendingTermsChangeSchema.nullable(),
  payout: pendingBankChangeSchema.nullable().optional(),
});
export type ModelPendingChanges = z.infer<typeof modelPendingChangesSchema>;

/** GET /v1/models/{id}/measurements item: the measurements as they stood from that day. */
export const measurementSchema = z.object({
  id: z.number().int(),
  measured_on: z.string(),
  measured_at: z.string(),
  height: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  bust: z.number().int().nullable(),
  waist: z.number().int().nullable(),
  hips: z.number().int().nullable(),
  shoe_size: z.number().int().nullable(),
  member: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
});
export type Measurement = z.infer<typeof measurementSchema>;

// --- List -------------------------------------------------------------------------------------------------

/** `min-max`, either end open (`-167`, `168-173`, `198-`), inclusive, whole numbers. */
export const RANGE_PATTERN = /^(\d{1,3})?-(\d{1,3})?$/;

export interface ParsedRange {
  min?: number;
  max?: number;
}

/** `168-173` → { min: 168, max: 173 }; undefined when it is not a range. */
export const parseRange = (value: string): ParsedRange | undefined => {
  const match = RANGE_PATTERN.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const range: ParsedRange = {};
  if (match[1] !== undefined) range.min = Number(match[1]);
  if (match[2] !== undefined) range.max = Number(match[2]);
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) return undefined;
  return range;
};

const rangeSchema = z
  .string()
  .max(8, MODEL_MESSAGES.rangeInvalid)
  .refine((value) => parseRange(value) !== undefined, MODEL_MESSAGES.rangeInvalid)
  .transform((value) => parseRange(value) as ParsedRange);

/** The orders the model list offers; each has an index (team, field). `age` orders by birthday. */
export const MODEL_SORTS = ['created_at', 'updated_at', 'name', 'height', 'age'] as const;

/**
 * GET /v1/models filters. `keyword` matches the start of the name, English name, mobile, or the name's
 * pinyin in full or initials (`lxy`, `liuxiaoyang` find 刘晓阳). Ranges of one field OR together; the
 * fields AND together. Newest first unless `sort` says otherwise.
 */
export const modelFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  gender: genderSchema.optional(),
  height: queryList(rangeSchema).optional(),
  weight: queryList(rangeSchema).optional(),
  age: queryList(rangeSchema).optional(),
  clothing_size: queryList(sizeSchema).optional(),
  cup: queryList(z.enum(LETTERS)).optional(),
  city: textSchema({ max: 50 }).optional(),
  nationality: queryList(z.string().regex(/^[A-Z]{2}$/, MODEL_MESSAGES.countryInvalid)).optional(),
  tags: queryList(textSchema({ min: 1, max: MODEL_LIMITS.tagLength })).optional(),
  status: modelStatusSchema.optional(),
  manager_member_id: z.coerce.number<number>().int().positive().optional(),
  sort: sortSchema(MODEL_SORTS).optional(),
});
export type ModelFilter = z.infer<typeof modelFilterSchema>;
export const modelQuerySchema = pageQuerySchema.extend(modelFilterSchema.shape);
export type ModelQuery = z.infer<typeof modelQuerySchema>;

/** GET /v1/models/duplicates: the team's models (any status) with exactly this name and birthday. */
export const modelDuplicateQuerySchema = z.object({
  name: modelFields.name,
  birthday: birthdaySchema,
});
export type ModelDuplicateQuery = z.infer<typeof modelDuplicateQuerySchema>;

// --- Trips ------------------------------------------------------------------------------------------------

const tripFields = {
  kind: modelTripKindSchema,
  start_date: dateSchema,
  end_date: dateSchema,
  place: textSchema({ max: 100 }).nullish(),
};

/** POST /v1/models/{id}/trips; the end is on or after the start. */
export const tripCreateSchema = z.object(tripFields).refine((trip) => trip.end_date >= trip.start_date, {
  message: MODEL_MESSAGES.tripEndBeforeStart,
  path: ['end_date'],
});
export type TripCreate = z.infer<typeof tripCreateSchema>;

/** PATCH /v1/trips/{id}: the fields sent change; the dates are checked together with the stored ones. */
export const tripUpdateSchema = z.object(tripFields).partial();
export type TripUpdate = z.infer<typeof tripUpdateSchema>;

/** A model's time away (vacation, work, expatriate), shown on the calendar. */
export const tripSchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  kind: modelTripKindSchema,
  start_date: z.string(),
  end_date: z.string(),
  place: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;
