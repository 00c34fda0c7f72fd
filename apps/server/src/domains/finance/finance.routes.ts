import type { Endpoints } from '@trackit/contract/endpoints';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import { presentHistoryPage } from '../operation-log/operation-log.presenter';
import { exportFees, feeTotals, listFees } from './fee-list.service';
import { buildFeeWorkbook } from './fee-workbook';
import { type FinanceDeps, getFinanceOrder, listFinanceOrderHistory } from './finance.service';
import { getFinanceDashboard } from './finance-dashboard.service';

/** Handlers of `endpoints.receivable`: each calls one service function. */
export function receivableRoutes(deps: FinanceDeps): Handlers<Endpoints['receivable']> {
  return {
    fees: ({ auth, query }) => listFees(deps, auth, query),
    feeTotals: ({ auth, query }) => feeTotals(deps, auth, query),
    feeExport: async ({ auth, query, reply }) => {
      const { items, asOf, exportedAt } = await exportFees(deps, auth, query);
      return sendAttachment(reply, {
        contentType: XLSX_CONTENT_TYPE,
        fileName: `费用_截至${asOf}.xlsx`,
        content: await buildFeeWorkbook(items, asOf, exportedAt),
      });
    },
    order: ({ auth, params }) => getFinanceOrder(deps, auth, params.id),
    orderHistory: async ({ auth, params, query }) =>
      presentHistoryPage(await listFinanceOrderHistory(deps, auth, params.id, query)),
    dashboard: ({ auth }) => getFinanceDashboard(deps, auth),
  };
}
