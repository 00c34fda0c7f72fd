import { describe, expect, it } from 'vitest';
import { namePinyin } from './model-pinyin';

describe('namePinyin', () => {
  it('gives full pinyin and initials, without tones or spaces', () => {
    expect(namePinyin('刘晓阳')).toEqual({ full: 'liuxiaoyang', initials: 'lxy' });
    expect(namePinyin('王 小二')).toEqual({ full: 'wangxiaoer', initials: 'wxe' });
  });

  it('reads a surname as a surname and keeps Latin letters', () => {
    expect(namePinyin('单田芳').full).toBe('shantianfang');
    expect(namePinyin('Anna刘')).toEqual({ full: 'annaliu', initials: 'annal' });
  });
});
