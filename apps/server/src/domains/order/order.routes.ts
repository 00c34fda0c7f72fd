import { fileNameDate } from '@trackit/contract/business-time';
import type { Endpoints } from '@trackit/contract/endpoints';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import type { Config } from '../../config';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import { presentHistoryPage } from '../operation-log/operation-log.presenter';
import { searchPlaces } from '../place/place.service';
import { confirmationParty, renderOrderConfirmation } from './documents/order-confirmation.pdf';
import { buildOrderWorkbook } from './documents/order-workbook';
import { presentAttachment, presentOrder, presentOrderListItem } from './order.presenter';
import { createOrder, updateOrder } from './order.service';
import { addOrderAttachment, removeOrderAttachment } from './order-attachment.service';
import { billOrder, cancelOrder, confirmOrder, decideOrder, submitOrder } from './order-lifecycle.service';
import {
  exportTeamOrders,
  getOrder,
  getOrderConfirmation,
  listOrderHistory,
  listTeamOrders,
  type OrderDeps,
} from './order-view.service';

export type OrderRouteDeps = OrderDeps & { map: Config['map'] };

/** Handlers of `endpoints.order`: one service call each, presented. */
export function orderRoutes(deps: OrderRouteDeps): Handlers<Endpoints['order']> {
  return {
    create: async ({ auth, body, origin }) => createOrder(deps, auth, body ?? {}, origin),
    list: async ({ auth, query }) => {
      const { items, total } = await listTeamOrders(deps, auth, query);
      return { items: items.map(presentOrderListItem), total };
    },
    export: async ({ auth, query, reply }) => {
      const { items, exportedAt } = await exportTeamOrders(deps, auth, query);
      return sendAttachment(reply, {
        contentType: XLSX_CONTENT_TYPE,
        fileName: `订单_${fileNameDate(exportedAt)}.xlsx`,
        content: await buildOrderWorkbook(items.map(presentOrderListItem), exportedAt),
      });
    },
    places: async ({ query }) => searchPlaces(deps, query),
    get: async ({ auth, params }) => presentOrder(await getOrder(deps, auth, params.id)),
    // Writes answer the order as presented inside their transaction (order.service.ts answerBeforeCommit).
    update: async ({ auth, params, body, origin }) => updateOrder(deps, auth, params.id, body, origin),
    submit: async ({ auth, params, origin }) => submitOrder(deps, auth, params.id, origin),
    approval: async ({ auth, params, body, origin }) => decideOrder(deps, auth, params.id, body, origin),
    confirm: async ({ auth, params, origin }) => confirmOrder(deps, auth, params.id, origin),
    cancel: async ({ auth, params, body, origin }) => cancelOrder(deps, auth, params.id, body, origin),
    bill: async ({ auth, params, origin }) => billOrder(deps, auth, params.id, origin),
    confirmation: async ({ auth, params, reply }) => {
      const { view, teamName, payee, printedAt } = await getOrderConfirmation(deps, auth, params.id);
      const order = presentOrder(view);
      return sendAttachment(reply, {
        contentType: 'application/pdf',
        fileName: `确认单_${order.number}.pdf`,
        content: await renderOrderConfirmation(order, confirmationParty(teamName, payee), printedAt),
      });
    },
    addAttachment: async ({ auth, params, body, origin }) =>
      presentAttachment(await addOrderAttachment(deps, auth, params.id, body.signed_id, origin)),
    removeAttachment: async ({ auth, params, origin }) =>
      removeOrderAttachment(deps, auth, params.id, params.attachment_id, origin),
    history: async ({ auth, params, query }) =>
      presentHistoryPage(await listOrderHistory(deps, auth, params.id, query)),
  };
}
