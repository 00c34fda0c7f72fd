import { describe, expect, it } from 'vitest';
import { SHARE_FIELDS, type ShareFacts, shareCardFacts, shareFacts } from './share';

const lin: ShareFacts = {
  english_name: 'Lin Xiao',
  gender: 'female',
  age: 23,
  height: 178,
  bust: 82,
  waist: 60,
  hips: 88,
  shoe_size: 39,
  clothing_size: 'm',
  tags: ['清新', '知性'],
};
const zhou: ShareFacts = { english_name: null, age: null, height: 176 };

describe('shareCardFacts: what a grid card shows', () => {
  it('lists every field the package chose, in the share pages’ order, with its label and value', () => {
    expect(shareCardFacts(lin, ['clothing_size', 'age', 'english_name', 'tags'])).toEqual([
      { field: 'english_name', label: '英文名', value: 'Lin Xiao' },
      { field: 'age', label: '年龄', value: '23岁' },
      { field: 'clothing_size', label: '服装尺码', value: 'M' },
      { field: 'tags', label: '风格标签', value: '清新、知性' },
    ]);
  });

  it('keeps a field the model has no value for, as null, so every card has the same lines', () => {
    const fields = ['english_name', 'age', 'height', 'measurements', 'shoe_size'] as const;
    expect(shareCardFacts(zhou, fields).map((fact) => [fact.field, fact.value])).toEqual([
      ['english_name', null],
      ['age', null],
      ['height', '176cm'],
      ['measurements', null],
      ['shoe_size', null],
    ]);
    expect(shareCardFacts(lin, fields).map((fact) => fact.field)).toEqual(
      shareCardFacts(zhou, fields).map((fact) => fact.field),
    );
  });

  it('shows nothing the package did not choose', () => {
    expect(shareCardFacts(lin, [])).toEqual([]);
    expect(shareCardFacts(lin, ['age']).map((fact) => fact.field)).toEqual(['age']);
  });

  it('agrees with shareFacts, which leaves the missing values out', () => {
    expect(shareFacts(zhou, SHARE_FIELDS)).toEqual([{ field: 'height', label: '身高', value: '176cm' }]);
    expect(shareFacts(lin, SHARE_FIELDS).map((fact) => fact.field)).toEqual(
      shareCardFacts(lin, SHARE_FIELDS)
        .filter((fact) => fact.value !== null)
        .map((fact) => fact.field),
    );
  });
});
