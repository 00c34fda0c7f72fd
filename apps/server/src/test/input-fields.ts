/**
 * Every bounded input of the API, found in the endpoint map (docs/product.md §9 "Input bounds"): each date,
 * month, instant and money amount a request's query or body takes, with where it sits and its own schema.
 * A field is classed by what its schema accepts, not by how it is written, so a date schema of a new endpoint
 * is found whichever helper built it; a money amount is a number field named `amount`.
 */
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import type { z } from 'zod';

export type InputKind = 'date' | 'month' | 'instant' | 'fen';

export interface InputField {
  /** `group.name` in the endpoint map. */
  id: string;
  endpoint: EndpointSpec;
  part: 'query' | 'body';
  /** Keys and array positions (0) from the query or body down to the field. */
  path: (string | number)[];
  kind: InputKind;
  schema: z.ZodType;
  /**
   * The literal fields on the way down (a union's discriminator, `kind: 'ModelFee'`), which a request must
   * carry for the field's own message to be the one answered.
   */
  literals: { path: (string | number)[]; value: unknown }[];
}

type Found = Omit<InputField, 'id' | 'endpoint' | 'part'>;

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

function kindOf(schema: z.ZodType, key: string | number | undefined): InputKind | undefined {
  const type = schema._zod.def.type;
  if (type === 'number') return key === 'amount' ? 'fen' : undefined;
  if (type !== 'string') return undefined;
  if (accepts(schema, '2026-06-15') && !accepts(schema, '2026-06-31')) return 'date';
  if (accepts(schema, '2026-06') && !accepts(schema, '2026-13')) return 'month';
  if (accepts(schema, '2026-06-15T08:00:00Z') && !accepts(schema, '2026-06-15T25:00:00Z')) return 'instant';
  return undefined;
}

interface Def {
  type: string;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The bounded fields under `schema`, each once (a union's options may repeat a path). */
function walk(
  schema: z.ZodType,
  path: (string | number)[],
  literals: Found['literals'],
  found: Map<string, Found>,
) {
  const def = defOf(schema);
  const kind = kindOf(schema, path.at(-1));
  if (kind) {
    if (!found.has(path.join('.'))) found.set(path.join('.'), { path, kind, schema, literals });
    return;
  }
  let within = literals;
  const inner: [z.ZodType | undefined, (string | number)[]][] = [];
  switch (def.type) {
    case 'object': {
      const shape = Object.entries(def.shape ?? {});
      within = [
        ...literals,
        ...shape.flatMap(([key, value]) =>
          defOf(value).type === 'literal' ? [{ path: [...path, key], value: defOf(value).values?.[0] }] : [],
        ),
      ];
      for (const [key, value] of shape) inner.push([value, [...path, key]]);
      break;
    }
    case 'array':
      inner.push([def.element, [...path, 0]]);
      break;
    case 'pipe':
      inner.push([def.in, path], [def.out, path]);
      break;
    case 'union':
      for (const option of def.options ?? []) inner.push([option, path]);
      break;
    case 'intersection':
      inner.push([def.left, path], [def.right, path]);
      break;
    default:
      inner.push([def.innerType, path]);
  }
  for (const [child, at] of inner) if (child) walk(child, at, within, found);
}

/** Every date, month, instant and amount of every endpoint's query and body. */
export function boundedInputFields(): InputField[] {
  const fields: InputField[] = [];
  for (const [group, members] of Object.entries(endpoints)) {
    for (const [name, endpoint] of Object.entries(members as Record<string, EndpointSpec>)) {
      for (const part of ['query', 'body'] as const) {
        const schema = endpoint[part];
        if (!schema) continue;
        const found = new Map<string, Found>();
        walk(schema, [], [], found);
        for (const field of found.values()) fields.push({ id: `${group}.${name}`, endpoint, part, ...field });
      }
    }
  }
  return fields;
}

/** `days.0.date`: the key the API's validation answer names the field by. */
export const dottedPath = (field: Pick<InputField, 'path'>) => field.path.join('.');
