import { z } from 'zod';
import { PERMISSION_LEVELS } from './enums';
import { permissionKeySchema } from './permissions';

/** GET /v1/permissions/my item. */
export const permissionItemSchema = z.object({ key: permissionKeySchema });
export type PermissionItem = z.infer<typeof permissionItemSchema>;

/** GET /v1/permissions: the catalogue of keys and levels, with Chinese labels. */
export const permissionCatalogueSchema = z.object({
  keys: z.array(z.object({ key: permissionKeySchema, label: z.string() })),
  levels: z.array(z.object({ value: z.enum(PERMISSION_LEVELS), label: z.string() })),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;
