/** Business constants and limits (docs/product.md §9, with §4, §5, §7 where they fix a number). */
import { z } from 'zod';

// --- Calls (docs/product.md §7) -------------------------------------------------------------------------------------

export const API_BASE_PATH = '/storm_api';
export const API_TIMEOUT_MS = 10_000;

// --- Apps and layout -------------------------------------------------------------------------------------

export const BASE_PATHS = {
  admin: '/admin',
  h5: '/h5',
  web: '/web',
} as const;

/** BCP 47 tag of the only UI locale (dates, numbers, collation). */
export const LOCALE = 'zh-CN';

export const MODAL_WIDTH = 382;

/**
 * The most records a duplicate lookup before creating answers (a model's namesakes, a contact's mobile):
 * enough to recognise the person, bounded whatever the team holds.
 */
export const DUPLICATE_MATCHES_MAX = 5;

// --- Login (docs/product.md §4, §5) -----------------------------------------------------------------------------------

export const PHONE_LENGTH = 11;
export const CODE_LENGTH = 4;
export const CODE_RESEND_SECONDS = 60;
/** After a team switch the app waits this long (toast visible) before reloading at /admin. */
export const TEAM_SWITCH_RELOAD_MS = 1000;

// --- Browser storage ---------------------------------------------------------------------------------------

export const STORAGE_PREFIX = 'TRACK_IT';
export const STORAGE_DEFAULT_EXPIRE_MINUTES = 1440;
/** `expire` value of a stored record that never expires (docs/product.md §3, local storage record). */
export const STORAGE_NEVER_EXPIRES = -1;
export const STORAGE_KEYS = {
  /** The token record {access_token, refresh_token}. */
  token: 'TOKEN',
  /** The recent-login list (encrypted), newest first, one entry per phone. */
  loginHistoryUser: 'LOGIN_HISTORY_USER',
} as const;

// --- Uploads (docs/product.md §5) -------------------------------------------------------------------------------------

/** MD5 of a file is computed in slices of this size so a large file is never read whole. */
export const UPLOAD_CHECKSUM_CHUNK_BYTES = 2_097_152;
/** Pause between the PUT to storage and POST /v1/files, so storage has settled the object. */
export const DIRECT_UPLOAD_SETTLE_MS = 200;
/** Largest file a direct upload accepts: 2 GiB. */
export const MAX_UPLOAD_BYTES = 2_147_483_648;
/** Lifetime of a pre-signed storage address; short, as whoever holds it can write or read. */
export const SIGNED_URL_EXPIRY_SECONDS = 10 * 60;
/** Largest image taken as an avatar (a phone photo fits): the picker refuses more, the server too, unread. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** File sizes are shown in 1024-based steps with these unit letters. */
export const SIZE_UNITS = ['B', 'K', 'M', 'G', 'T'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
export const SIZE_UNIT_BASE = 1024;

// --- Finance -----------------------------------------------------------------------------------------------

/**
 * Every tax rate a record may hold, in percent: the spec's (0, 1, 3, 6, 10, 16, 17, 20) stay valid for the
 * records that have them, with China's VAT rates of today (CURRENT_TAX_RATES: 9 and 13 since 1 April 2019,
 * MOF/STA/GACC Announcement 2019 No. 39; 5 for the simplified method).
 */
export const TAX_RATES = [0, 1, 3, 5, 6, 9, 10, 13, 16, 17, 20] as const;
export type TaxRate = (typeof TAX_RATES)[number];
export const taxRateSchema = z.literal(TAX_RATES);

/**
 * The VAT rates China charges today, highest first: what a new fee line or a payee entity's default rate
 * is offered (docs/decisions.md "Tax rates of today and former ones").
 */
export const CURRENT_TAX_RATES = [13, 9, 6, 5, 3, 1, 0] as const satisfies readonly TaxRate[];
/**
 * Rates no longer charged (16 and 10 % until 31 March 2019, 17 % until 30 April 2018, 20 % of the spec):
 * readable and kept on the records that have them, labelled 旧税率, never offered anew.
 */
export const FORMER_TAX_RATES = [20, 17, 16, 10] as const satisfies readonly TaxRate[];
export const FORMER_TAX_RATE_NOTE = '旧税率';
export const isCurrentTaxRate = (rate: number): boolean =>
  (CURRENT_TAX_RATES as readonly number[]).includes(rate);

// --- Model filters -----------------------------------------------------------------------------------------

/**
 * A filter range; `min` and `max` are inclusive and absent on an open end. Values are whole numbers
 * (cm, kg, years), so "under 168" is max 167 and "over 197" is min 198.
 */
export interface NumericRange<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly min?: number;
  readonly max?: number;
}

// Keeps the literal keys in the type, for query schemas of the filters.
const ranges = <const K extends string>(list: readonly NumericRange<K>[]): readonly NumericRange<K>[] => list;

export const inRange = (range: NumericRange, value: number): boolean =>
  (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);

/**
 * Height in cm. docs/product.md §9 gives 187-192 and 192-197, which share 192: kept as given, so a height of
 * 192 falls in both ranges (filtering by either finds that model).
 */
export const HEIGHT_RANGES = ranges([
  { key: 'under_168', label: '168以下', max: 167 },
  { key: '168_173', label: '168-173', min: 168, max: 173 },
  { key: '174_179', label: '174-179', min: 174, max: 179 },
  { key: '180_186', label: '180-186', min: 180, max: 186 },
  { key: '187_192', label: '187-192', min: 187, max: 192 },
  { key: '192_197', label: '192-197', min: 192, max: 197 },
  { key: 'over_197', label: '197以上', min: 198 },
]);
export type HeightRangeKey = (typeof HEIGHT_RANGES)[number]['key'];

/** Weight in kg. */
export const WEIGHT_RANGES = ranges([
  { key: 'under_45', label: '45以下', max: 44 },
  { key: '45_50', label: '45-50', min: 45, max: 50 },
  { key: '51_55', label: '51-55', min: 51, max: 55 },
  { key: '56_60', label: '56-60', min: 56, max: 60 },
  { key: '61_65', label: '61-65', min: 61, max: 65 },
  { key: '66_70', label: '66-70', min: 66, max: 70 },
  { key: '71_75', label: '71-75', min: 71, max: 75 },
  { key: 'over_75', label: '75以上', min: 76 },
]);
export type WeightRangeKey = (typeof WEIGHT_RANGES)[number]['key'];

/** Age in whole years, derived from the birthday. */
export const AGE_RANGES = ranges([
  { key: 'under_18', label: '18以下', max: 17 },
  { key: '18_21', label: '18-21', min: 18, max: 21 },
  { key: '22_25', label: '22-25', min: 22, max: 25 },
  { key: '26_29', label: '26-29', min: 26, max: 29 },
  { key: '30_33', label: '30-33', min: 30, max: 33 },
  { key: '34_37', label: '34-37', min: 34, max: 37 },
  { key: 'over_37', label: '37以上', min: 38 },
]);
export type AgeRangeKey = (typeof AGE_RANGES)[number]['key'];

/** Shoe or letter options (e.g. cup), A to Z. */
export const LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
  'Y',
  'Z',
] as const;
export type Letter = (typeof LETTERS)[number];

// --- Dates -------------------------------------------------------------------------------------------------

/** Day.js format tokens (not date-fns: there `YYYY` means week-year). */
export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  dateTime: 'YYYY-MM-DD HH:mm',
  dateTimeSeconds: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm',
  month: 'YYYY-MM',
  dateZh: 'YYYY年MM月DD日',
} as const;

/** Weeks start on Sunday (0, as `Date.prototype.getDay`). */
export const WEEK_START = 0;
/** Indexed by `getDay()`: 0 is Sunday. */
export const WEEKDAY_LABELS = ['日', '一', '二', '三', '四', '五', '六'] as const;

/** Background colours of initials avatars (a member without a photo), picked by nickname. */
export const AVATAR_COLORS = [
  '#1677ff',
  '#13a8a8',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#fa541c',
] as const;

export function avatarColorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] as string;
}
