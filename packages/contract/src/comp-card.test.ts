import { describe, expect, it } from 'vitest';
import {
  COMP_CARD_MESSAGES,
  compCardFigureLine,
  compCardFigures,
  compCardFileName,
  compCardQuerySchema,
  defaultCompCardPhotos,
} from './comp-card';

const figures = {
  height: 178,
  bust: 84,
  waist: 60,
  hips: 88,
  shoe_size: 39,
  clothing_size: 's',
  hair_color: '黑色',
  eye_color: null,
} as const;

describe('comp card', () => {
  it('prints the measurements that are filled, in the card’s order', () => {
    expect(compCardFigures(figures).map((figure) => `${figure.label}=${figure.value}`)).toEqual([
      '身高=178',
      '胸围=84',
      '腰围=60',
      '臀围=88',
      '鞋码=39',
      '尺码=S',
      '发色=黑色',
    ]);
    expect(compCardFigureLine({ ...figures, bust: null, waist: null, hips: null, hair_color: null })).toBe(
      '身高 178 · 鞋码 39 · 尺码 S',
    );
    expect(
      compCardFigures({
        height: null,
        bust: null,
        waist: null,
        hips: null,
        shoe_size: null,
        clothing_size: null,
        hair_color: null,
        eye_color: null,
      }),
    ).toEqual([]);
  });

  it('takes the book’s first photos, then the other folders’, leaving the cover out', () => {
    const candidates = [
      { id: 1, folderKind: 'polaroid' },
      { id: 2, folderKind: 'book' },
      { id: 3, folderKind: 'book' },
      { id: 4, folderKind: 'other' },
      { id: 5, folderKind: 'book' },
      { id: 6, folderKind: 'comp_card' },
    ] as const;
    expect(defaultCompCardPhotos(candidates, 2)).toEqual([3, 5, 1, 4]);
    expect(defaultCompCardPhotos(candidates, null)).toEqual([2, 3, 5, 1]);
    expect(defaultCompCardPhotos([], null)).toEqual([]);
  });

  it('reads one id or a list, at most four, each once', () => {
    expect(compCardQuerySchema.parse({ file_ids: '12' })).toEqual({ file_ids: [12] });
    expect(compCardQuerySchema.parse({ file_ids: ['3', '1', '3'] })).toEqual({ file_ids: [3, 1] });
    expect(compCardQuerySchema.parse({})).toEqual({});
    const five = compCardQuerySchema.safeParse({ file_ids: ['1', '2', '3', '4', '5'] });
    expect(five.error?.issues[0]?.message).toBe(COMP_CARD_MESSAGES.tooManyPhotos);
    const word = compCardQuerySchema.safeParse({ file_ids: ['x'] });
    expect(word.error?.issues[0]?.message).toBe(COMP_CARD_MESSAGES.photoIdInvalid);
  });

  it('names the file after the model, safe for any file system', () => {
    expect(compCardFileName('刘晓阳')).toBe('模卡-刘晓阳.pdf');
    expect(compCardFileName('A/B:C')).toBe('模卡-A_B_C.pdf');
  });
});
