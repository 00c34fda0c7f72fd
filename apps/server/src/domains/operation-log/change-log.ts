/**
 * The one way an update says what it changed (docs/decisions.md "Change logs"): the before → after of
 * each declared field, as people read it, for an `…_update` entry's `changes` (ARCHITECTURE.md "The
 * operation log"). A service declares the fields it logs once, with their label and display, and hands
 * the record before and what the update sets; records named by id (a member, a company, a contact, a
 * department or role) are shown by name, all of them looked up in one query.
 */
import { businessDateTime } from '@trackit/contract/business-time';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import type { FieldChange } from '@trackit/contract/operation-catalogue';
import type { Database } from '../../db/client';
import { findReferenceNames, type ReferenceIds, type ReferenceKind } from './operation-log.repository';

export type { ReferenceIds, ReferenceKind };
/** The names found, by `referenceKey`; an id of another team or a record gone is not there. */
export type ReferenceNames = ReadonlyMap<string, string>;
/** Looks up the names of all the ids at once. */
export type NameLookup = (ids: ReferenceIds) => Promise<ReferenceNames>;

export const referenceKey = (kind: ReferenceKind, id: number) => `${kind}:${id}`;

interface Reference {
  reference: ReferenceKind;
}

/** One logged field of a record: its label in the log, how its value reads, and when two values are the same. */
export type ChangeLogField<Row> = {
  [K in keyof Row & string]: {
    field: K;
    label: string;
    /**
     * How a set value reads (never called for null, '' or an empty list: those read `--`). Without it: a
     * text or number as is, a business date (`2026-11-24`) as is, an instant as business date and clock,
     * a list joined with `、`.
     */
    show?: ((value: NonNullable<Row[K]>) => string) | Reference;
    /** Whether two values are the same; without it, their JSON with object keys sorted is compared. */
    same?: (a: Row[K], b: Row[K]) => boolean;
    /** A change that reads the same on both sides (fee lines whose amounts changed) reads `…（已修改）` after. */
    markSameLooking?: true;
  };
}[keyof Row & string];

/** Displays for `show`. */
export const shown = {
  /** Integer fen as yuan: `¥1,234.50`. */
  money: (fen: number) => formatYuan(fen),
  /** An enumerated value by its Chinese label from the contract. */
  label:
    <V extends string>(labels: Readonly<Record<V, string>>) =>
    (value: V) =>
      labels[value],
  /** An instant in business time: `2026-12-23 18:00`. */
  time: (at: Date) => businessDateTime(at),
  yesNo: (value: boolean) => (value ? '是' : '否'),
  member: { reference: 'member' },
  company: { reference: 'company' },
  contact: { reference: 'contact' },
  orgUnit: { reference: 'orgUnit' },
  teamRecipient: { reference: 'teamRecipient' },
} as const;

/** JSON with object keys sorted: a jsonb column gives its keys back in an order of its own. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

const isUnset = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function asText(value: unknown): string {
  if (value instanceof Date) return shown.time(value);
  if (Array.isArray(value)) return value.map(asText).join('、');
  return String(value);
}

interface Loose {
  field: string;
  label: string;
  show?: ((value: unknown) => string) | Reference;
  same?: (a: unknown, b: unknown) => boolean;
  markSameLooking?: true;
}

/**
 * The changes of the declared fields, in their declared order, with a fake or real name lookup (called
 * once, and only when a changed field names a record). `after` holds only what the update sets:
 * undefined is "not sent", null clears.
 */
export async function describeChanges<Row>(
  lookup: NameLookup,
  before: NoInfer<Row>,
  after: NoInfer<Partial<Row>>,
  fields: readonly ChangeLogField<Row>[],
): Promise<FieldChange[]> {
  const was = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const changed = (fields as readonly Loose[]).filter(({ field, same }) => {
    const value = next[field];
    if (value === undefined) return false;
    return !(same ? same(was[field], value) : canonical(was[field]) === canonical(value));
  });
  const ids: ReferenceIds = {};
  for (const { field, show } of changed) {
    if (!show || typeof show === 'function') continue;
    const found = [was[field], next[field]].filter((value): value is number => typeof value === 'number');
    ids[show.reference] = [...(ids[show.reference] ?? []), ...found];
  }
  const names = Object.keys(ids).length > 0 ? await lookup(ids) : new Map<string, string>();
  const read = ({ show }: Loose, value: unknown): string => {
    if (isUnset(value)) return MESSAGES.empty;
    if (!show) return asText(value);
    if (typeof show === 'function') return show(value);
    return names.get(referenceKey(show.reference, value as number)) ?? MESSAGES.empty;
  };
  return changed.map((field) => {
    const shownBefore = read(field, was[field.field]);
    const shownAfter = read(field, next[field.field]);
    return {
      field: field.label,
      before: shownBefore,
      after: field.markSameLooking && shownAfter === shownBefore ? `${shownAfter}（已修改）` : shownAfter,
    };
  });
}

/**
 * The changes of an update of one of the team's records, names looked up in the caller's transaction
 * (one query for every record the changed fields name). Nothing changed: an empty list.
 */
export function changeLog<Row>(
  db: Database,
  teamId: number,
  before: NoInfer<Row>,
  after: NoInfer<Partial<Row>>,
  fields: readonly ChangeLogField<Row>[],
): Promise<FieldChange[]> {
  const lookup: NameLookup = async (ids) =>
    new Map(
      (await findReferenceNames(db, teamId, ids)).map((row) => [referenceKey(row.kind, row.id), row.name]),
    );
  return describeChanges(lookup, before, after, fields);
}
