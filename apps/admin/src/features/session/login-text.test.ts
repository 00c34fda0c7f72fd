import { describe, expect, it } from 'vitest';
import { codeDigits, phoneDigits, starred } from './login-text';

describe('login field rules', () => {
  it('keeps only the digits of the phone, at most 11', () => {
    expect(phoneDigits('138a0000 0000')).toBe('13800000000');
    expect(phoneDigits('138000000001234')).toBe('13800000000');
    expect(phoneDigits('+86 138-0000-0000')).toBe('13800000000');
    expect(phoneDigits(undefined)).toBe('');
  });

  it('keeps only the digits of the code, at most 4', () => {
    expect(codeDigits('12a3 45')).toBe('1234');
    expect(codeDigits('１２３４')).toBe('1234');
  });

  it('prefixes a server message with one star', () => {
    expect(starred('验证码错误或已过期，请重新获取')).toBe('*验证码错误或已过期，请重新获取');
    expect(starred('*请输入正确手机号')).toBe('*请输入正确手机号');
  });
});
