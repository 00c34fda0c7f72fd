/** Members as other records pick them (a model's manager, a company's owner). */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { textSchema } from './patterns';

/** A member in a picker: enough to recognise a colleague, nothing more. */
export const memberOptionSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** The avatar's small picture, or null: the initials on `base_color` stand in. */
  avatar: z.string().nullable(),
  base_color: z.string(),
  department_name: z.string().nullable(),
});
export type MemberOption = z.infer<typeof memberOptionSchema>;

/** GET /v1/members/options: `keyword` matches within the nickname. */
export const memberOptionQuerySchema = pageQuerySchema.extend({
  keyword: textSchema({ max: 50 }).optional(),
});
export type MemberOptionQuery = z.infer<typeof memberOptionQuerySchema>;
