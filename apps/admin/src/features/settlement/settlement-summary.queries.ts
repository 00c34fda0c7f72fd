/**
 * A model's settlement summary (GET /v1/settlements/summary, docs/product.md "Model settlements"): the 结算
 * tab of the model's page. Under settlements' `['settlements']`, so a change to a settlement refreshes it.
 */
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';
import { settlementKeys } from './settlement.queries';

export const settlementSummaryKeys = {
  summary: (modelId: number) => [...settlementKeys.all, 'summary', modelId] as const,
};

/** The model's figures; the tab shows a failure itself, so no toast. */
export const settlementSummaryQuery = (modelId: number) =>
  queryOptions({
    queryKey: settlementSummaryKeys.summary(modelId),
    queryFn: ({ signal }) =>
      api.call(endpoints.settlement.summary, { query: { model_id: modelId } }, { signal, hideToast: true }),
  });
