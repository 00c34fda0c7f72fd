/**
 * Every call of the order pages (docs/product.md "Orders"): the team's orders, one order, its history,
 * place suggestions and the models' calendar around the editor's days; creating, saving and moving an
 * order through its lifecycle, its attachments, the Excel export and the confirmation PDF; and what each
 * does to the cache. A change to an order changes the models' calendar too, so those keys are refreshed.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDownloadedFile } from '@trackit/client/save-file';
import { uploadBlob } from '@trackit/client/upload/upload-steps';
import type { ApprovalResult } from '@trackit/contract/approval.schema';
import type { CalendarQueryInput } from '@trackit/contract/calendar.schema';
import type { CallInput } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import type { Order, OrderQuery, OrderUpdateInput } from '@trackit/contract/order.schema';
import { useCallback } from 'react';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { recordHistoryQuery } from '../../components/record-history';
import { uploadDeps } from '../../uploads';
import { approvalKeys } from '../approval/approval.queries';
import { modelQuery } from '../model/model.queries';

/** Query keys, all under `['orders']`. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  history: (id: number) => ['orders', 'history', id] as const,
  places: ['orders', 'places'] as const,
};

/**
 * The models' calendar (features/calendar): every query of the calendar page and the editor's look at
 * the models' days sits under this key, and an order that changes refreshes them all.
 */
export const CALENDAR_ROOT_KEY = ['calendar'] as const;

/** The team's orders for a list query (filters, sort, page). */
export const orderListQuery = pagedListQuery(orderKeys.lists, endpoints.order.list);

/** One order; the pages show a missing one themselves, so no toast. */
export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.order.get, { params: { id } }, { signal, hideToast: true }),
  });

/** An order's history: what members did to it, newest first. */
export const orderHistoryQuery = recordHistoryQuery(orderKeys.history, endpoints.order.history);

/** Suggestions fetched for one keyword stay this long (a place does not move). */
const PLACES_STALE_MS = 5 * 60_000;

/**
 * Places matching what was typed, through the map service when one is set up (`enabled`). A failing
 * service is not worth a toast: the field stays a plain text field.
 */
export const placesQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...orderKeys.places, keyword] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.order.places, { query: { keyword } }, { signal, hideToast: true }),
    staleTime: PLACES_STALE_MS,
    placeholderData: keepPreviousData,
  });

/**
 * The calendar of some models over some days: their other orders' entries and their trips, for the
 * editor's warnings. Without a toast: the editor simply shows no warning when it cannot know.
 */
export const modelDaysQuery = (query: CalendarQueryInput) =>
  queryOptions({
    queryKey: [...CALENDAR_ROOT_KEY, 'order-editor', query] as const,
    queryFn: ({ signal }) => api.call(endpoints.calendar.list, { query }, { signal, hideToast: true }),
    placeholderData: keepPreviousData,
  });

type QueryClient = ReturnType<typeof useQueryClient>;

/**
 * An order as the server now answers it: cached, and every list, its history, the calendar and 待我审批
 * asked again.
 */
const storeOrder = (queryClient: QueryClient, order: Order) => {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
  void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  void queryClient.invalidateQueries({ queryKey: orderKeys.history(order.id) });
  void queryClient.invalidateQueries({ queryKey: CALENDAR_ROOT_KEY });
};

/**
 * A refused step (a 409: someone else moved the order meanwhile) leaves the page showing the past: the
 * order is asked again, so its state and what the member may do are current. The refusal itself is
 * toasted by the API client.
 */
const refreshOrder = (queryClient: QueryClient, id: number) => {
  void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
};

/** Creates an empty draft (新建订单); resolves its id and number, for the editor to open at once. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.order.create, { body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  });
}

/**
 * Saves a draft (the editor's whole form). A refusal is not toasted: the editor puts the server's
 * messages beside the fields and shows the first one itself.
 */
export function useSaveOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderUpdateInput) =>
      api.call(endpoints.order.update, { params: { id }, body }, { hideToast: true }),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

/** Sends a draft for approval; the approvers are notified. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.order.submit, { params: { id } }),
    onSuccess: (order) => storeOrder(queryClient, order),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}

export interface ApprovalDecision {
  id: number;
  result: ApprovalResult;
  /** Why it is refused (required then). */
  comment?: string;
}

/** Approves a submitted order, or refuses it with a comment (it goes back to draft). */
export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, result, comment = '' }: ApprovalDecision) =>
      api.call(endpoints.order.approval, { params: { id }, body: { result, comment } }),
    onSuccess: (order) => storeOrder(queryClient, order),
    onError: (_error, { id }) => refreshOrder(queryClient, id),
  });
}

/** Confirms an approved order: its models' days are locked (a conflict is refused with its reason). */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.order.confirm, { params: { id } }),
    onSuccess: (order) => storeOrder(queryClient, order),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}

/** Cancels an order before it is billed, with the reason; its holds are released. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.call(endpoints.order.cancel, { params: { id }, body: { reason } }),
    onSuccess: (order) => storeOrder(queryClient, order),
    onError: (_error, { id }) => refreshOrder(queryClient, id),
  });
}

/** 出账: a completed order goes to finance's 待开票. */
export function useBillOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.order.bill, { params: { id } }),
    onSuccess: (order) => storeOrder(queryClient, order),
    onError: (_error, id) => refreshOrder(queryClient, id),
  });
}

/** What a bulk 出账 did: the orders billed, and how many the server refused (each one toasted). */
export interface BillResult {
  billed: Order[];
  failed: number;
}

/**
 * 出账 of several orders, one call each in turn (the server checks each one on its own); a refusal
 * does not stop the others. Rejects only when none went through, so the selection stays for another try.
 */
export function useBillOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]): Promise<BillResult> => {
      const billed: Order[] = [];
      let failed = 0;
      let lastError: unknown;
      for (const id of ids) {
        try {
          billed.push(await api.call(endpoints.order.bill, { params: { id } }));
        } catch (error) {
          failed += 1;
          lastError = error;
        }
      }
      if (billed.length === 0 && lastError !== undefined) throw lastError;
      return { billed, failed };
    },
    onSettled: (result) => {
      for (const order of result?.billed ?? []) queryClient.setQueryData(orderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
      void queryClient.invalidateQueries({ queryKey: CALENDAR_ROOT_KEY });
    },
  });
}

/**
 * Uploads a file through the upload pipeline (checksum, direct upload, PUT) and attaches it to the
 * order. Rejects with a message for the user; a refusal on the way is not toasted twice.
 */
export function useAddOrderAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { signedId } = await uploadBlob(uploadDeps, file);
      return api.call(
        endpoints.order.addAttachment,
        { params: { id }, body: { signed_id: signedId } },
        { hideToast: true },
      );
    },
    onSuccess: (attachment) => {
      queryClient.setQueryData<Order>(
        orderKeys.detail(id),
        (order) => order && { ...order, attachments: [...order.attachments, attachment] },
      );
      void queryClient.invalidateQueries({ queryKey: orderKeys.history(id) });
    },
  });
}

/** Removes one of an order's attachments. */
export function useRemoveOrderAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) =>
      api.call(endpoints.order.removeAttachment, { params: { id, attachment_id: attachmentId } }),
    onSuccess: (order) => {
      // Only the attachments: the editor's form holds the rest as typed.
      queryClient.setQueryData<Order>(
        orderKeys.detail(id),
        (cached) => cached && { ...cached, attachments: order.attachments },
      );
      void queryClient.invalidateQueries({ queryKey: orderKeys.history(id) });
    },
  });
}

/** One model by id, from the cache when a page has it (a model added to an order in the editor). */
export function useFetchModel() {
  const queryClient = useQueryClient();
  return useCallback((id: number) => queryClient.fetchQuery(modelQuery(id)), [queryClient]);
}

// --- Files ----------------------------------------------------------------------------------------------------

/** What GET /v1/orders/export takes: the list's filters, as sent. */
export type OrderExportInput = NonNullable<CallInput<typeof endpoints.order.export>['query']>;

/** The export's query of a list query: its filters only (not the page, nor the 待办 switch). */
export const orderExportInput = ({
  page: _page,
  per_page: _perPage,
  awaiting_my_approval: _awaiting,
  options_expiring,
  ...filters
}: OrderQuery): OrderExportInput => ({
  ...filters,
  ...(options_expiring ? { options_expiring: 'true' as const } : {}),
});

/** Exports the orders the list's filters find, in its order, and saves the .xlsx. */
export function useExportOrders() {
  return useMutation({
    mutationFn: async (query: OrderQuery) =>
      saveDownloadedFile(
        await api.download(endpoints.order.export, { query: orderExportInput(query) }),
        '订单.xlsx',
      ),
  });
}

/** The confirmation's file name when the server does not give one. */
export const confirmationFileName = (number: string) => `订单确认单-${number}.pdf`;

/** Downloads the order's confirmation PDF (the same content as the export page). */
export function useDownloadConfirmation() {
  return useMutation({
    mutationFn: async (order: Pick<Order, 'id' | 'number'>) =>
      saveDownloadedFile(
        await api.download(endpoints.order.confirmation, { params: { id: order.id } }),
        confirmationFileName(order.number),
      ),
  });
}
