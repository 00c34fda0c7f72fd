import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_GROUPS,
  BANK_LABELS,
  BANK_SEARCH_WORDS,
  BANKS,
  bankName,
  bankNameIssue,
  isBank,
  maskedAccountNumber,
} from './banks';

describe('banks', () => {
  it("covers China's national banks: three policy banks, the big six and twelve joint-stock banks, then any other", () => {
    const group = (label: string) => BANK_GROUPS.find((entry) => entry.label === label)?.banks ?? [];
    expect(group('政策性银行').map((bank) => BANK_LABELS[bank])).toEqual([
      '国家开发银行',
      '中国进出口银行',
      '中国农业发展银行',
    ]);
    expect(group('国有大型商业银行').map((bank) => BANK_LABELS[bank])).toEqual([
      '中国工商银行',
      '中国农业银行',
      '中国银行',
      '中国建设银行',
      '交通银行',
      '中国邮政储蓄银行',
    ]);
    const jointStock = group('全国性股份制商业银行').map((bank) => BANK_LABELS[bank]);
    expect(jointStock).toHaveLength(12);
    expect(jointStock).toEqual(
      expect.arrayContaining(['兴业银行', '平安银行', '广发银行', '浙商银行', '渤海银行']),
    );
    // Every code is in exactly one group, in the order the select lists them.
    expect(BANK_GROUPS.flatMap((entry) => entry.banks)).toEqual([...BANKS]);
    expect(BANKS.at(-1)).toBe('other');
    for (const bank of BANKS) expect(BANK_SEARCH_WORDS[bank].length).toBeGreaterThan(0);
    expect(isBank('cib')).toBe(true);
    expect(isBank('hsbc')).toBe(false);
  });

  it('names another bank by what was written for it, and asks for it', () => {
    expect(bankName('pab')).toBe('平安银行');
    expect(bankName('other', ' 上海农商银行 ')).toBe('上海农商银行');
    expect(bankNameIssue('other', '')).toBe('*请填写开户银行的名称，如：上海银行、北京农商银行');
    expect(bankNameIssue('other', null)).not.toBeNull();
    expect(bankNameIssue('other', '宁波银行')).toBeNull();
    expect(bankNameIssue('cib', '宁波银行')).toBe('*只有“其他银行”需要填写银行名称');
    expect(bankNameIssue('cib', null)).toBeNull();
    expect(bankNameIssue(null, null)).toBeNull();
  });

  it('masks an account number to its first and last four digits, hiding at least half of it', () => {
    expect(maskedAccountNumber('6222021234567890')).toBe('6222 **** **** 7890');
    expect(maskedAccountNumber('6222 0212 3456 7890 123')).toBe('6222 **** **** 0123');
    expect(maskedAccountNumber('121909876510201')).toBe('**** **** 0201');
    expect(maskedAccountNumber('12345678')).toBe('**** **** 5678');
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8,30}$/), (digits) => {
        const masked = maskedAccountNumber(digits);
        const shown = masked.replace(/[^0-9]/g, '');
        expect(shown.length * 2).toBeLessThanOrEqual(digits.length);
        expect(masked.endsWith(digits.slice(-4))).toBe(true);
        expect(masked).not.toContain(digits);
      }),
    );
  });
});
