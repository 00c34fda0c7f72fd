/**
 * Validation patterns of docs/product.md §3 and §5, and zod schemas built on them, shared by the forms and the
 * server so both accept exactly the same values.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';

/** Mainland mobile: 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;

/** The login code: exactly 4 digits. */
export const SMS_CODE_PATTERN = /^\d{4}$/;

/**
 * Shape of an 18-character mainland resident ID: area code (no leading 0), birth date yyyymmdd (years
 * 1800–2099, month 01–12, day 01–31), 3-digit sequence, and a check character 0–9 or X (either case).
 * The shape alone lets through 0231 and a wrong check character: use `isValidNationalId`.
 */
export const NATIONAL_ID_PATTERN =
  /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

/** 1 to 50 digits (leading zeros allowed: account numbers, codes). */
export const DIGITS_1_50_PATTERN = /^\d{1,50}$/;

/**
 * 1 to 50 characters without leading or trailing white space, i.e. a value already trimmed. Characters
 * are code points (see `textLength`), hence the `u` flag.
 */
export const TEXT_1_50_PATTERN = /^\S(?:[\s\S]{0,48}\S)?$/u;

/**
 * The length of a text as the product counts it everywhere (forms, API, database): in Unicode code
 * points, as PostgreSQL's `varchar(n)` counts. An emoji is one character, not two UTF-16 units.
 */
export const textLength = (text: string): number => {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
};

/**
 * The first `max` characters of a text, counted as `textLength` counts them: a cut never falls between
 * the two halves of an emoji (`String.slice` counts UTF-16 units and would leave a lone surrogate).
 */
export const sliceText = (text: string, max: number): string => {
  let end = 0;
  let count = 0;
  for (const char of text) {
    if (count === max) break;
    end += char.length;
    count += 1;
  }
  return text.slice(0, end);
};

/** Invisible characters: zero-width spaces and joiners, direction marks and the like. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const EDGES = /^[\s\p{Default_Ignorable_Code_Point}]+|[\s\p{Default_Ignorable_Code_Point}]+$/gu;
/**
 * Characters no text may hold: controls (NUL and the rest of C0 and C1; multi-line text keeps tab and
 * line breaks) and lone UTF-16 surrogates (`\ud800` without its pair: no character at all, refused by
 * PostgreSQL's jsonb and turned into U+FFFD in a text column). With the `u` flag a well-formed pair is one
 * code point and never matches `\p{Cs}`; only a surrogate standing alone does.
 */
const INVALID_IN_LINE = /[\p{Cc}\p{Cs}]/u;
const INVALID_IN_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** White space and invisible characters cut from both ends: what a person typed, as they see it. */
export const trimText = (text: string): string => text.replace(EDGES, '');

/** True when nothing of the text can be seen: empty, white space or invisible characters only. */
export const isBlankText = (text: string): boolean => trimText(text).replace(INVISIBLE, '') === '';

/** Positive integer written without a leading zero. */
export const POSITIVE_INTEGER_PATTERN = /^[1-9]\d*$/;

// ISO 7064 MOD 11-2 as GB 11643: weight of position i is 2^(17-i) mod 11; the remainder of the weighted
// sum picks the check character.
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The check character (0–9 or X) of the first 17 digits of a national ID. */
export const nationalIdCheckChar = (first17: string): string => {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('nationalIdCheckChar needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
};

/**
 * A real national ID: the shape, a birth date that exists on the calendar (no 0230, 19010229), and the
 * right check character (a lower-case x counts as X). Not checked: that the area code is assigned or
 * the birth date is past, which would make the answer depend on tables or on today.
 */
export const isValidNationalId = (value: string): boolean => {
  if (!NATIONAL_ID_PATTERN.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return nationalIdCheckChar(value.slice(0, 17)) === value.charAt(17).toUpperCase();
};

/**
 * Shape of a unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters of the code's
 * alphabet (digits and upper-case letters without I, O, Z, S, V): registration authority, organization
 * type, a 6-digit administrative division, the 9-character organization code and the check character.
 * The shape alone lets through a wrong check character: use `isValidCreditCode`.
 */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

// GB 32100-2015: each of the 31 characters has the value of its place here; position i weighs 3^i mod 31;
// the check character is the one worth 31 minus the weighted sum mod 31 (31 counting as 0).
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters of a credit code (upper case). */
export const creditCodeCheckChar = (first17: string): string => {
  if (!/^[0-9A-HJ-NPQRTUWXY]{17}$/.test(first17)) {
    throw new RangeError('creditCodeCheckChar needs 17 characters of the code alphabet');
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    sum += CREDIT_CODE_CHARS.indexOf(first17.charAt(i)) * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
};

/** A credit code as written (upper case): the shape and the right check character. */
export const isValidCreditCode = (value: string): boolean =>
  CREDIT_CODE_PATTERN.test(value) && creditCodeCheckChar(value.slice(0, 17)) === value.charAt(17);

/** A bank account number (银行账号) as stored: 8 to 30 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{8,30}$/;

/** An account number as people read it: digits in groups of four, `6222 0212 3456 7890 123`. */
export const formatAccountNumber = (digits: string): string =>
  digits.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

/** Messages of the patterns that docs/product.md §11 does not word (phone and code use MESSAGES). */
export const PATTERN_MESSAGES = {
  nationalIdInvalid: '*请输入正确身份证号',
  creditCodeInvalid: '*请输入正确的18位统一社会信用代码',
  emailInvalid: '*请输入正确邮箱',
  digits1To50: '*请输入1-50位数字',
  accountNumberInvalid: '*请输入8-30位数字的银行账号',
  text1To50: '*请输入1-50个字符',
  positiveInteger: '*请输入正整数',
  invalidCharacters: '*内容含有无效字符',
  required: '*请输入内容',
} as const;

/** The message of an empty required field that names it: `*请输入收款金额` (or `*请选择…` for a choice). */
export const requiredMessage = (label: string, verb: '输入' | '选择' = '输入'): string =>
  `*请${verb}${label}`;

export interface TextRules {
  /** At most this many characters (`textLength`). */
  max: number;
  /** At least this many; 1 also refuses text that is blank or invisible only. Default 0. */
  min?: number;
  /** Tab and line breaks allowed (notes, messages); a name or a title is one line. */
  multiline?: boolean;
  /** The message of a length outside min–max (and of blank text when min ≥ 1 and no `label`). */
  message?: string;
  /**
   * The field's name as its form shows it: blank or missing text then says what is missing
   * (`*请输入企业名称`) instead of the length range.
   */
  label?: string;
}

/**
 * The one schema of text that people type, used by every field of the contract (forms and server
 * alike): trimmed of white space and invisible characters at both ends, length in code points, blank
 * or invisible-only text refused like empty when required, and control characters (NUL above all,
 * which PostgreSQL refuses) and lone surrogates answered 400 instead of reaching the database.
 */
export function textSchema({ max, min = 0, multiline = false, message, label }: TextRules) {
  const lengthMessage = message ?? (min > 0 ? `*请输入${min}-${max}个字符` : `*最多${max}个字符`);
  const missingMessage = label ? requiredMessage(label) : lengthMessage;
  const invalid = multiline ? INVALID_IN_LINES : INVALID_IN_LINE;
  return z
    .string({
      error: min > 0 ? (label ? missingMessage : (message ?? PATTERN_MESSAGES.required)) : undefined,
    })
    .overwrite(trimText)
    .refine((text) => !invalid.test(text), { message: PATTERN_MESSAGES.invalidCharacters, abort: true })
    .refine((text) => (min > 0 ? !isBlankText(text) : true), { message: missingMessage, abort: true })
    .refine((text) => {
      const length = textLength(text);
      return length >= min && length <= max;
    }, lengthMessage);
}

/**
 * Machine strings (tokens, signatures, signed ids, content types, storage keys): printable ASCII
 * only, so a control character or a stray byte is refused at validation, never sent to a query.
 */
export const asciiTokenSchema = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7E]*$/, PATTERN_MESSAGES.invalidCharacters);

export const mobileSchema = z
  .string({ error: MESSAGES.phoneInvalid })
  .regex(MOBILE_PATTERN, MESSAGES.phoneInvalid);
export const smsCodeSchema = z
  .string({ error: MESSAGES.codeIncomplete })
  .regex(SMS_CODE_PATTERN, MESSAGES.codeIncomplete);
export const nationalIdSchema = z
  .string()
  .refine(isValidNationalId, { message: PATTERN_MESSAGES.nationalIdInvalid });
/**
 * A unified social credit code as typed: white space cut, letters upper-cased (a code is written in
 * capitals), then the shape and the check character of GB 32100-2015.
 */
export const creditCodeSchema = z
  .string({ error: PATTERN_MESSAGES.creditCodeInvalid })
  .overwrite((text) => text.replace(/\s+/g, '').toUpperCase())
  .refine(isValidCreditCode, { message: PATTERN_MESSAGES.creditCodeInvalid });
/** An e-mail address, at most 100 characters, trimmed first. */
export const emailSchema = z
  .string({ error: PATTERN_MESSAGES.emailInvalid })
  .overwrite(trimText)
  .max(100, PATTERN_MESSAGES.emailInvalid)
  .regex(z.regexes.email, PATTERN_MESSAGES.emailInvalid);
/** A bank account number as typed: the spaces people group digits with are dropped, then 8 to 30 digits. */
export const accountNumberSchema = z
  .string({ error: PATTERN_MESSAGES.accountNumberInvalid })
  .overwrite((text) => text.replace(/\s+/g, ''))
  .regex(ACCOUNT_NUMBER_PATTERN, PATTERN_MESSAGES.accountNumberInvalid);
export const digits1To50Schema = z.string().regex(DIGITS_1_50_PATTERN, PATTERN_MESSAGES.digits1To50);
/** Trims first (the output is the trimmed text), then requires 1 to 50 characters. */
export const text1To50Schema = textSchema({ min: 1, max: 50, message: PATTERN_MESSAGES.text1To50 });
/** A positive integer as typed in a text field (a string, e.g. a query parameter or a form value). */
export const positiveIntegerStringSchema = z
  .string()
  .regex(POSITIVE_INTEGER_PATTERN, PATTERN_MESSAGES.positiveInteger);

/**
 * The filename suffix sent with a direct upload (docs/product.md §5): the part after the last dot, as written
 * (case kept). `undefined` when there is no dot, and also when nothing follows the last dot ('x.'), since
 * an empty suffix says nothing. A leading dot counts like any other: '.bashrc' gives 'bashrc', as the
 * product's rule reads (unlike Node's `path.extname`, which treats it as a hidden name without extension).
 */
export const fileSuffix = (filename: string): string | undefined => {
  const dot = filename.lastIndexOf('.');
  if (dot === -1 || dot === filename.length - 1) return undefined;
  return filename.slice(dot + 1);
};
