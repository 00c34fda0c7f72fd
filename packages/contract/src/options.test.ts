import { describe, expect, it } from 'vitest';
import { GENDER_LABELS, GENDERS } from './enums';
import { recordToOptions, toOptions } from './options';

describe('toOptions', () => {
  it('follows the order of the values, not of the label map', () => {
    expect(toOptions(['male', 'female'], GENDER_LABELS)).toEqual([
      { label: '男', value: 'male' },
      { label: '女', value: 'female' },
    ]);
    expect(toOptions(GENDERS, GENDER_LABELS).map((option) => option.value)).toEqual(['female', 'male']);
  });

  it('gives nothing for no values', () => {
    expect(toOptions([], GENDER_LABELS)).toEqual([]);
  });
});

describe('recordToOptions', () => {
  it('turns a code → label map into options', () => {
    expect(recordToOptions({ CN: '中国', FR: '法国' })).toEqual([
      { label: '中国', value: 'CN' },
      { label: '法国', value: 'FR' },
    ]);
  });
});
