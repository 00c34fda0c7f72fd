import { ApiError } from '@trackit/client/api-client';
import { describe, expect, it } from 'vitest';
import { isRecordMissing, parseRecordId } from './record-id';

describe('parseRecordId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseRecordId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '12x', '99999999999999999999'])
      expect(parseRecordId(bad)).toBeUndefined();
  });
});

describe('isRecordMissing', () => {
  it('is a 404 answer only', () => {
    expect(isRecordMissing(new ApiError({ status: 404, code: 40400, message: '记录不存在' }))).toBe(true);
    expect(isRecordMissing(new ApiError({ status: 500, code: 50000, message: '系统异常' }))).toBe(false);
    expect(isRecordMissing(new Error('x'))).toBe(false);
    expect(isRecordMissing(null)).toBe(false);
  });
});
