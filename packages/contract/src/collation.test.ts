import { describe, expect, it } from 'vitest';
import { compareNames } from './collation';

describe('compareNames', () => {
  it('sorts Chinese names by pinyin, and numbers by value', () => {
    expect(['实习生', '经纪人', '财务', '总监'].sort(compareNames)).toEqual([
      '财务',
      '经纪人',
      '实习生',
      '总监',
    ]);
    expect(['经纪10部', '经纪2部'].sort(compareNames)).toEqual(['经纪2部', '经纪10部']);
  });
});
