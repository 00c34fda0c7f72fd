import { INPUT_BOUND_MESSAGES } from '@trackit/contract/messages';
import { isBlankText, PATTERN_MESSAGES, requiredMessage } from '@trackit/contract/patterns';
import type { FormRule } from 'antd';

/** The part of a zod schema a form rule needs; structural, so the app needs no zod import of its own. */
export interface ParsingSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** antd's placeholder for the Form.Item's label in a rule's message. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: antd's message template, filled by the form, not by JS.
export const FORM_LABEL = '${label}';

/** Nothing typed or chosen: no value, or text of spaces or invisible characters only. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && isBlankText(value));

/**
 * The messages that say a value is wrong without saying which field is empty: a length range
 * (`*请输入1-100个字符`), `*请输入内容`, `*请输入金额`. An empty field answered with one of these names itself
 * by its form label instead; a schema that words its own empty message (`*请填写红冲原因`) keeps it.
 */
const GENERIC_MISSING = new Set<string>([PATTERN_MESSAGES.required, INPUT_BOUND_MESSAGES.amountMissing]);
const isGenericMissing = (message: string): boolean =>
  GENERIC_MISSING.has(message) || /^\*请输入\d+-\d+(个字符|位数字)$/.test(message);

/**
 * An antd form rule that checks a field with a contract schema, so the browser shows the very message
 * the server would answer with (one schema, used twice). The first issue's message is shown.
 *
 * A schema that refuses an empty value makes the field required: the rule carries `required` (antd's
 * asterisk, aria-required), and an empty field says what is missing (`*请输入收款金额`) rather than a
 * length range (`*请输入1-100个字符`), in every form at once.
 */
export const schemaRule = (schema: ParsingSchema): FormRule => {
  const empty = schema.safeParse('');
  const required = !empty.success;
  const schemaEmpty = empty.success ? '' : (empty.error.issues[0]?.message ?? '');
  // antd fills FORM_LABEL with the Form.Item's label (or `messageVariables={{ label }}`).
  const whenEmpty = isGenericMissing(schemaEmpty) ? requiredMessage(FORM_LABEL) : schemaEmpty;
  return {
    required,
    validator: async (_rule, value: unknown) => {
      if (required && isEmptyValue(value)) throw new Error(whenEmpty);
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
    },
  };
};
