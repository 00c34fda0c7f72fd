import { PATTERN_MESSAGES } from '@trackit/contract/patterns';
import { profileUpdateSchema } from '@trackit/contract/session.schema';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { schemaRule } from './schema-rule';

const validate = (value: unknown) => {
  const rule = schemaRule(profileUpdateSchema.shape.nickname) as RuleObject;
  return rule.validator?.(rule, value, () => undefined);
};

describe('schemaRule', () => {
  it('accepts what the schema accepts', async () => {
    await expect(validate('王小明')).resolves.toBeUndefined();
    await expect(validate(`  ${'a'.repeat(50)}  `)).resolves.toBeUndefined();
  });

  it("rejects with the schema's own message", async () => {
    await expect(validate('   ')).rejects.toThrow(PATTERN_MESSAGES.text1To50);
    await expect(validate('a'.repeat(51))).rejects.toThrow(PATTERN_MESSAGES.text1To50);
  });

  it('treats an untouched field as empty, not as a wrong type', async () => {
    await expect(validate(undefined)).rejects.toThrow(PATTERN_MESSAGES.text1To50);
  });
});
