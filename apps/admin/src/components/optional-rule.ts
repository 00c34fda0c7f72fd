import type { FormRule } from 'antd';
import { isEmptyValue, type ParsingSchema, schemaRule } from './schema-rule';

/**
 * A form rule for an optional field: an empty value (nothing typed, or only spaces) is fine; anything
 * else is checked with the contract schema, as the server will.
 */
export const optionalRule = (schema: ParsingSchema): FormRule => {
  const rule = schemaRule(schema);
  return {
    validator: async (ruleObject, value: unknown, callback) => {
      if (isEmptyValue(value)) return;
      if (typeof rule === 'function' || !rule.validator) return;
      await rule.validator(ruleObject, value, callback);
    },
  };
};

/** Form values as a request body: an empty text or choice becomes null (the field is cleared). */
export const emptyToNull = <T extends object>(values: T): { [K in keyof T]: T[K] | null } =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value,
    ]),
  ) as { [K in keyof T]: T[K] | null };
