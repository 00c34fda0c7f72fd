import { useQuery } from '@tanstack/react-query';
import { myPermissionLevelsQuery } from '../layouts/shell.queries';

/**
 * Rendered beside a page, shows `levels-loaded` once the member's levels are in: a test waits for it
 * before asserting that a control the level forbids is absent (absent while loading proves nothing).
 * Pages hear of the levels from the same query, in the same render.
 */
export function LevelsLoaded() {
  const levels = useQuery(myPermissionLevelsQuery);
  return levels.data ? <output data-testid="levels-loaded" /> : null;
}
