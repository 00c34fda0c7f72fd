/**
 * How an operation-log action is declared (./operation-catalogue.ts): the kinds of record an entry can
 * concern, the shape of a field change, and the builders the catalogue's parts share, so each domain's
 * actions can sit in a file of their own and still be checked against their detail schema.
 */
import { z } from 'zod';
import { ADMIN_PATHS } from './admin-paths';

/** The kinds of record an entry can concern, and where each opens in the admin app. */
export const OPERATION_TARGETS = {
  session: { link: null },
  membership: { link: null },
  folder: { link: ADMIN_PATHS.folder },
  company: { link: ADMIN_PATHS.company },
  contact: { link: ADMIN_PATHS.contact },
  model: { link: ADMIN_PATHS.model },
  package: { link: ADMIN_PATHS.package },
  order: { link: ADMIN_PATHS.order },
  /** A department or a role (the roles resource). */
  role: { link: null },
  team_recipient: { link: ADMIN_PATHS.teamRecipient },
  invoice: { link: ADMIN_PATHS.invoice },
  receipt: { link: ADMIN_PATHS.receipt },
  settlement: { link: ADMIN_PATHS.settlement },
} as const satisfies Record<string, { link: ((id: string) => string) | null }>;
export type OperationTarget = keyof typeof OPERATION_TARGETS;

/** One changed field, as the log shows it: `昵称：林晓 → 林总`. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** A field's value before and after a change; only changed fields are recorded. */
export const changeOf = <T extends z.ZodType>(value: T) => z.object({ before: value, after: value });

export interface ActionSpec<D extends z.ZodObject> {
  /** The action's name: the log's filter and the fallback when an old entry's detail cannot be read. */
  readonly label: string;
  /** False for events before a team is known (a refused sign-in): no team's log shows them. */
  readonly inTeamLog: boolean;
  /** The kind of record the entry's target id names, if any. */
  readonly target: OperationTarget | null;
  readonly detail: D;
  /** How the entry reads after the member's name, e.g. `上传了文件 a.jpg 到资源夹「2025 春夏画册」`. */
  readonly sentence: (detail: z.output<D>) => string;
  /** The changed fields, before → after. */
  readonly changes?: (detail: z.output<D>) => FieldChange[];
  /** False for an action that removes its record (a deletion): the entry links nowhere. */
  readonly linked?: false;
}

// Infers each action's detail type, so `sentence` and `changes` are checked against its schema.
export const action = <D extends z.ZodObject>(spec: ActionSpec<D>): ActionSpec<D> => spec;

export const nothing = z.object({});

const named = z.object({ name: z.string() });
const namedChanges = z.object({ name: z.string(), changes: z.array(fieldChangeSchema) });

/**
 * The deletion of a record created by mistake (docs/product.md "Deleting and archiving"): its name, and no
 * link, the record being gone.
 */
export const deleteAction = (target: OperationTarget, label: string, sentence: (name: string) => string) =>
  action({
    label,
    inTeamLog: true,
    target,
    detail: named,
    sentence: ({ name }) => sentence(name),
    linked: false,
  });

/** A team-log action on a named record (create, archive, restore): `sentence(name)`. */
export const namedAction = (target: OperationTarget, label: string, sentence: (name: string) => string) =>
  action({ label, inTeamLog: true, target, detail: named, sentence: ({ name }) => sentence(name) });

/**
 * A team-log update of a named record: its changed fields, with their labels and values as the pages
 * show them (Chinese labels of enumerations), before → after.
 */
export const updateAction = (
  target: OperationTarget,
  label: string,
  sentence: (detail: z.output<typeof namedChanges>) => string,
) =>
  action({
    label,
    inTeamLog: true,
    target,
    detail: namedChanges,
    sentence,
    changes: ({ changes }) => changes,
  });
