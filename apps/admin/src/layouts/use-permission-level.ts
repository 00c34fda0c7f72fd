import { useQuery } from '@tanstack/react-query';
import type { PermissionLevel } from '@trackit/contract/enums';
import { levelAllows, type PermissionKey } from '@trackit/contract/permissions';
import { myPermissionLevelsQuery } from './shell.queries';

/**
 * Whether the member holds `key` at `level` or above, for showing a page's actions (新建, 编辑, 归档).
 * False while the levels load: an action appears once allowed, never flashes and disappears. The
 * server enforces the same levels whatever the page shows.
 */
export function useCan(key: PermissionKey, level: PermissionLevel): boolean {
  const levels = useQuery(myPermissionLevelsQuery);
  return levelAllows(levels.data?.[key], level);
}
