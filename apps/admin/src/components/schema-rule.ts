import type { FormRule } from 'antd';

/** The part of a zod schema a form rule needs; structural, so the app needs no zod import of its own. */
export interface ParsingSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * An antd form rule that checks a field with a contract schema, so the browser shows the very message
 * the server would answer with (one schema, used twice). The first issue's message is shown.
 */
export const schemaRule = (schema: ParsingSchema): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
  },
});
