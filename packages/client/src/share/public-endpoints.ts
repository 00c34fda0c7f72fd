/**
 * The share pages' endpoints as `callPublic` needs them at run time: method and path, without the zod
 * schemas. The contract's declarations hold their schemas, and importing them puts zod and every schema
 * in the bundle (135 KB minified, ~40 KB compressed, docs/benchmarks.md "Share pages (/h5)") for a page
 * that never validates anything. The types are the contract's own, and `satisfies` holds each method and
 * path to the contract's literal: a renamed path or method fails the typecheck here.
 */
import { publicAccess } from '@trackit/contract/endpoint';
import type { shareEndpoints } from '@trackit/contract/share.endpoints';

type ShareEndpoints = typeof shareEndpoints;
const JSON_ANSWER = { kind: 'json' } as const;
type RuntimePart<E> = E extends { method: infer M; path: infer P }
  ? { method: M; path: P; access: typeof publicAccess; answer: typeof JSON_ANSWER }
  : never;

const runtime = {
  package: {
    method: 'GET',
    path: '/v1/public/packages/:share_id',
    access: publicAccess,
    answer: JSON_ANSWER,
  },
  packageModel: {
    method: 'GET',
    path: '/v1/public/packages/:share_id/models/:model_id',
    access: publicAccess,
    answer: JSON_ANSWER,
  },
  pick: {
    method: 'POST',
    path: '/v1/public/packages/:share_id/picks',
    access: publicAccess,
    answer: JSON_ANSWER,
  },
  view: {
    method: 'POST',
    path: '/v1/public/packages/:share_id/views',
    access: publicAccess,
    answer: JSON_ANSWER,
  },
  folder: { method: 'GET', path: '/v1/public/folders/:share_id', access: publicAccess, answer: JSON_ANSWER },
} as const satisfies { [K in keyof ShareEndpoints]: RuntimePart<ShareEndpoints[K]> };

/**
 * `endpoints.share` for the share apps: pass these to `callPublic` (same types, same paths) so the
 * contract's schemas stay out of the bundle. Only `method` and `path` are there at run time.
 */
export const publicEndpoints = runtime as unknown as ShareEndpoints;
