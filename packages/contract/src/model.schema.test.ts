import { describe, expect, it } from 'vitest';
import { modelQuerySchema, parseRange } from './model.schema';

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
