import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  AUDIT_LIST_STATUS_LABELS,
  AUDIT_LIST_STATUSES,
  CALENDAR_BOOKING_DISPLAY_STATUSES,
  CALENDAR_BOOKING_STATUS_LABELS,
  CALENDAR_BOOKING_STATUSES,
  calendarBookingDisplayStatusSchema,
  calendarBookingStatusSchema,
  FEE_KIND_LABELS,
  FEE_KINDS,
  feeKindSchema,
  GENDER_LABELS,
  GENDERS,
  genderSchema,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  jobTypeSchema,
  MEMBER_ACCOUNT_STATUS_LABELS,
  MEMBER_ACCOUNT_STATUSES,
  MODEL_TRIP_KIND_LABELS,
  MODEL_TRIP_KINDS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  PERMISSION_LEVEL_LABELS,
  PERMISSION_LEVELS,
  RENEWAL_OPTION_LABELS,
  RENEWAL_OPTIONS,
  SIZE_LABELS,
  SIZES,
  sizeSchema,
} from './enums';

const ENUMS: [string, readonly string[], Readonly<Record<string, string>>][] = [
  ['gender', GENDERS, GENDER_LABELS],
  ['model trip kind', MODEL_TRIP_KINDS, MODEL_TRIP_KIND_LABELS],
  ['calendar booking status', CALENDAR_BOOKING_DISPLAY_STATUSES, CALENDAR_BOOKING_STATUS_LABELS],
  ['notification type', NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS],
  ['approval status', APPROVAL_STATUSES, APPROVAL_STATUS_LABELS],
  ['fee kind', FEE_KINDS, FEE_KIND_LABELS],
  ['renewal option', RENEWAL_OPTIONS, RENEWAL_OPTION_LABELS],
  ['payment status', PAYMENT_STATUSES, PAYMENT_STATUS_LABELS],
  ['member account status', MEMBER_ACCOUNT_STATUSES, MEMBER_ACCOUNT_STATUS_LABELS],
  ['audit list status', AUDIT_LIST_STATUSES, AUDIT_LIST_STATUS_LABELS],
  ['permission level', PERMISSION_LEVELS, PERMISSION_LEVEL_LABELS],
  ['size', SIZES, SIZE_LABELS],
  ['job type', JOB_TYPES, JOB_TYPE_LABELS],
];

describe.each(ENUMS)('%s', (_name, values, labels) => {
  it('has unique values', () => {
    expect(new Set(values).size).toBe(values.length);
  });

  it('labels exactly its values, each with a non-blank label', () => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
    for (const value of values) expect(labels[value]?.trim()).toBeTruthy();
  });
});

describe('enum contents (docs/product.md §3, docs/product.md §11)', () => {
  it('has the 24 job types, other labelled 工作', () => {
    expect(JOB_TYPES).toHaveLength(24);
    expect(JOB_TYPE_LABELS.other).toBe('工作');
    expect(JOB_TYPE_LABELS.network_shooting).toBe('网拍');
    expect(JOB_TYPE_LABELS.lookbook).toBe('Lookbook');
    // Labels pick a job type in a select, so two must never read the same.
    expect(new Set(Object.values(JOB_TYPE_LABELS)).size).toBe(24);
  });

  it('labels sizes in upper case, smallest first', () => {
    expect(SIZES.map((size) => SIZE_LABELS[size])).toEqual(['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']);
  });

  it('keeps fee kinds as the product writes them', () => {
    expect(feeKindSchema.parse('UsageFee')).toBe('UsageFee');
    expect(feeKindSchema.safeParse('usage_fee').success).toBe(false);
    expect(FEE_KIND_LABELS).toEqual({ ModelFee: '费用', UsageFee: '肖像授权' });
  });

  it('labels a few values verbatim', () => {
    expect(GENDER_LABELS).toEqual({ female: '女', male: '男' });
    expect(APPROVAL_STATUS_LABELS.init).toBe('待审批');
    expect(MEMBER_ACCOUNT_STATUS_LABELS.off_duty).toBe('已离职');
    expect(RENEWAL_OPTION_LABELS.not_renew).toBe('不续约');
    expect(AUDIT_LIST_STATUS_LABELS.pending).toBe('待审核');
  });
});

describe('calendar booking status', () => {
  it('stores five statuses; expired is display-only', () => {
    expect(CALENDAR_BOOKING_STATUSES).not.toContain('expired');
    expect(calendarBookingStatusSchema.safeParse('expired').success).toBe(false);
    expect(calendarBookingDisplayStatusSchema.parse('expired')).toBe('expired');
    expect(CALENDAR_BOOKING_DISPLAY_STATUSES).toEqual([...CALENDAR_BOOKING_STATUSES, 'expired']);
    expect(CALENDAR_BOOKING_STATUS_LABELS.expired).toBe('已过期');
  });
});

describe('schemas', () => {
  it('accept the values and nothing else', () => {
    expect(genderSchema.parse('female')).toBe('female');
    expect(genderSchema.safeParse('Female').success).toBe(false);
    expect(sizeSchema.safeParse('XL').success).toBe(false);
    expect(sizeSchema.parse('xxxl')).toBe('xxxl');
    expect(jobTypeSchema.safeParse('').success).toBe(false);
  });
});
