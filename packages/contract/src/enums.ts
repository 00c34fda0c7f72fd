/**
 * The enumerations of docs/product.md §3, each as: a `const` array of the wire values (in the product's order), the union
 * type, a zod schema, and the Chinese labels of docs/product.md §11. Label maps are typed `Record<Value, string>`, so
 * adding a value without its label is a compile error.
 */
import { z } from 'zod';

export const GENDERS = ['female', 'male'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderSchema = z.enum(GENDERS);
export const GENDER_LABELS: Readonly<Record<Gender, string>> = {
  female: '女',
  male: '男',
};

export const MODEL_TRIP_KINDS = ['vacation', 'work', 'expatriate'] as const;
export type ModelTripKind = (typeof MODEL_TRIP_KINDS)[number];
export const modelTripKindSchema = z.enum(MODEL_TRIP_KINDS);
export const MODEL_TRIP_KIND_LABELS: Readonly<Record<ModelTripKind, string>> = {
  vacation: '休假',
  work: '工作',
  expatriate: '外派',
};

/** What a resource folder holds (docs/product.md §10 "Folder"); `other` for anything else. */
export const FOLDER_KINDS = ['book', 'polaroid', 'video', 'comp_card', 'other'] as const;
export type FolderKind = (typeof FOLDER_KINDS)[number];
export const folderKindSchema = z.enum(FOLDER_KINDS);
export const FOLDER_KIND_LABELS: Readonly<Record<FolderKind, string>> = {
  book: '画册',
  polaroid: '拍立得',
  video: '视频',
  comp_card: '模卡',
  other: '其他',
};

/** A model's standing with the agency; `left` is the archive (only a model created by mistake is deleted). */
export const MODEL_STATUSES = ['active', 'paused', 'left'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];
export const modelStatusSchema = z.enum(MODEL_STATUSES);
export const MODEL_STATUS_LABELS: Readonly<Record<ModelStatus, string>> = {
  active: '合作中',
  paused: '暂停合作',
  left: '已解约',
};

/** Statuses a calendar entry is stored with, and that the API accepts. */
export const CALENDAR_BOOKING_STATUSES = ['locked', 'reserved', 'pending', 'rejected', 'cancelled'] as const;
export type CalendarBookingStatus = (typeof CALENDAR_BOOKING_STATUSES)[number];
export const calendarBookingStatusSchema = z.enum(CALENDAR_BOOKING_STATUSES);

/**
 * Statuses the calendar shows. `expired` is display-only: it is derived (an option past its expiry) and is
 * never stored nor accepted as input, so write payloads use `calendarBookingStatusSchema`.
 */
export const CALENDAR_BOOKING_DISPLAY_STATUSES = [...CALENDAR_BOOKING_STATUSES, 'expired'] as const;
export type CalendarBookingDisplayStatus = (typeof CALENDAR_BOOKING_DISPLAY_STATUSES)[number];
export const calendarBookingDisplayStatusSchema = z.enum(CALENDAR_BOOKING_DISPLAY_STATUSES);
export const CALENDAR_BOOKING_STATUS_LABELS: Readonly<Record<CalendarBookingDisplayStatus, string>> = {
  locked: '已锁定',
  reserved: '已预留',
  pending: '待确认',
  rejected: '已拒绝',
  cancelled: '已取消',
  expired: '已过期',
};

export const NOTIFICATION_TYPES = ['event_notice', 'audit_required'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  event_notice: '事件通知',
  audit_required: '待审批',
};

export const APPROVAL_STATUSES = ['passed', 'rejected', 'init'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  passed: '已同意',
  rejected: '已拒绝',
  init: '待审批',
};

/**
 * What became of the request an `audit_required` notice asked about: decided either way, or withdrawn
 * (the record left the flow). A notice whose request is settled stops reading 待审批 (issue 35).
 */
export const APPROVAL_NOTICE_OUTCOMES = ['passed', 'rejected', 'withdrawn'] as const;
export type ApprovalNoticeOutcome = (typeof APPROVAL_NOTICE_OUTCOMES)[number];
export const APPROVAL_NOTICE_OUTCOME_LABELS: Readonly<Record<ApprovalNoticeOutcome, string>> = {
  passed: APPROVAL_STATUS_LABELS.passed,
  rejected: APPROVAL_STATUS_LABELS.rejected,
  withdrawn: '已撤回',
};

// PascalCase values are the product's wire values, kept as they are.
export const FEE_KINDS = ['ModelFee', 'UsageFee'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const feeKindSchema = z.enum(FEE_KINDS);
export const FEE_KIND_LABELS: Readonly<Record<FeeKind, string>> = {
  ModelFee: '费用',
  UsageFee: '肖像授权',
};

export const RENEWAL_OPTIONS = ['pending', 'automatically', 'not_renew'] as const;
export type RenewalOption = (typeof RENEWAL_OPTIONS)[number];
export const renewalOptionSchema = z.enum(RENEWAL_OPTIONS);
export const RENEWAL_OPTION_LABELS: Readonly<Record<RenewalOption, string>> = {
  pending: '待定',
  automatically: '自动续约',
  not_renew: '不续约',
};

/**
 * A fee line's payment status: 已付款 when allocations cover its total, 部分付款 when some but not all of it is
 * received (as an order's 部分收款, finance-enums.ts), else 未付款 (issue 35 item 8).
 */
export const PAYMENT_STATUSES = ['paid', 'partial', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  paid: '已付款',
  partial: '部分付款',
  unpaid: '未付款',
};

export const MEMBER_ACCOUNT_STATUSES = ['valid', 'pause', 'off_duty'] as const;
export type MemberAccountStatus = (typeof MEMBER_ACCOUNT_STATUSES)[number];
export const memberAccountStatusSchema = z.enum(MEMBER_ACCOUNT_STATUSES);
export const MEMBER_ACCOUNT_STATUS_LABELS: Readonly<Record<MemberAccountStatus, string>> = {
  valid: '正常',
  pause: '账号暂停',
  off_duty: '已离职',
};

/** The two kinds of the roles resource (docs/product.md "Organization"): a department of the tree, or a role. */
export const ORG_UNIT_KINDS = ['department', 'role'] as const;
export type OrgUnitKind = (typeof ORG_UNIT_KINDS)[number];
export const orgUnitKindSchema = z.enum(ORG_UNIT_KINDS);

export const AUDIT_LIST_STATUSES = ['rejected', 'pending'] as const;
export type AuditListStatus = (typeof AUDIT_LIST_STATUSES)[number];
export const AUDIT_LIST_STATUS_LABELS: Readonly<Record<AuditListStatus, string>> = {
  rejected: '已拒绝',
  pending: '待审核',
};

/** In the product's order; for comparing levels use `PERMISSION_LEVEL_RANK` / `levelAllows` of ./permissions. */
export const PERMISSION_LEVELS = ['manage', 'read', 'edit'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export const PERMISSION_LEVEL_LABELS: Readonly<Record<PermissionLevel, string>> = {
  manage: '管理',
  read: '查看',
  edit: '编辑',
};

/** Clothing sizes, smallest first. */
export const SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'] as const;
export type Size = (typeof SIZES)[number];
export const sizeSchema = z.enum(SIZES);
export const SIZE_LABELS: Readonly<Record<Size, string>> = {
  xxs: 'XXS',
  xs: 'XS',
  s: 'S',
  m: 'M',
  l: 'L',
  xl: 'XL',
  xxl: 'XXL',
  xxxl: 'XXXL',
};

export const JOB_TYPES = [
  'other',
  'ad',
  'campaign',
  'catalog',
  'presentation',
  'editing',
  'producing',
  'activity',
  'fashion_event',
  'movie',
  'fitting',
  'makeup_trials',
  'haute_couture',
  'lookbook',
  'appearance',
  'makeup_hairstyling',
  'garments',
  'preview',
  'product_placement',
  'royalties',
  'showroom',
  'test',
  'fashion_show',
  'network_shooting',
] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const jobTypeSchema = z.enum(JOB_TYPES);
export const JOB_TYPE_LABELS: Readonly<Record<JobType, string>> = {
  other: '工作',
  ad: '广告',
  campaign: '大片',
  catalog: '画册',
  presentation: '发布会',
  editing: '剪辑',
  producing: '制作',
  activity: '活动',
  fashion_event: '时尚活动',
  movie: '影视',
  fitting: '试装',
  makeup_trials: '试妆',
  haute_couture: '高定',
  lookbook: 'Lookbook',
  appearance: '出席',
  makeup_hairstyling: '妆发',
  garments: '服装',
  preview: '预览',
  product_placement: '植入',
  royalties: '版权',
  showroom: '展厅',
  test: '试拍',
  fashion_show: '走秀',
  network_shooting: '网拍',
};

/** Client companies' lines of business (docs/product.md "Companies"). */
export const COMPANY_INDUSTRIES = [
  'fashion',
  'beauty',
  'luxury',
  'sports',
  'retail',
  'advertising',
  'media',
  'entertainment',
  'automotive',
  'technology',
  'food',
  'other',
] as const;
export type CompanyIndustry = (typeof COMPANY_INDUSTRIES)[number];
export const companyIndustrySchema = z.enum(COMPANY_INDUSTRIES, { error: '*请选择行业' });
export const COMPANY_INDUSTRY_LABELS: Readonly<Record<CompanyIndustry, string>> = {
  fashion: '服装时尚',
  beauty: '美妆个护',
  luxury: '奢侈品',
  sports: '运动户外',
  retail: '电商零售',
  advertising: '广告公关',
  media: '媒体出版',
  entertainment: '影视娱乐',
  automotive: '汽车出行',
  technology: '科技数码',
  food: '食品饮料',
  other: '其他',
};

/** How much a client company matters to the agency, most first. */
export const COMPANY_TIERS = ['strategic', 'key', 'regular', 'prospect'] as const;
export type CompanyTier = (typeof COMPANY_TIERS)[number];
export const companyTierSchema = z.enum(COMPANY_TIERS, { error: '*请选择客户等级' });
export const COMPANY_TIER_LABELS: Readonly<Record<CompanyTier, string>> = {
  strategic: '战略客户',
  key: '重点客户',
  regular: '普通客户',
  prospect: '潜在客户',
};

/** Status of a company or a contact: neither is ever deleted, only archived (and restored). */
export const RECORD_STATUSES = ['active', 'archived'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const recordStatusSchema = z.enum(RECORD_STATUSES, { error: '*请选择状态' });
export const RECORD_STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  active: '正常',
  archived: '已归档',
};
