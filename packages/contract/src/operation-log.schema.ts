/**
 * The operation log as the API answers it (docs/product.md §10 "Operation log"): the actions and their
 * labels as lists, how a stored entry reads (`describeOperation`), the log's entries and filters. The
 * actions themselves are declared in ./operation-catalogue.
 */
import { z } from 'zod';
import { dateSchema, pageQuerySchema, queryList } from './envelope';
import {
  type ActionSpec,
  type FieldChange,
  fieldChangeSchema,
  OPERATION_CATALOGUE,
  OPERATION_TARGETS,
  type OperationTarget,
} from './operation-catalogue';

export type OperationAction = keyof typeof OPERATION_CATALOGUE;
export const OPERATION_ACTIONS = Object.keys(OPERATION_CATALOGUE) as [OperationAction, ...OperationAction[]];
/** The detail an action is recorded with. */
export type OperationDetail<A extends OperationAction> = z.input<(typeof OPERATION_CATALOGUE)[A]['detail']>;
/** Actions a team's log can show (and filter by). */
export const TEAM_LOG_ACTIONS = OPERATION_ACTIONS.filter((key) => OPERATION_CATALOGUE[key].inTeamLog) as [
  OperationAction,
  ...OperationAction[],
];
export const operationActionSchema = z.enum(OPERATION_ACTIONS);
export const OPERATION_ACTION_LABELS = Object.fromEntries(
  OPERATION_ACTIONS.map((key) => [key, OPERATION_CATALOGUE[key].label]),
) as Readonly<Record<OperationAction, string>>;
export const OPERATION_TARGET_TYPES = Object.keys(OPERATION_TARGETS) as [
  OperationTarget,
  ...OperationTarget[],
];

export interface OperationDescription {
  label: string;
  sentence: string;
  changes: FieldChange[];
  link: string | null;
}

/**
 * How a stored entry reads: its sentence, the changed fields and the admin address of its record. An
 * entry whose detail no longer matches its action's shape (written by an older version) reads as its
 * label, never as raw keys.
 */
export function describeOperation(entry: {
  action: OperationAction;
  targetId: string | null;
  detail: unknown;
}): OperationDescription {
  const spec = OPERATION_CATALOGUE[entry.action] as ActionSpec<z.ZodObject>;
  const target = spec.target ? OPERATION_TARGETS[spec.target] : null;
  const link = target?.link && entry.targetId && spec.linked !== false ? target.link(entry.targetId) : null;
  const detail = spec.detail.safeParse(entry.detail ?? {});
  if (!detail.success) return { label: spec.label, sentence: spec.label, changes: [], link };
  return {
    label: spec.label,
    sentence: spec.sentence(detail.data),
    changes: spec.changes?.(detail.data) ?? [],
    link,
  };
}

/** GET /v1/operation_logs item: who did what, as a sentence, with the changed fields and a link. */
export const operationLogSchema = z.object({
  id: z.number().int(),
  action: operationActionSchema,
  action_label: z.string(),
  member: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  sentence: z.string(),
  changes: z.array(fieldChangeSchema),
  /** Admin address of the record (`/admin/information/folder/12`), or null. */
  link: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

/**
 * An entry in a record's own history (a model's 操作记录 tab): the log entry without the member's
 * address, which only readers of the operation log may see.
 */
export const recordHistoryEntrySchema = operationLogSchema.omit({ ip: true });
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntrySchema>;

/**
 * GET /v1/operation_logs filters: any of several actions (`action=a&action=b`, each one the team's log
 * shows), one member of the team (another team's member finds nothing); dates are YYYY-MM-DD, inclusive,
 * China time.
 */
export const operationLogFilterSchema = z.object({
  action: queryList(z.enum(TEAM_LOG_ACTIONS), TEAM_LOG_ACTIONS.length).optional(),
  membership_id: z.coerce.number<number>().int().positive().optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type OperationLogFilter = z.infer<typeof operationLogFilterSchema>;

export const operationLogQuerySchema = pageQuerySchema.extend(operationLogFilterSchema.shape);
export type OperationLogQuery = z.infer<typeof operationLogQuerySchema>;
