/**
 * A model's tax identity (docs/product.md "Models", 证件与纳税身份): the identity document the tax bureau
 * knows the person by, its number checked per type, whether the person is a resident (居民个人) or not
 * (非居民个人), and for people from outside the mainland the dates the withholding return asks for
 * (个人所得税基础信息表（A表）: 首次入境时间, 预计离境时间, with 国籍 and 出生日期). An individual is paid only
 * with the identity complete (`taxIdentityMissing`); a studio invoices and files its own taxes.
 */
import { z } from 'zod';
import { isValidNationalId } from './patterns';

/**
 * The identity documents, in the tax return's order (A06868《个人所得税扣缴申报表》 填表说明: a Chinese
 * citizen's 居民身份证, else a passport or the permits of Hong Kong, Macao and Taiwan residents; a
 * foreigner's passport or permanent residence ID).
 */
export const ID_TYPES = [
  'resident_id_card',
  'passport',
  'hk_macao_permit',
  'taiwan_permit',
  'foreign_permanent_id',
  'hmt_residence_permit',
] as const;
export type IdType = (typeof ID_TYPES)[number];
export const idTypeSchema = z.enum(ID_TYPES, { error: '*请选择证件类型' });
export const ID_TYPE_LABELS: Readonly<Record<IdType, string>> = {
  resident_id_card: '居民身份证',
  passport: '护照',
  hk_macao_permit: '港澳居民来往内地通行证',
  taiwan_permit: '台湾居民来往大陆通行证',
  foreign_permanent_id: '外国人永久居留身份证',
  hmt_residence_permit: '港澳台居民居住证',
};

/**
 * 居民个人 (a home in China, or 183 days in the year: 个人所得税法 art. 1) or 非居民个人. A holder of a
 * 居民身份证 has a home in China and is always a resident.
 */
export const TAX_RESIDENCIES = ['resident', 'non_resident'] as const;
export type TaxResidency = (typeof TAX_RESIDENCIES)[number];
export const taxResidencySchema = z.enum(TAX_RESIDENCIES, { error: '*请选择纳税身份' });
export const TAX_RESIDENCY_LABELS: Readonly<Record<TaxResidency, string>> = {
  resident: '居民个人',
  non_resident: '非居民个人',
};

export const TAX_IDENTITY_MESSAGES = {
  idNumberInvalid: {
    resident_id_card: '*请输入正确身份证号',
    passport: '*护照号码应为5-20位字母或数字',
    hk_macao_permit: '*港澳居民来往内地通行证号码应为H或M开头加8位或10位数字',
    taiwan_permit: '*台湾居民来往大陆通行证号码应为8位或10位数字',
    foreign_permanent_id: '*外国人永久居留身份证号码应为3位字母加12位数字，或9开头的18位号码',
    hmt_residence_permit: '*港澳台居民居住证号码应为810000、820000或830000开头的18位号码',
  } satisfies Record<IdType, string>,
  /** Any document's number: what the schema checks before the document's own rule (`idNumberIssue`). */
  idNumberShape: '*证件号码只能包含字母和数字，最多20位',
  idTypeMissing: '*请先选择证件类型',
  idNumberMissing: '*请填写证件号码',
  residentIdIsResident: '*持居民身份证的个人为居民个人',
  departureBeforeEntry: '*预计离境日期不能早于首次入境日期',
  /** Paying an individual whose identity is not complete. */
  incomplete: (name: string, missing: readonly string[]) =>
    `模特「${name}」的纳税身份信息不完整，缺少${missing.join('、')}，请先在模特资料的「证件与纳税身份」中补全后再付款`,
} as const;

/** A passport number: 5 to 20 letters or digits (mainland E12345678, foreign ones of any country). */
const PASSPORT_PATTERN = /^[A-Z0-9]{5,20}$/;
/** 港澳居民来往内地通行证 (回乡证): H (Hong Kong) or M (Macao) and 8 digits, or 10 on older cards. */
const HK_MACAO_PERMIT_PATTERN = /^[HM]\d{8}(?:\d{2})?$/;
/** 台湾居民来往大陆通行证 (台胞证): 8 digits since 2015, 10 on older ones. */
const TAIWAN_PERMIT_PATTERN = /^\d{8}(?:\d{2})?$/;
/** 外国人永久居留身份证 of 2004–2023: a 3-letter country code and 12 digits. */
const OLD_PERMANENT_ID_PATTERN = /^[A-Z]{3}\d{12}$/;

/** An ID number as stored: trimmed, upper case (a lower-case x of a national ID is stored as X). */
export const normalizeIdNumber = (value: string): string => value.trim().toUpperCase();

/**
 * Whether a number is right for its document. 居民身份证: 18 characters with a real birth date and the
 * right check character (ISO 7064 MOD 11-2), not a number of the other documents that share its shape
 * (9…: the permanent residence ID of 2023, 81/82/83…: the residence permits). The 2023 permanent residence
 * ID and the residence permits are checked the same way (their numbers follow GB 11643).
 */
export function isValidIdNumber(type: IdType, value: string): boolean {
  const number = normalizeIdNumber(value);
  switch (type) {
    case 'resident_id_card':
      return isValidNationalId(number) && !/^(?:9|8[123])/.test(number);
    case 'passport':
      return PASSPORT_PATTERN.test(number);
    case 'hk_macao_permit':
      return HK_MACAO_PERMIT_PATTERN.test(number);
    case 'taiwan_permit':
      return TAIWAN_PERMIT_PATTERN.test(number);
    case 'foreign_permanent_id':
      return OLD_PERMANENT_ID_PATTERN.test(number) || (number.startsWith('9') && isValidNationalId(number));
    case 'hmt_residence_permit':
      return /^8[123]0000/.test(number) && isValidNationalId(number);
  }
}

/** The message of a number that is wrong for its document; null when it is right. */
export const idNumberIssue = (type: IdType, value: string): string | null =>
  isValidIdNumber(type, value) ? null : TAX_IDENTITY_MESSAGES.idNumberInvalid[type];

/**
 * Documents of people from outside the mainland (华侨、港澳台、外籍个人): the withholding return asks for their
 * nationality, birth date and the dates they first entered and expect to leave China.
 */
export const isMainlandIdType = (type: IdType): boolean => type === 'resident_id_card';

/** The documents whose numbers carry the birth date (GB 11643: characters 7–14). */
const DATED_ID_TYPES: readonly IdType[] = ['resident_id_card', 'hmt_residence_permit'];

/** The birth date an ID number carries (YYYY-MM-DD), or null for documents that carry none. */
export function birthDateOfIdNumber(type: IdType, number: string): string | null {
  const dated = DATED_ID_TYPES.includes(type) || (type === 'foreign_permanent_id' && number.length === 18);
  if (!dated || !isValidNationalId(number)) return null;
  return `${number.slice(6, 10)}-${number.slice(10, 12)}-${number.slice(12, 14)}`;
}

/** A model's tax identity as stored, with the personal details the withholding return also needs. */
export interface TaxIdentity {
  idType: IdType | null;
  idNumber: string | null;
  taxResidency: TaxResidency | null;
  nationality: string | null;
  birthday: string | null;
  firstEntryDate: string | null;
  expectedDepartureDate: string | null;
}

/** The identity's parts, with their labels (the form's and the refusal's). */
export const TAX_IDENTITY_LABELS = {
  idType: '证件类型',
  idNumber: '证件号码',
  taxResidency: '纳税身份',
  nationality: '国籍',
  birthday: '出生日期',
  firstEntryDate: '首次入境日期',
  expectedDepartureDate: '预计离境日期',
} as const satisfies Record<keyof TaxIdentity, string>;

/**
 * What a payment to the individual still needs, by label, in the form's order: the document, its number
 * and the residency always; for a document from outside the mainland also the nationality and birth date
 * (unless the number carries it) and the entry and departure dates. Empty: complete.
 */
export function taxIdentityMissing(identity: TaxIdentity): string[] {
  const missing: (keyof TaxIdentity)[] = [];
  if (!identity.idType) missing.push('idType');
  if (!identity.idNumber) missing.push('idNumber');
  if (!identity.taxResidency) missing.push('taxResidency');
  if (identity.idType && !isMainlandIdType(identity.idType)) {
    if (!identity.nationality) missing.push('nationality');
    const dated = identity.idNumber ? birthDateOfIdNumber(identity.idType, identity.idNumber) : null;
    if (!identity.birthday && !dated) missing.push('birthday');
    if (!identity.firstEntryDate) missing.push('firstEntryDate');
    if (!identity.expectedDepartureDate) missing.push('expectedDepartureDate');
  }
  return missing.map((part) => TAX_IDENTITY_LABELS[part]);
}

/** 110***********123X: the first three and the last four characters of an ID number. */
export const maskIdNumber = (idNumber: string): string =>
  `${idNumber.slice(0, 3)}${'*'.repeat(Math.max(0, idNumber.length - 7))}${idNumber.slice(-4)}`;
