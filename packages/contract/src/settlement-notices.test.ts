import { describe, expect, it } from 'vitest';
import {
  monthInChinese,
  SETTLEMENT_NOTICES,
  withholdingDueDate,
  withholdingDueText,
} from './settlement.schema';

describe('the withholding filing date and reminder', () => {
  it('falls due on the 15th of the next month, across a year end', () => {
    expect(withholdingDueDate('2026-11')).toBe('2026-12-15');
    expect(withholdingDueDate('2026-12')).toBe('2027-01-15');
    expect(withholdingDueText('2026-12')).toBe('1月15日');
    expect(monthInChinese('2026-03')).toBe('2026年3月');
  });

  it('says the month, the people and the tax', () => {
    expect(SETTLEMENT_NOTICES.withholdingDueBody('2026-11', 3, '¥1,234.00')).toBe(
      '2026年11月向 3 位模特代扣个税 ¥1,234.00，请于12月15日前完成申报',
    );
  });
});
