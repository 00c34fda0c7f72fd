/**
 * The columns of a model spreadsheet, declared once for the export, the import template and the import:
 * each with its Chinese header, how a model's value is written into a cell, and (for the columns a person
 * fills in) how a cell's text is read back into the field the contract's schema validates.
 */
import { spreadsheetDate, spreadsheetTime } from '@trackit/contract/business-time';
import { LETTERS } from '@trackit/contract/constants';
import {
  GENDER_LABELS,
  GENDERS,
  MODEL_STATUS_LABELS,
  MODEL_STATUSES,
  SIZE_LABELS,
  SIZES,
} from '@trackit/contract/enums';
import {
  MODEL_FIELD_LABELS,
  MODEL_LIMITS,
  MODEL_MESSAGES,
  MODEL_PAYOUT_TYPE_LABELS,
  MODEL_PAYOUT_TYPES,
  MODEL_TEXT_LIMITS,
  MOTHER_AGENCY_BASES,
  MOTHER_AGENCY_BASIS_LABELS,
  type Model,
  type ModelCreate,
  type ModelPayoutAccountField,
} from '@trackit/contract/model.schema';
import {
  MODEL_SHEET_ID_HEADER,
  MODEL_SHEET_LIMITS,
  MODEL_SHEET_MESSAGES,
} from '@trackit/contract/model-sheet.schema';
import { isRateBp, parsePercent } from '@trackit/contract/rates';
import type { WorkbookColumn } from '../../../documents/workbook';
import { listCountries } from '../../country/country.service';

/** A cell's text read as a field's value, or why it cannot be one. */
export type CellReading = { value: unknown } | { error: string };

/**
 * The fields a spreadsheet can fill in. The manager and social accounts are set in the form; so is the
 * payout account, never in a spreadsheet: a changed account is logged and told to finance one model at a
 * time, and a file of accounts is a copy that leaves the system.
 */
export type ImportField = Exclude<
  keyof ModelCreate,
  'manager_member_id' | 'socials' | ModelPayoutAccountField
>;

export interface ImportRule {
  field: ImportField;
  required?: true;
  /** How to fill the column in, for the template's instructions. */
  hint: string;
  example: string;
  /** The labels a cell may hold; the template offers them as a dropdown. */
  options?: readonly string[];
  /**
   * The most characters a cell of the column holds (its field's limit; MODEL_SHEET_LIMITS.valueChars when
   * not given): a longer cell is refused and shown cut to it (`cellLimit`).
   */
  maxChars?: number;
  read(text: string): CellReading;
}

/**
 * A column of the model sheet: a workbook column (header, width, format: dates, percentages, `text` for
 * digits that are text such as mobiles and IDs) with its key and, for the columns a person fills in, how
 * the import reads it.
 */
export type SheetColumn = WorkbookColumn<Model> & {
  key: string;
  /** The national ID: a column only for members with data_management at manage. */
  manageOnly?: true;
  import?: ImportRule;
};
export type ImportColumn = SheetColumn & { import: ImportRule };

const COUNTRY_NAMES = listCountries().countries;
const COUNTRY_CODES = new Map(Object.entries(COUNTRY_NAMES).map(([code, name]) => [name, code]));

// --- Readers: a cell's text (never empty: an empty cell is a field left out) to a field's value ------------

const asText = (text: string): CellReading => ({ value: text });

/** Whole or decimal digits become a number; anything else goes to the schema as it is, for its message. */
const asNumber = (text: string): CellReading =>
  /^[+-]?\d+(\.\d+)?$/.test(text) ? { value: Number(text) } : { value: text };

/** A label (女) or the wire value itself (female), in any case; nothing else. */
const asOption =
  <V extends string>(values: readonly V[], label: (value: V) => string) =>
  (text: string): CellReading => {
    const folded = text.toLowerCase();
    const value = values.find(
      (candidate) => label(candidate).toLowerCase() === folded || candidate.toLowerCase() === folded,
    );
    return value ? { value } : { error: MODEL_SHEET_MESSAGES.notAnOption(values.map(label)) };
  };

/** 2001-02-03, 2001/2/3, 2001.2.3 or 2001年2月3日 as YYYY-MM-DD; anything else goes to the schema. */
export const asDate = (text: string): CellReading => {
  const match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(text);
  if (!match) return { value: text };
  const [, year = '', month = '', date = ''] = match;
  return { value: `${year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}` };
};

/** 中国 or CN. */
const asCountry = (text: string): CellReading => {
  const code = COUNTRY_CODES.get(text) ?? text.toUpperCase();
  return Object.hasOwn(COUNTRY_NAMES, code) ? { value: code } : { error: MODEL_MESSAGES.countryInvalid };
};

/** 时装、广告 (or commas, semicolons, new lines between). */
export const asTags = (text: string): CellReading => ({
  value: text
    .split(/[、,，;；\n]+/)
    .map((tag) => tag.trim())
    .filter(Boolean),
});

/** 20, 20% or 4.35% (of 100) to basis points: 2000, 435; read by its digits (the contract's parsePercent). */
export const asPercent = (text: string): CellReading => {
  const bp = parsePercent(text);
  return isRateBp(bp) ? { value: bp } : { error: MODEL_SHEET_MESSAGES.percentInvalid };
};

// --- The columns --------------------------------------------------------------------------------------------

const GENDER_OPTIONS = GENDERS.map((gender) => GENDER_LABELS[gender]);
const SIZE_OPTIONS = SIZES.map((size) => SIZE_LABELS[size]);
const STATUS_OPTIONS = MODEL_STATUSES.map((status) => MODEL_STATUS_LABELS[status]);
const BASIS_OPTIONS = MOTHER_AGENCY_BASES.map((basis) => MOTHER_AGENCY_BASIS_LABELS[basis]);
const PAYOUT_TYPE_OPTIONS = MODEL_PAYOUT_TYPES.map((type) => MODEL_PAYOUT_TYPE_LABELS[type]);
const COUNTRY_OPTIONS = Object.values(COUNTRY_NAMES);

const labelled = <V extends string>(value: V | null, labels: Readonly<Record<V, string>>) =>
  value === null ? null : labels[value];

/** A measurement in whole units: 身高（厘米）. */
const measurement = (
  field: 'height' | 'weight' | 'bust' | 'waist' | 'hips' | 'shoe_size',
  unit: string,
  example: string,
): SheetColumn => ({
  key: field,
  header: `${MODEL_FIELD_LABELS[field]}（${unit}）`,
  width: 11,
  write: (model) => model[field],
  import: { field, hint: `整数，单位${unit}`, example, read: asNumber },
});

/** A free text of the model, at most its field's characters. */
const text = (
  field: 'english_name' | 'city' | 'hair_color' | 'eye_color' | 'wechat' | 'mother_agency' | 'notes',
  width: number,
  example: string,
): SheetColumn => ({
  key: field,
  header: MODEL_FIELD_LABELS[field],
  width,
  write: (model) => model[field],
  import: {
    field,
    hint: `最多${MODEL_TEXT_LIMITS[field]}个字符`,
    example,
    maxChars: MODEL_TEXT_LIMITS[field],
    read: asText,
  },
});

/** A day of the model's (birthday, contract). */
const day = (field: 'birthday' | 'contract_start' | 'contract_end', example: string): SheetColumn => ({
  key: field,
  header: MODEL_FIELD_LABELS[field],
  width: 13,
  format: 'date',
  write: (model) => spreadsheetDate(model[field]),
  import: { field, hint: '日期，如 2001-02-03 或 2001/2/3', example, read: asDate },
});

/** An instant the system keeps (creation, last change), exported only. */
const instant = (key: 'last_measured_at' | 'created_at' | 'updated_at', header: string): SheetColumn => ({
  key,
  header,
  width: 17,
  format: 'dateTime',
  write: (model) => spreadsheetTime(model[key]),
});

/**
 * Every column, in the sheet's order. The import reads a column by its header (units in brackets may
 * be left out, the order does not matter), so an exported file can be filled in and imported again.
 */
export const MODEL_SHEET_COLUMNS: readonly SheetColumn[] = [
  { key: 'id', header: '编号', width: 8, write: (model) => model.id },
  {
    key: 'name',
    header: MODEL_FIELD_LABELS.name,
    width: 12,
    write: (model) => model.name,
    import: {
      field: 'name',
      required: true,
      hint: `必填，1-${MODEL_TEXT_LIMITS.name}个字符`,
      example: '刘晓阳',
      maxChars: MODEL_TEXT_LIMITS.name,
      read: asText,
    },
  },
  text('english_name', 16, 'Sunny Liu'),
  {
    key: 'gender',
    header: MODEL_FIELD_LABELS.gender,
    width: 8,
    write: (model) => GENDER_LABELS[model.gender],
    import: {
      field: 'gender',
      required: true,
      hint: `必填，${GENDER_OPTIONS.join(' 或 ')}`,
      example: GENDER_LABELS.female,
      options: GENDER_OPTIONS,
      read: asOption(GENDERS, (gender) => GENDER_LABELS[gender]),
    },
  },
  day('birthday', '2002-05-10'),
  { key: 'age', header: '年龄', width: 8, write: (model) => model.age },
  {
    key: 'nationality',
    header: MODEL_FIELD_LABELS.nationality,
    width: 12,
    write: (model) => (model.nationality ? (COUNTRY_NAMES[model.nationality] ?? model.nationality) : null),
    import: {
      field: 'nationality',
      hint: '国家或地区的中文名（如 中国、法国），也可填两位代码（CN）',
      example: '中国',
      options: COUNTRY_OPTIONS,
      read: asCountry,
    },
  },
  text('city', 10, '上海'),
  measurement('height', '厘米', '178'),
  measurement('weight', '公斤', '52'),
  measurement('bust', '厘米', '82'),
  measurement('waist', '厘米', '60'),
  measurement('hips', '厘米', '88'),
  measurement('shoe_size', '欧码', '39'),
  {
    key: 'clothing_size',
    header: MODEL_FIELD_LABELS.clothing_size,
    width: 10,
    write: (model) => labelled(model.clothing_size, SIZE_LABELS),
    import: {
      field: 'clothing_size',
      hint: SIZE_OPTIONS.join('、'),
      example: SIZE_LABELS.s,
      options: SIZE_OPTIONS,
      read: asOption(SIZES, (size) => SIZE_LABELS[size]),
    },
  },
  {
    key: 'cup',
    header: MODEL_FIELD_LABELS.cup,
    width: 8,
    write: (model) => model.cup,
    import: {
      field: 'cup',
      hint: '一个大写字母，如 B',
      example: 'B',
      options: LETTERS,
      read: asOption(LETTERS, (letter) => letter),
    },
  },
  text('hair_color', 8, '黑色'),
  text('eye_color', 8, '棕色'),
  {
    key: 'tags',
    header: MODEL_FIELD_LABELS.tags,
    width: 18,
    write: (model) => (model.tags.length > 0 ? model.tags.join('、') : null),
    import: {
      field: 'tags',
      hint: `多个标签用顿号或逗号分隔，最多${MODEL_LIMITS.tags}个`,
      example: '时装、广告',
      // Every tag at its longest, each with its separator.
      maxChars: MODEL_LIMITS.tags * (MODEL_LIMITS.tagLength + 1),
      read: asTags,
    },
  },
  {
    key: 'mobile',
    header: MODEL_FIELD_LABELS.mobile,
    width: 14,
    format: 'text',
    write: (model) => model.mobile,
    import: { field: 'mobile', hint: '11位手机号，团队内不可重复', example: '13812345678', read: asText },
  },
  text('wechat', 14, 'sunny_liu'),
  {
    // 居民身份证 numbers only, in and out: the other documents (护照, 通行证 …) come with the rest of the
    // tax identity (residency, the stay in China), entered in the form.
    key: 'id_number',
    header: MODEL_SHEET_ID_HEADER,
    width: 21,
    format: 'text',
    manageOnly: true,
    write: (model) => (model.id_type === 'resident_id_card' ? (model.id_number ?? null) : null),
    import: {
      field: 'id_number',
      hint: '18位居民身份证号，团队内不可重复（需管理权限；护照等其他证件请在模特资料中填写）',
      example: '110105199003071234',
      read: asText,
    },
  },
  {
    key: 'socials',
    header: MODEL_FIELD_LABELS.socials,
    width: 24,
    write: (model) =>
      model.socials.length > 0
        ? model.socials
            .map(({ platform, handle, followers }) =>
              followers === null ? `${platform} ${handle}` : `${platform} ${handle}（${followers}）`,
            )
            .join('；')
        : null,
  },
  {
    key: 'manager',
    header: MODEL_FIELD_LABELS.manager_member_id,
    width: 10,
    write: (model) => model.manager_nickname,
  },
  text('mother_agency', 16, 'Elite Paris'),
  {
    key: 'commission_rate',
    header: `${MODEL_FIELD_LABELS.commission_rate}（%）`,
    width: 12,
    format: 'percent',
    // Excel keeps a percentage as a fraction: 20 % is 0.2.
    write: (model) => (model.commission_rate === null ? null : model.commission_rate / 10_000),
    import: {
      field: 'commission_rate',
      hint: '0-100 的百分比，如 20 或 20%',
      example: '20%',
      read: asPercent,
    },
  },
  {
    key: 'mother_agency_rate',
    header: `${MODEL_FIELD_LABELS.mother_agency_rate}（%）`,
    width: 14,
    format: 'percent',
    write: (model) => (model.mother_agency_rate === null ? null : model.mother_agency_rate / 10_000),
    import: {
      field: 'mother_agency_rate',
      hint: '0-100 的百分比，如 10 或 10%；填写时须同时填写母公司和母公司分成方式',
      example: '10%',
      read: asPercent,
    },
  },
  {
    key: 'mother_agency_basis',
    header: MODEL_FIELD_LABELS.mother_agency_basis,
    width: 14,
    write: (model) => labelled(model.mother_agency_basis, MOTHER_AGENCY_BASIS_LABELS),
    import: {
      field: 'mother_agency_basis',
      hint: `${BASIS_OPTIONS.join(' 或 ')}（母公司分成按模特总收入或按经纪公司佣金计算）`,
      example: MOTHER_AGENCY_BASIS_LABELS.commission,
      options: BASIS_OPTIONS,
      read: asOption(MOTHER_AGENCY_BASES, (basis) => MOTHER_AGENCY_BASIS_LABELS[basis]),
    },
  },
  {
    key: 'payout_type',
    header: MODEL_FIELD_LABELS.payout_type,
    width: 10,
    write: (model) => MODEL_PAYOUT_TYPE_LABELS[model.payout_type],
    import: {
      field: 'payout_type',
      hint: `${PAYOUT_TYPE_OPTIONS.join(' 或 ')}；不填为${MODEL_PAYOUT_TYPE_LABELS.individual}`,
      example: MODEL_PAYOUT_TYPE_LABELS.individual,
      options: PAYOUT_TYPE_OPTIONS,
      read: asOption(MODEL_PAYOUT_TYPES, (type) => MODEL_PAYOUT_TYPE_LABELS[type]),
    },
  },
  day('contract_start', '2026-01-01'),
  day('contract_end', '2027-12-31'),
  text('notes', 30, '可拍泳装'),
  {
    key: 'status',
    header: MODEL_FIELD_LABELS.status,
    width: 10,
    write: (model) => MODEL_STATUS_LABELS[model.status],
    import: {
      field: 'status',
      hint: `${STATUS_OPTIONS.join('、')}；不填为${MODEL_STATUS_LABELS.active}（${MODEL_STATUS_LABELS.left}需管理权限）`,
      example: MODEL_STATUS_LABELS.active,
      options: STATUS_OPTIONS,
      read: asOption(MODEL_STATUSES, (status) => MODEL_STATUS_LABELS[status]),
    },
  },
  instant('last_measured_at', '最近测量'),
  instant('created_at', '创建时间'),
  instant('updated_at', '修改时间'),
];

/** The columns a member sees: the national ID only at manage. */
export const visibleColumns = (manage: boolean): SheetColumn[] =>
  MODEL_SHEET_COLUMNS.filter((column) => manage || !column.manageOnly);

const isImportColumn = (column: SheetColumn): column is ImportColumn => column.import !== undefined;

/**
 * The columns an import reads. The national ID is read at every level, so that below manage a filled
 * cell is reported on its row rather than silently dropped.
 */
export const IMPORT_COLUMNS: readonly ImportColumn[] = MODEL_SHEET_COLUMNS.filter(isImportColumn);

/** The columns of the template a member fills in: the national ID only at manage. */
export const templateColumns = (manage: boolean): ImportColumn[] =>
  IMPORT_COLUMNS.filter((column) => manage || !column.manageOnly);

/** The most characters a cell of the column holds. */
export const cellLimit = (column: ImportColumn): number =>
  column.import.maxChars ?? MODEL_SHEET_LIMITS.valueChars;

/** 身高（厘米）, 身高(cm), 姓名*, ` 身高 ` all name the column 身高. */
export const headerKey = (header: string): string =>
  header
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[*＊\s]/g, '')
    .toLowerCase();
