import { z } from 'zod';
import { PERMISSION_LEVELS } from './enums';
import { permissionKeySchema } from './permissions';

/** GET /v1/permissions/my item: a key held and at which level (the pages hide what the level cannot do). */
export const permissionItemSchema = z.object({ key: permissionKeySchema, level: z.enum(PERMISSION_LEVELS) });
export type PermissionItem = z.infer<typeof permissionItemSchema>;

/** GET /v1/permissions: the catalogue of keys and levels, with Chinese labels. */
export const permissionCatalogueSchema = z.object({
  keys: z.array(z.object({ key: permissionKeySchema, label: z.string() })),
  levels: z.array(z.object({ value: z.enum(PERMISSION_LEVELS), label: z.string() })),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;
