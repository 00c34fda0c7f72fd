import { describe, expect, it } from 'vitest';
import { TAX_RATES } from './constants';
import {
  ACCOUNT_NUMBER_PATTERN,
  accountNumberSchema,
  formatAccountNumber,
  isValidCreditCode,
} from './patterns';
import {
  defaultFeeTaxRate,
  TAXPAYER_TYPE_LABELS,
  teamRecipientCreateSchema,
  teamRecipientUpdateSchema,
} from './team-recipient.schema';

describe('payee entity contract', () => {
  it('labels taxpayer types', () => {
    expect(TAXPAYER_TYPE_LABELS).toEqual({ general: '一般纳税人', small_scale: '小规模纳税人' });
  });

  it('takes account numbers of 8 to 30 digits, spaces dropped, and groups them by four', () => {
    expect(accountNumberSchema.parse(' 6222 0212 3456 7890 ')).toBe('6222021234567890');
    expect(ACCOUNT_NUMBER_PATTERN.test('1234567')).toBe(false);
    expect(ACCOUNT_NUMBER_PATTERN.test('12345678')).toBe(true);
    expect(ACCOUNT_NUMBER_PATTERN.test('1'.repeat(30))).toBe(true);
    expect(ACCOUNT_NUMBER_PATTERN.test('1'.repeat(31))).toBe(false);
    expect(accountNumberSchema.safeParse('6222-0212').error?.issues[0]?.message).toBe(
      '*请输入8-30位数字的银行账号',
    );
    expect(formatAccountNumber('121909876510201')).toBe('1219 0987 6510 201');
    expect(formatAccountNumber('12345678')).toBe('1234 5678');
    expect(formatAccountNumber('6222 0212 3456 7890')).toBe('6222 0212 3456 7890');
  });

  it('validates the credit code as companies do (GB 32100 check character)', () => {
    const body = {
      name: '上海星辰模特经纪有限公司',
      short_name: '星辰经纪',
      credit_code: '91310106ma1fy4xk3e',
      taxpayer_type: 'general',
      bank: 'cmb',
      branch: '上海静安支行',
      account_number: '121909876510201',
    };
    expect(isValidCreditCode('91310106MA1FY4XK3E')).toBe(true);
    expect(teamRecipientCreateSchema.parse(body).credit_code).toBe('91310106MA1FY4XK3E');
    const refused = teamRecipientCreateSchema.safeParse({ ...body, credit_code: '91310106MA1FY4XK3A' });
    expect(refused.error?.issues[0]?.message).toBe('*请输入正确的18位统一社会信用代码');
    expect(teamRecipientUpdateSchema.parse({ status: 'disabled' })).toEqual({ status: 'disabled' });
    expect(teamRecipientUpdateSchema.safeParse({ bank: 'hsbc' }).error?.issues[0]?.message).toBe(
      '*请选择开户银行',
    );
  });

  it('takes a bank outside the list by its name, and only then', () => {
    const body = {
      name: '上海星辰模特经纪有限公司',
      short_name: '星辰经纪',
      credit_code: '91310106MA1FY4XK3E',
      taxpayer_type: 'general',
      bank: 'other',
      branch: '静安支行',
      account_number: '121909876510201',
    };
    expect(teamRecipientCreateSchema.safeParse(body).error?.issues[0]).toMatchObject({
      path: ['bank_name'],
      message: '*请填写开户银行的名称，如：上海银行、北京农商银行',
    });
    expect(teamRecipientCreateSchema.parse({ ...body, bank_name: ' 上海银行 ' }).bank_name).toBe('上海银行');
    expect(
      teamRecipientCreateSchema.safeParse({ ...body, bank: 'cib', bank_name: '上海银行' }).error?.issues[0]
        ?.message,
    ).toBe('*只有“其他银行”需要填写银行名称');
    expect(teamRecipientCreateSchema.parse({ ...body, bank: 'pab', bank_name: null }).bank).toBe('pab');
  });

  it('gives a new fee line the entity’s rate, else its taxpayer type’s, else 6 %', () => {
    expect(defaultFeeTaxRate(null)).toBe(6);
    expect(defaultFeeTaxRate({ taxpayer_type: 'general', default_tax_rate: null })).toBe(6);
    expect(defaultFeeTaxRate({ taxpayer_type: 'small_scale', default_tax_rate: null })).toBe(3);
    expect(defaultFeeTaxRate({ taxpayer_type: 'small_scale', default_tax_rate: 1 })).toBe(1);
    expect(defaultFeeTaxRate({ taxpayer_type: 'general', default_tax_rate: 13 })).toBe(13);
    for (const rate of [9, 13] as const) expect(TAX_RATES).toContain(rate);
  });
});
