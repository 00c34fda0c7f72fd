/**
 * What a client is shown of a model on the share pages (docs/product.md "Packages and share pages"), and
 * the addresses of a share. Only the fields listed here can ever be chosen: mobile, WeChat, national ID,
 * notes and fees have no entry, so no package can show them.
 */
import { z } from 'zod';
import { BASE_PATHS } from './constants';
import { GENDER_LABELS, GENDERS, SIZE_LABELS, SIZES } from './enums';

/** The model fields a package may show its client, in the order the share pages list them. */
export const SHARE_FIELDS = [
  'english_name',
  'gender',
  'age',
  'height',
  'weight',
  'measurements',
  'shoe_size',
  'clothing_size',
  'cup',
  'hair_color',
  'eye_color',
  'city',
  'nationality',
  'tags',
] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];
export const shareFieldSchema = z.enum(SHARE_FIELDS);

export const SHARE_FIELD_LABELS: Readonly<Record<ShareField, string>> = {
  english_name: '英文名',
  gender: '性别',
  age: '年龄',
  height: '身高',
  weight: '体重',
  measurements: '三围',
  shoe_size: '鞋码',
  clothing_size: '服装尺码',
  cup: '罩杯',
  hair_color: '发色',
  eye_color: '瞳色',
  city: '城市',
  nationality: '国籍',
  tags: '风格标签',
};

/** What a new package shows unless its author chooses otherwise: the figures a casting looks at first. */
export const DEFAULT_SHARE_FIELDS: readonly ShareField[] = [
  'english_name',
  'age',
  'height',
  'measurements',
  'shoe_size',
];

/**
 * The fields a model page's link preview names in its one-line description (when the package shows
 * them), kept short for a chat app's card. The share pages themselves show every field chosen.
 */
export const SHARE_PREVIEW_FIELDS: readonly ShareField[] = ['height', 'measurements', 'shoe_size'];

/**
 * A shown model's values: each present only when the package shows that field (the server's public
 * presenter builds it from the package's choice; the private record never reaches the share pages).
 */
export const shareFactsSchema = z.object({
  english_name: z.string().nullable().optional(),
  gender: z.enum(GENDERS).optional(),
  age: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
  weight: z.number().int().nullable().optional(),
  bust: z.number().int().nullable().optional(),
  waist: z.number().int().nullable().optional(),
  hips: z.number().int().nullable().optional(),
  shoe_size: z.number().int().nullable().optional(),
  clothing_size: z.enum(SIZES).nullable().optional(),
  cup: z.string().nullable().optional(),
  hair_color: z.string().nullable().optional(),
  eye_color: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  /** The country's Chinese name (the server resolves the code). */
  nationality: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
});
export type ShareFacts = z.infer<typeof shareFactsSchema>;

/** One line of a model's facts as the share pages show it: `身高 178cm`. */
export interface ShareFact {
  field: ShareField;
  label: string;
  value: string;
}

const cm = (value: number | null | undefined) => (value == null ? null : `${value}cm`);

function factValue(field: ShareField, facts: ShareFacts): string | null {
  switch (field) {
    case 'english_name':
      return facts.english_name || null;
    case 'gender':
      return facts.gender ? GENDER_LABELS[facts.gender] : null;
    case 'age':
      return facts.age == null ? null : `${facts.age}岁`;
    case 'height':
      return cm(facts.height);
    case 'weight':
      return facts.weight == null ? null : `${facts.weight}kg`;
    case 'measurements':
      return facts.bust == null && facts.waist == null && facts.hips == null
        ? null
        : [facts.bust, facts.waist, facts.hips].map((value) => value ?? '-').join('/');
    case 'shoe_size':
      return facts.shoe_size == null ? null : String(facts.shoe_size);
    case 'clothing_size':
      return facts.clothing_size ? SIZE_LABELS[facts.clothing_size] : null;
    case 'cup':
      return facts.cup || null;
    case 'hair_color':
      return facts.hair_color || null;
    case 'eye_color':
      return facts.eye_color || null;
    case 'city':
      return facts.city || null;
    case 'nationality':
      return facts.nationality || null;
    case 'tags':
      return facts.tags && facts.tags.length > 0 ? facts.tags.join('、') : null;
  }
}

/** The facts to show, in SHARE_FIELDS order, among `fields`; a field without a value is left out. */
export function shareFacts(facts: ShareFacts, fields: readonly ShareField[] = SHARE_FIELDS): ShareFact[] {
  return shareCardFacts(facts, fields).flatMap((fact) =>
    fact.value === null ? [] : [{ ...fact, value: fact.value }],
  );
}

/** One line of a grid card: a field the package chose, with the model's value or null when it has none. */
export interface ShareCardFact {
  field: ShareField;
  label: string;
  value: string | null;
}

/**
 * What a model's card on a package's grid shows: every field the package chose, in SHARE_FIELDS order,
 * a missing value as null. Every card of a package so has the same lines in the same places (equal
 * heights, a row's figures side by side), where a model's own page leaves a missing value out.
 */
export function shareCardFacts(facts: ShareFacts, fields: readonly ShareField[]): ShareCardFact[] {
  const wanted = new Set(fields);
  return SHARE_FIELDS.filter((field) => wanted.has(field)).map((field) => ({
    field,
    label: SHARE_FIELD_LABELS[field],
    value: factValue(field, facts),
  }));
}

/**
 * The kinds of record a share link opens (docs/product.md "Share links"). A new kind is one line here;
 * the typecheck then asks for its link preview and its share pages (apps/server/src/domains/share/).
 */
export const SHARE_LINK_KINDS = ['package', 'folder', 'fee_statement', 'settlement'] as const;
export type ShareLinkKind = (typeof SHARE_LINK_KINDS)[number];

/** What every share link answers, whatever its kind. */
export const SHARE_MESSAGES = {
  /** An unknown, malformed, revoked or expired id, or one of another kind: the share apps' 404 text. */
  notFound: '抱歉，页面未找到',
  rateLimited: '访问过于频繁，请稍后再试',
} as const;

/**
 * A share id: 24 characters of base64url, 144 bits from a secure random source. Anything else is
 * answered "not found" like an unknown id (never a validation error that would tell them apart).
 */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
export const isShareId = (value: string): boolean => SHARE_ID_PATTERN.test(value);

/** Addresses of a share on the two share apps (paths; the admin app prefixes its own origin). */
export const SHARE_PATHS = {
  mobilePackage: (shareId: string) => `${BASE_PATHS.h5}/s/${shareId}`,
  desktopPackage: (shareId: string) => `${BASE_PATHS.web}/s/${shareId}`,
  mobileFolder: (shareId: string) => `${BASE_PATHS.h5}/f/${shareId}`,
  desktopFolder: (shareId: string) => `${BASE_PATHS.web}/f/${shareId}`,
  /** A fee statement (对账单): desktop only, printable on A4. */
  desktopFeeStatement: (shareId: string) => `${BASE_PATHS.web}/fees/${shareId}`,
  /** A model's settlement (结算单) shared with the model: desktop only, printable, fits a phone. */
  desktopSettlement: (shareId: string) => `${BASE_PATHS.web}/settlements/${shareId}`,
} as const;

/** A new package is open to its client for this long unless its author sets another expiry. */
export const PACKAGE_DEFAULT_EXPIRY_DAYS = 30;
/** The furthest a package's expiry may be set from now. */
export const PACKAGE_MAX_EXPIRY_DAYS = 366;
/** The most models one package may show. */
export const PACKAGE_MAX_MODELS = 100;
/**
 * One device's picks and comments on a package tell its creator at most once in this long (the first
 * tells; the rest are in the package's activity), so a client commenting on every model, or a script
 * flooding comments, makes one notice per package and device, not one per comment.
 */
export const PACKAGE_VISITOR_NOTICE_INTERVAL_MS = 10 * 60_000;

/**
 * A device's own random id (kept in its local storage), so a client's picks and views are told apart
 * from another's without an account.
 */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const visitorIdSchema = z.string().regex(VISITOR_ID_PATTERN, '访客标识无效');

/** The share pages whose opens are recorded. */
export const SHARE_VIEW_PAGES = ['package', 'model', 'photos', 'files'] as const;
export type ShareViewPage = (typeof SHARE_VIEW_PAGES)[number];
export const SHARE_VIEW_PAGE_LABELS: Readonly<Record<ShareViewPage, string>> = {
  package: '套餐首页',
  model: '模特详情',
  photos: '照片',
  files: '视频与文件',
};

/** The device a view came from (from its user agent, on the server). */
export const SHARE_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type ShareDevice = (typeof SHARE_DEVICES)[number];
export const SHARE_DEVICE_LABELS: Readonly<Record<ShareDevice, string>> = {
  mobile: '手机',
  tablet: '平板',
  desktop: '电脑',
};

/** Which share app a view was made in. */
export const SHARE_APPS = ['h5', 'web'] as const;
export type ShareApp = (typeof SHARE_APPS)[number];

/** The longest a single view may count as visible (a tab left open overnight counts this much). */
export const SHARE_VIEW_MAX_VISIBLE_MS = 4 * 3_600_000;

/** Storage keys of the share apps (on the client's device). */
export const SHARE_STORAGE_KEYS = {
  visitorId: 'TRACK_IT_SHARE_VISITOR',
  visitorName: 'TRACK_IT_SHARE_NAME',
} as const;
