/**
 * The model list's query as the address holds it, and the API query it sends. The address keeps the
 * §9 range chips by key (`height=168_173&height=174_179`), readable and stable if a range's bounds ever
 * move; the API gets them as `min-max` texts (`height[]=168-173`). Every other field is the contract's.
 */
import {
  AGE_RANGES,
  type AgeRangeKey,
  HEIGHT_RANGES,
  type HeightRangeKey,
  type NumericRange,
  WEIGHT_RANGES,
  type WeightRangeKey,
} from '@trackit/contract/constants';
import { type ModelQuery, modelQuerySchema } from '@trackit/contract/model.schema';
import type { FieldSchema, ListQuerySchema } from '../../components/list/list-search-params';
import type { ModelListInput } from './model.queries';

/** The ranged fields and the chips each offers (docs/product.md §9). */
export const MODEL_RANGES = {
  height: HEIGHT_RANGES,
  weight: WEIGHT_RANGES,
  age: AGE_RANGES,
} as const;
export type RangeField = keyof typeof MODEL_RANGES;

/** The list's query in the address: the contract's, with the ranges as chip keys. */
export type ModelListSearch = Omit<ModelQuery, RangeField> & {
  height?: HeightRangeKey[];
  weight?: WeightRangeKey[];
  age?: AgeRangeKey[];
};

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** A field of chip keys: unknown keys are dropped, repeats kept once, in the ranges' order. */
const rangeKeysField = (ranges: readonly NumericRange[]): FieldSchema => ({
  safeParse(value: unknown) {
    const given = new Set(asList(value));
    const keys = ranges.map((range) => range.key).filter((key) => given.has(key));
    return keys.length > 0 ? { success: true, data: keys } : { success: false };
  },
});

const rangeFields = {
  height: rangeKeysField(HEIGHT_RANGES),
  weight: rangeKeysField(WEIGHT_RANGES),
  age: rangeKeysField(AGE_RANGES),
};

const RANGE_FIELDS = Object.keys(rangeFields) as RangeField[];

/** For `useListSearch`: every field of the contract's query, the ranges replaced by their chip keys. */
export const modelListSearchSchema: ListQuerySchema<ModelListSearch> = {
  shape: { ...modelQuerySchema.shape, ...rangeFields },
  parse(value: unknown): ModelListSearch {
    const input = (value ?? {}) as Record<string, unknown>;
    const rest = Object.fromEntries(
      Object.entries(input).filter(([key]) => !RANGE_FIELDS.includes(key as RangeField)),
    );
    const { height: _h, weight: _w, age: _a, ...parsed } = modelQuerySchema.parse(rest);
    const query: ModelListSearch = parsed;
    for (const field of RANGE_FIELDS) {
      if (input[field] === undefined) continue;
      const parsed = rangeFields[field].safeParse(input[field]);
      if (parsed.success) Object.assign(query, { [field]: parsed.data });
    }
    return query;
  },
};

/** `168-173`, `-167`, `198-`: a range as the API reads it. */
export const rangeText = (range: NumericRange): string => `${range.min ?? ''}-${range.max ?? ''}`;

const rangeTexts = (ranges: readonly NumericRange[], keys: readonly string[] | undefined) => {
  if (!keys?.length) return undefined;
  return ranges.filter((range) => keys.includes(range.key)).map(rangeText);
};

/** The API query of the address's query: chip keys become `min-max` texts; nothing else changes. */
export function toModelListInput(search: ModelListSearch): ModelListInput {
  const { height, weight, age, ...rest } = search;
  const input: ModelListInput = { ...rest };
  const ranges = {
    height: rangeTexts(HEIGHT_RANGES, height),
    weight: rangeTexts(WEIGHT_RANGES, weight),
    age: rangeTexts(AGE_RANGES, age),
  };
  for (const field of RANGE_FIELDS) {
    const texts = ranges[field];
    if (texts) Object.assign(input, { [field]: texts });
  }
  return input;
}
