import { useQuery } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { useParams } from 'react-router';
import { isRecordMissing, parseRecordId } from '../../components/record-id';
import { useBreadcrumbTitle } from '../../layouts/breadcrumb-title';
import { orderQuery } from './order.queries';

/**
 * The order a route names (`…/{id}`): its query (not sent for an id that is not one), whether it is
 * missing (a bad id, or 404: another team's too), and the breadcrumb set to its number (订单不存在 when
 * missing), never the id in the address. `fresh` asks the server again even when the cache has it (the
 * editor starts from what is stored now).
 */
export function useRouteOrder({ fresh = false }: { fresh?: boolean } = {}) {
  const id = parseRecordId(useParams().id);
  const query = useQuery({
    ...orderQuery(id ?? 0),
    enabled: id !== undefined,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
  const missing = id === undefined || isRecordMissing(query.error);
  useBreadcrumbTitle(query.data?.number ?? (missing ? ORDER_MESSAGES.orderNotFound : undefined));
  return { id, query, missing };
}
