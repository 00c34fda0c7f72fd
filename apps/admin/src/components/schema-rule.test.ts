import { fenSchema } from '@trackit/contract/envelope';
import { invoiceNumberSchema } from '@trackit/contract/finance-enums';
import { PATTERN_MESSAGES, requiredMessage } from '@trackit/contract/patterns';
import { receiptCreateSchema } from '@trackit/contract/receipt.schema';
import { profileUpdateSchema } from '@trackit/contract/session.schema';
import { teamRecipientCreateSchema } from '@trackit/contract/team-recipient.schema';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { FORM_LABEL, type ParsingSchema, schemaRule } from './schema-rule';

const ruleOf = (schema: ParsingSchema) => schemaRule(schema) as RuleObject;
const validate = (value: unknown, schema: ParsingSchema = profileUpdateSchema.shape.nickname) => {
  const rule = ruleOf(schema);
  return rule.validator?.(rule, value, () => undefined);
};

describe('schemaRule', () => {
  it('accepts what the schema accepts', async () => {
    await expect(validate('王小明')).resolves.toBeUndefined();
    await expect(validate(`  ${'a'.repeat(50)}  `)).resolves.toBeUndefined();
  });

  it("rejects a wrong value with the schema's own message", async () => {
    await expect(validate('a'.repeat(51))).rejects.toThrow(PATTERN_MESSAGES.text1To50);
    await expect(validate('1234', invoiceNumberSchema)).rejects.toThrow('*请输入20位数电发票号码');
  });

  it('marks a field whose schema refuses an empty value as required (the asterisk)', () => {
    expect(ruleOf(invoiceNumberSchema).required).toBe(true);
    expect(ruleOf(receiptCreateSchema.shape.amount).required).toBe(true);
    expect(ruleOf(receiptCreateSchema.shape.payer_name).required).toBe(true);
    expect(ruleOf(fenSchema()).required).toBe(true);
    expect(ruleOf(receiptCreateSchema.shape.reference).required).toBe(false);
  });

  it('says which field is empty, by its form label, instead of a length range', async () => {
    // antd fills FORM_LABEL with the Form.Item's label.
    for (const empty of [undefined, null, '', '   ']) {
      await expect(validate(empty)).rejects.toThrow(requiredMessage(FORM_LABEL));
      await expect(validate(empty, receiptCreateSchema.shape.amount)).rejects.toThrow(
        requiredMessage(FORM_LABEL),
      );
      // A schema that words its own empty message keeps it.
      await expect(validate(empty, invoiceNumberSchema)).rejects.toThrow('*请输入20位数电发票号码');
      await expect(validate(empty, receiptCreateSchema.shape.payer_name)).rejects.toThrow(
        '*请输入付款方名称',
      );
    }
  });

  it('keeps the words of a choice (请选择…)', async () => {
    await expect(validate(undefined, teamRecipientCreateSchema.shape.bank)).rejects.toThrow(
      '*请选择开户银行',
    );
  });
});
