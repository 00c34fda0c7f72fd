/**
 * The banks an account may be at (docs/product.md "Payee entity", "Models" 结算信息): China's national
 * banks by code — the three policy banks, the six large state-owned commercial banks and the twelve
 * national joint-stock banks — and `other`, any other bank (a city or rural commercial bank, a foreign
 * bank's Chinese arm) written by its name with its branch. Also how an account number is masked where a
 * whole number must not appear (a bank change's confirmation and notices).
 */
import { z } from 'zod';
import { textSchema } from './patterns';

export const BANK_GROUPS = [
  { label: '政策性银行', banks: ['cdb', 'eximbank', 'adbc'] },
  { label: '国有大型商业银行', banks: ['icbc', 'abc', 'boc', 'ccb', 'bocom', 'psbc'] },
  {
    label: '全国性股份制商业银行',
    banks: ['cmb', 'spdb', 'citic', 'ceb', 'hxb', 'cmbc', 'cgb', 'cib', 'pab', 'czb', 'egb', 'cbhb'],
  },
  { label: '其他银行', banks: ['other'] },
] as const;

/** Every bank code, in the order the select lists them; `other` last. */
export const BANKS = [
  'cdb',
  'eximbank',
  'adbc',
  'icbc',
  'abc',
  'boc',
  'ccb',
  'bocom',
  'psbc',
  'cmb',
  'spdb',
  'citic',
  'ceb',
  'hxb',
  'cmbc',
  'cgb',
  'cib',
  'pab',
  'czb',
  'egb',
  'cbhb',
  'other',
] as const;
export type Bank = (typeof BANKS)[number];

export const BANK_LABELS: Readonly<Record<Bank, string>> = {
  cdb: '国家开发银行',
  eximbank: '中国进出口银行',
  adbc: '中国农业发展银行',
  icbc: '中国工商银行',
  abc: '中国农业银行',
  boc: '中国银行',
  ccb: '中国建设银行',
  bocom: '交通银行',
  psbc: '中国邮政储蓄银行',
  cmb: '招商银行',
  spdb: '上海浦东发展银行',
  citic: '中信银行',
  ceb: '中国光大银行',
  hxb: '华夏银行',
  cmbc: '中国民生银行',
  cgb: '广发银行',
  cib: '兴业银行',
  pab: '平安银行',
  czb: '浙商银行',
  egb: '恒丰银行',
  cbhb: '渤海银行',
  other: '其他银行（城商行、农商行等）',
};

/** What people also call each bank, for the searchable select: 工行, 招行, 浦发, ICBC… */
export const BANK_SEARCH_WORDS: Readonly<Record<Bank, readonly string[]>> = {
  cdb: ['国开行', '国开', 'CDB'],
  eximbank: ['进出口银行', '口行', 'EXIM'],
  adbc: ['农发行', 'ADBC'],
  icbc: ['工行', '工商银行', 'ICBC'],
  abc: ['农行', '农业银行', 'ABC'],
  boc: ['中行', 'BOC'],
  ccb: ['建行', '建设银行', 'CCB'],
  bocom: ['交行', 'BOCOM'],
  psbc: ['邮储', '邮政', 'PSBC'],
  cmb: ['招行', 'CMB'],
  spdb: ['浦发', 'SPDB'],
  citic: ['中信', 'CITIC'],
  ceb: ['光大', 'CEB'],
  hxb: ['华夏', 'HXB'],
  cmbc: ['民生', 'CMBC'],
  cgb: ['广发', 'CGB'],
  cib: ['兴业', 'CIB'],
  pab: ['平安', 'PAB'],
  czb: ['浙商', 'CZB'],
  egb: ['恒丰', 'EGB'],
  cbhb: ['渤海', 'CBHB'],
  other: ['城商行', '农商行', '农村商业银行', '村镇银行', '其他'],
};

export const BANK_MESSAGES = {
  bankMissing: '*请选择开户银行',
  nameMissing: '*请填写开户银行的名称，如：上海银行、北京农商银行',
  nameNotOther: '*只有“其他银行”需要填写银行名称',
  branchMissing: '*请填写开户支行',
} as const;

export const BANK_LIMITS = { name: 50, branch: 100 } as const;

export const bankSchema = z.enum(BANKS, { error: BANK_MESSAGES.bankMissing });
/** The name of a bank outside the list (`other`), e.g. 上海银行, 北京农村商业银行. */
export const bankNameSchema = textSchema({ min: 1, max: BANK_LIMITS.name, message: '*请输入1-50个字符' });

/** Whether a string is one of the bank codes. */
export const isBank = (value: unknown): value is Bank => (BANKS as readonly unknown[]).includes(value);

/**
 * What is wrong with a bank and its name together, or null: `other` needs its name, a listed bank has
 * none (its name is its label).
 */
export function bankNameIssue(bank: Bank | null | undefined, name: string | null | undefined): string | null {
  const named = name !== null && name !== undefined && name.trim() !== '';
  if (bank === 'other' && !named) return BANK_MESSAGES.nameMissing;
  if (bank !== 'other' && named) return BANK_MESSAGES.nameNotOther;
  return null;
}

/** The bank as people read it: a listed bank's name, or the name written for `other`. */
export const bankName = (bank: Bank, name?: string | null): string =>
  bank === 'other' ? name?.trim() || BANK_LABELS.other : BANK_LABELS[bank];

/**
 * An account number with its middle hidden: the first four and the last four digits
 * (`6222 **** **** 7890`), for a bank change's confirmation and its notices, which must never carry a
 * whole number. Below 16 digits only the last four show (`**** **** 5678`): at least half is always hidden.
 */
export function maskedAccountNumber(digits: string): string {
  const plain = digits.replace(/\s+/g, '');
  const last = plain.slice(-4);
  return plain.length >= 16 ? `${plain.slice(0, 4)} **** **** ${last}` : `**** **** ${last}`;
}
