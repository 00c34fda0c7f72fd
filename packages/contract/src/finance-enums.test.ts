import { describe, expect, it } from 'vitest';
import { FEE_KINDS } from './enums';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  FINANCE_PATTERN_MESSAGES,
  FINANCE_REFUSAL_MESSAGES,
  FINANCE_REFUSALS,
  INVOICE_ITEM_LABELS,
  INVOICE_ITEM_OF_FEE_KIND,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  invoiceNumberSchema,
  ORDER_PAYMENT_STATE_LABELS,
} from './finance-enums';

describe('finance enumerations', () => {
  it('name every value in Chinese, as the issue and the invoice print them', () => {
    expect(Object.values(INVOICE_TYPE_LABELS)).toEqual(['数电专票', '数电普票']);
    expect(Object.values(INVOICE_STATUS_LABELS)).toEqual(['待开具', '已开具', '已全额红冲']);
    expect(Object.values(ORDER_PAYMENT_STATE_LABELS)).toEqual(['未收款', '部分收款', '已收款']);
    expect(AGING_BUCKETS.map((bucket) => AGING_BUCKET_LABELS[bucket])).toEqual([
      '未到期',
      '1–30 天',
      '31–60 天',
      '61–90 天',
      '90 天以上',
    ]);
    expect(FEE_KINDS.map((kind) => INVOICE_ITEM_LABELS[INVOICE_ITEM_OF_FEE_KIND[kind]])).toEqual([
      '服务费',
      '肖像使用费',
    ]);
    for (const reason of FINANCE_REFUSALS)
      expect(FINANCE_REFUSAL_MESSAGES[reason]).toMatch(/\p{Script=Han}/u);
  });
});

describe('the fully digital invoice number', () => {
  it('is 20 digits, pasted with spaces or not', () => {
    expect(invoiceNumberSchema.parse('26442000000123456789')).toBe('26442000000123456789');
    expect(invoiceNumberSchema.parse(' 2644 2000 0001 2345 6789 ')).toBe('26442000000123456789');
  });

  it('refuses anything else with one message', () => {
    for (const wrong of ['2644200000012345678', '264420000001234567890', '2644200000012345678X', '', 12345]) {
      const result = invoiceNumberSchema.safeParse(wrong);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FINANCE_PATTERN_MESSAGES.invoiceNumberInvalid);
    }
  });
});
