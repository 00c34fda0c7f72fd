/**
 * Every string a request can carry, in every endpoint of the map, refuses a NUL character, a lone
 * surrogate and an unbounded length at validation (issues 9 and 21): a new field written as a bare
 * `z.string()` fails here.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { EndpointSpec } from './endpoint';
import { endpoints } from './endpoints';

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** The string schemas inside a request schema, with where they sit. */
function stringLeaves(schema: AnySchema, path: string): { path: string; schema: AnySchema }[] {
  const def = schema._zod.def;
  const inner = (key: string) => stringLeaves(def[key] as AnySchema, path);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, value]) =>
        stringLeaves(value, `${path}.${key}`),
      );
    case 'array':
      return stringLeaves(def.element as AnySchema, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'union':
      return (def.options as AnySchema[]).flatMap((option) => stringLeaves(option, path));
    default:
      return [];
  }
}

const requestStrings = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members as Record<string, EndpointSpec>).flatMap(([name, spec]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = spec[part] as AnySchema | undefined;
      return schema ? stringLeaves(schema, `${group}.${name}.${part}`) : [];
    }),
  ),
);

describe('text entering through the endpoint map', () => {
  it('finds the request strings (the walk reaches them)', () => {
    const paths = requestStrings.map((leaf) => leaf.path);
    expect(paths).toContain('folder.create.body.name');
    expect(paths).toContain('folder.list.query.keyword');
    expect(paths).toContain('upload.announce.body.filename');
    expect(requestStrings.length).toBeGreaterThan(10);
  });

  it.each(requestStrings.map((leaf) => [leaf.path, leaf.schema] as const))('%s refuses NUL', (_, schema) => {
    expect(schema.safeParse('名\u0000字').success).toBe(false);
    expect(schema.safeParse('\u0000').success).toBe(false);
  });

  // A lone UTF-16 surrogate is no character: PostgreSQL's jsonb (the operation log) refuses it with a 500,
  // and a text column would store U+FFFD in its place (issue 21).
  it.each(requestStrings.map((leaf) => [leaf.path, leaf.schema] as const))(
    '%s refuses a lone surrogate',
    (_, schema) => {
      for (const value of ['名\ud800字', '\udc00', 'a\ud83d', '\ude00\ud83d']) {
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      }
    },
  );

  it.each(requestStrings.map((leaf) => [leaf.path, leaf.schema] as const))(
    '%s has a length limit',
    (_, schema) => {
      expect(schema.safeParse('a'.repeat(10_000)).success).toBe(false);
    },
  );
});
