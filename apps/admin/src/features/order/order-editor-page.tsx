import { Card, Skeleton } from 'antd';
import { Navigate } from 'react-router';
import { RecordPage } from '../../components/record-page';
import { OrderEditor } from './order-editor';
import { ORDER_LIST_PATH, orderPath } from './order-labels';
import { useRouteOrder } from './order-route';

/**
 * The editor of draft {id} (/admin/order/new/{id}), where 新建订单 lands with a fresh empty draft. It
 * starts from what the server holds now (asked again even when cached); an order past draft, or one
 * this member may not change, opens on its detail page instead.
 */
export function OrderEditorPage() {
  const { query, missing } = useRouteOrder({ fresh: true });
  return (
    <RecordPage
      query={query}
      missing={missing}
      missingMessage="该订单可能不存在，或不属于当前团队"
      back={{ label: '返回订单列表', to: ORDER_LIST_PATH }}
      testId="order-missing"
      skeletonRows={12}
    >
      {(order) => {
        if (order.status !== 'draft' || !order.can.edit) return <Navigate to={orderPath(order.id)} replace />;
        if (!query.isFetchedAfterMount) {
          return (
            <Card>
              <Skeleton active paragraph={{ rows: 12 }} />
            </Card>
          );
        }
        return <OrderEditor key={order.id} order={order} />;
      }}
    </RecordPage>
  );
}
