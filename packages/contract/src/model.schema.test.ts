import { describe, expect, it } from 'vitest';
import { maskedAccountNumber } from './banks';
import {
  maskAccountNumber,
  modelCreateSchema,
  modelQuerySchema,
  parseRange,
  payoutAccountText,
} from './model.schema';
import { modelDeductionCreateSchema, modelDeductionState } from './model-deduction.schema';

describe('model list ranges', () => {
  it('reads min-max with either end open, both ends included', () => {
    expect(parseRange('168-173')).toEqual({ min: 168, max: 173 });
    expect(parseRange('-167')).toEqual({ max: 167 });
    expect(parseRange('198-')).toEqual({ min: 198 });
    expect(parseRange('173-173')).toEqual({ min: 173, max: 173 });
  });

  it.each(['-', '', '180-170', '1-2-3', 'a-b', '1234-', ' 168-173'])('refuses %j', (value) => {
    expect(parseRange(value)).toBeUndefined();
  });

  it('takes a filter given once or repeated as a list', () => {
    expect(modelQuerySchema.parse({ height: '168-173' }).height).toEqual([{ min: 168, max: 173 }]);
    expect(modelQuerySchema.parse({ height: ['-167', '198-'], tags: '时装' })).toMatchObject({
      height: [{ max: 167 }, { min: 198 }],
      tags: ['时装'],
    });
    expect(modelQuerySchema.safeParse({ age: ['18-21', 'x'] }).success).toBe(false);
  });
});

describe('payout details', () => {
  it('takes an account number typed with spaces as its digits, and the mother agency’s share in basis points', () => {
    expect(
      modelCreateSchema.parse({
        name: '刘晓阳',
        gender: 'female',
        payout_account_number: ' 6222 0212 3456 7890 ',
        mother_agency_rate: 1000,
        mother_agency_basis: 'gross',
      }),
    ).toMatchObject({ payout_account_number: '6222021234567890', mother_agency_rate: 1000 });
    const bad = modelCreateSchema.safeParse({ name: '刘晓阳', gender: 'female', payout_bank: 'hsbc' });
    expect(bad.error?.issues[0]?.message).toBe('*请选择开户银行');
  });

  it('masks a number for the log and writes an account in one line for finance', () => {
    expect(maskAccountNumber('6222021234567890')).toBe('尾号 7890');
    const account = {
      bank: 'icbc' as const,
      bankName: null,
      branch: null,
      name: '王芳',
      number: '6212264301001234567',
    };
    expect(payoutAccountText(account)).toBe('中国工商银行 王芳 6212 2643 0100 1234 567');
    // Masked, as every notice shows it; another bank by its name, with its branch.
    expect(
      payoutAccountText(
        { ...account, bank: 'other', bankName: '上海农商银行', branch: '静安支行' },
        maskedAccountNumber,
      ),
    ).toBe('上海农商银行 静安支行 王芳 6212 **** **** 4567');
    expect(payoutAccountText({ bank: null, bankName: null, branch: null, name: null, number: null })).toBe(
      '未填写',
    );
  });
});

describe('deductions', () => {
  it('stands voided, then settled, else unsettled', () => {
    expect(modelDeductionState({ voided_at: null, settlement_id: null })).toBe('unsettled');
    expect(modelDeductionState({ voided_at: null, settlement_id: 4 })).toBe('settled');
    expect(modelDeductionState({ voided_at: '2026-11-01T08:00:00Z', settlement_id: null })).toBe('voided');
  });

  it('takes a positive amount in whole fen, with an empty note by default', () => {
    const base = { kind: 'expense', occurred_on: '2026-11-01' };
    expect(modelDeductionCreateSchema.parse({ ...base, amount: 1 })).toEqual({
      ...base,
      amount: 1,
      note: '',
    });
    for (const amount of [0, -1, 0.5, 10_000_000_001]) {
      expect(modelDeductionCreateSchema.safeParse({ ...base, amount }).success, String(amount)).toBe(false);
    }
  });
});
