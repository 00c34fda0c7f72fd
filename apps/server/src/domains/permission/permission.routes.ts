import { PERMISSION_LEVEL_LABELS, PERMISSION_LEVELS } from '@trackit/contract/enums';
import { envelopeSchema } from '@trackit/contract/envelope';
import { permissionCatalogueSchema, permissionItemSchema } from '@trackit/contract/permission.schema';
import { PERMISSION_KEY_LABELS, PERMISSION_KEYS } from '@trackit/contract/permissions';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ApiRouter } from '../../http/api-router';
import { ok } from '../../http/envelope';
import { authOf } from '../../http/request-context';
import { grantsOf, keysInMenuOrder } from './permission.service';

const catalogue = {
  keys: PERMISSION_KEYS.map((key) => ({ key, label: PERMISSION_KEY_LABELS[key] })),
  levels: PERMISSION_LEVELS.map((value) => ({ value, label: PERMISSION_LEVEL_LABELS[value] })),
};

export function registerPermissionRoutes(api: ApiRouter, deps: { db: Database }) {
  api.get(
    '/permissions/my',
    { schema: { response: { 200: envelopeSchema(z.array(permissionItemSchema)) } } },
    async (request) => ok(keysInMenuOrder(await grantsOf(deps.db, authOf(request))).map((key) => ({ key }))),
  );

  api.get(
    '/permissions',
    { schema: { response: { 200: envelopeSchema(permissionCatalogueSchema) } } },
    async () => ok(catalogue),
  );
}
