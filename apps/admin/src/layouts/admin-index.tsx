import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { firstEntryPath } from './navigation';
import { myPermissionsQuery } from './shell.queries';

/**
 * /admin with no sub-path (docs/product.md §2): the entry of the first permission returned, or the signed-in home
 * for a member who holds none. The layout renders this only once the keys have loaded.
 */
export function AdminIndex() {
  const permissions = useQuery(myPermissionsQuery);
  const target = permissions.data ? firstEntryPath(permissions.data) : undefined;
  if (target) return <Navigate to={target} replace />;
  return <HomePage />;
}
