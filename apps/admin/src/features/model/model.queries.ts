/**
 * Every call of the model pages: the team's models, one model, creating and changing one, its
 * measurement history, its trips and its deductions (扣款); and what each does to the cache. Also the country list the form
 * and the filters choose a nationality from, and the comp card's pictures and download.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDownloadedFile } from '@trackit/client/save-file';
import { uploadBlob } from '@trackit/client/upload/upload-steps';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { compCardFileName } from '@trackit/contract/comp-card';
import type { CallInput } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import { PAGINATION } from '@trackit/contract/envelope';
import type {
  Model,
  ModelCreate,
  ModelDuplicateQuery,
  ModelPendingChanges,
  ModelUpdate,
  TripCreate,
  TripUpdate,
} from '@trackit/contract/model.schema';
import type {
  ModelDeductionCreateInput,
  ModelDeductionState,
} from '@trackit/contract/model-deduction.schema';
import { api } from '../../api';
import { recordHistoryQuery } from '../../components/record-history';
import { uploadDeps } from '../../uploads';
import { approvalKeys } from '../approval/approval.queries';

/** Query keys, all under `['models']`. */
export const modelKeys = {
  all: ['models'] as const,
  lists: ['models', 'list'] as const,
  detail: (id: number) => ['models', 'detail', id] as const,
  measurements: (id: number) => ['models', 'measurements', id] as const,
  trips: (id: number) => ['models', 'trips', id] as const,
  history: (id: number) => ['models', 'history', id] as const,
  deductions: (id: number) => ['models', 'deductions', id] as const,
  /** The changes waiting on the model for a second member. */
  pendingChanges: (id: number) => ['models', 'pending-changes', id] as const,
  /** Whether it can be deleted: a folder made for the model changes it (folder.queries.ts). */
  deletion: (id: number) => ['models', 'deletion', id] as const,
};

/** What GET /v1/models takes, as sent: ranges as `min-max` texts (`height[]=168-173`). */
export type ModelListInput = NonNullable<CallInput<typeof endpoints.model.list>['query']>;

/**
 * The team's models for a list query. Not `pagedListQuery`: that one takes the parsed query, where a
 * range is already `{min, max}`; the list sends the texts the server parses.
 */
export const modelListQuery = (query: ModelListInput) =>
  queryOptions({
    queryKey: [...modelKeys.lists, query],
    queryFn: ({ signal }) => api.call(endpoints.model.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** One model; the page shows a missing one itself, so no toast. */
export const modelQuery = (id: number) =>
  queryOptions({
    queryKey: modelKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.model.get, { params: { id } }, { signal, hideToast: true }),
  });

/** A model's measurement history, newest first. */
export const measurementsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...modelKeys.measurements(id), page],
    queryFn: ({ signal }) =>
      api.call(endpoints.model.measurements, { params: { id }, query: { page, per_page: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A model's trips, latest start first. */
export const tripsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...modelKeys.trips(id), page],
    queryFn: ({ signal }) =>
      api.call(endpoints.model.trips, { params: { id }, query: { page, per_page: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A model's history: what members did to the model, its trips and its folders, newest first. */
export const modelHistoryQuery = recordHistoryQuery(modelKeys.history, endpoints.model.history);

/** Countries and regions (code → 中文名称); they do not change while the app is open. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: ({ signal }) => api.call(endpoints.country.list, undefined, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Creates a model; resolves it, already in the cache, so the page can open it at once. */
export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ModelCreate) => api.call(endpoints.model.create, { body: values }),
    onSuccess: (model) => {
      queryClient.setQueryData(modelKeys.detail(model.id), model);
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists });
    },
  });
}

/**
 * The team's models with this name and birthday, asked before one is created: the form warns and lets
 * the member go on (a namesake born the same day is not refused).
 */
export const findModelNamesakes = (query: ModelDuplicateQuery) =>
  api.call(endpoints.model.duplicates, { query });

/** Whether the model can be deleted now (nothing refers to it), and why not; asked for managers only. */
export const modelDeletionQuery = (id: number) =>
  queryOptions({
    queryKey: modelKeys.deletion(id),
    queryFn: ({ signal }) => api.call(endpoints.model.deletion, { params: { id } }, { signal }),
  });

/** Deletes a model created by mistake; the lists refresh (the page leaves for the list). */
export function useDeleteModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.model.delete, { params: { id } }),
    // Only the lists: the page still open on the model would ask for it again and find it gone.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.lists }),
    // Refused (something refers to it now): the page shows the fresh reason.
    onError: () => void queryClient.invalidateQueries({ queryKey: modelKeys.deletion(id) }),
  });
}

/**
 * Changes a model; a change of measurements adds a history entry, and a change of its terms or account
 * may wait for a second member instead, so those refresh too.
 */
export function useUpdateModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ModelUpdate) => api.call(endpoints.model.update, { params: { id }, body: values }),
    onSuccess: (model) => {
      queryClient.setQueryData(modelKeys.detail(model.id), model);
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists });
      void queryClient.invalidateQueries({ queryKey: modelKeys.measurements(model.id) });
      void queryClient.invalidateQueries({ queryKey: modelKeys.pendingChanges(model.id) });
    },
  });
}

// --- Changes waiting for a second member ------------------------------------------------------------------

/** The model's changes waiting for approval (its terms; its account for those who see it, masked). */
export const pendingChangesQuery = (id: number) =>
  queryOptions({
    queryKey: modelKeys.pendingChanges(id),
    queryFn: ({ signal }) => api.call(endpoints.model.pendingChanges, { params: { id } }, { signal }),
  });

/** After a decision or a withdrawal: the model (its values may have changed), what waits, its history. */
function useChangeSettled(modelId: number) {
  const queryClient = useQueryClient();
  return (pending: ModelPendingChanges) => {
    queryClient.setQueryData(modelKeys.pendingChanges(modelId), pending);
    void queryClient.invalidateQueries({ queryKey: modelKeys.detail(modelId) });
    void queryClient.invalidateQueries({ queryKey: modelKeys.history(modelId) });
    void queryClient.invalidateQueries({ queryKey: modelKeys.lists });
    void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

/** 同意 / 拒绝 a change waiting on the model. */
export function useDecideModelChange(modelId: number) {
  const settled = useChangeSettled(modelId);
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ApprovalDecision }) =>
      api.call(endpoints.model.decideChange, { params: { id }, body: decision }),
    onSuccess: settled,
  });
}

/** 撤回 one's own change waiting on the model. */
export function useWithdrawModelChange(modelId: number) {
  const settled = useChangeSettled(modelId);
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.model.withdrawChange, { params: { id } }),
    onSuccess: settled,
  });
}

/** Adds a trip to a model. */
export function useCreateTrip(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TripCreate) =>
      api.call(endpoints.model.createTrip, { params: { id: modelId }, body: values }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.trips(modelId) }),
  });
}

/** Changes one of a model's trips. */
export function useUpdateTrip(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: TripUpdate }) =>
      api.call(endpoints.model.updateTrip, { params: { id }, body: values }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.trips(modelId) }),
  });
}

/** Deletes one of a model's trips. */
export function useDeleteTrip(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.model.deleteTrip, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.trips(modelId) }),
  });
}

// --- Deductions (扣款) ---------------------------------------------------------------------------------------

/** A model's deductions, newest first, of one state or all. */
export const deductionsQuery = (id: number, page: number, state?: ModelDeductionState) =>
  queryOptions({
    queryKey: [...modelKeys.deductions(id), page, state ?? 'all'],
    queryFn: ({ signal }) =>
      api.call(
        endpoints.model.deductions,
        { params: { id }, query: { page, per_page: 20, ...(state ? { state } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * 登记扣款: the receipt, when chosen, goes through the upload pipeline first (as 登记开票's PDF); the list
 * and the model's history refresh.
 */
export function useCreateDeduction(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      ...body
    }: Omit<ModelDeductionCreateInput, 'file_signed_id'> & { file?: File }) => {
      const upload = file ? await uploadBlob(uploadDeps, file) : undefined;
      return api.call(endpoints.model.createDeduction, {
        params: { id: modelId },
        body: { ...body, ...(upload ? { file_signed_id: upload.signedId } : {}) },
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modelKeys.deductions(modelId) });
      void queryClient.invalidateQueries({ queryKey: modelKeys.history(modelId) });
      // A model with deductions can no longer be deleted.
      void queryClient.invalidateQueries({ queryKey: modelKeys.deletion(modelId) });
    },
  });
}

/** 作废 a deduction no settlement has taken. */
export function useVoidDeduction(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deductionId: number) =>
      api.call(endpoints.model.voidDeduction, { params: { id: modelId, deduction_id: deductionId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modelKeys.deductions(modelId) });
      void queryClient.invalidateQueries({ queryKey: modelKeys.history(modelId) });
    },
  });
}

// --- Comp card ----------------------------------------------------------------------------------------------

/** The pictures among the first 100 files of one of the model's folders: what the comp card picks from. */
export const compCardPicturesQuery = (modelId: number, folderId: number) =>
  queryOptions({
    queryKey: [...modelKeys.all, 'comp-card', modelId, folderId] as const,
    queryFn: ({ signal }) =>
      api.call(
        endpoints.folder.files,
        { params: { id: folderId }, query: { page: 1, per_page: PAGINATION.maxPerPage } },
        { signal },
      ),
    select: (page) => page.data.filter((file) => file.kind === 'image'),
  });

/**
 * Makes the model's comp card with these photos on the back and saves the PDF. The dialog shows a
 * refusal itself, so no toast.
 */
export function useDownloadCompCard(model: Pick<Model, 'id' | 'name'>) {
  return useMutation({
    mutationFn: async (fileIds: number[]) => {
      const file = await api.download(
        endpoints.model.compCard,
        { params: { id: model.id }, query: { file_ids: fileIds } },
        { hideToast: true },
      );
      saveDownloadedFile(file, compCardFileName(model.name));
    },
  });
}

// --- Spreadsheets -------------------------------------------------------------------------------------------

/** Exports the models the list's filters find, in its order, and saves the .xlsx (the page is not sent). */
export function useExportModels() {
  return useMutation({
    mutationFn: async ({ page: _page, per_page: _perPage, ...filters }: ModelListInput) =>
      saveDownloadedFile(await api.download(endpoints.model.export, { query: filters }), '模特.xlsx'),
  });
}

/** Saves the import template (the national ID column only for managers). */
export function useDownloadImportTemplate() {
  return useMutation({
    mutationFn: async () =>
      saveDownloadedFile(await api.download(endpoints.model.importTemplate), '模特导入模板.xlsx'),
  });
}

/**
 * Checks a spreadsheet row by row (`dryRun`), or imports its valid rows; an import refreshes the lists.
 * The page shows a refusal of the file itself, so no toast.
 */
export function useModelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      api.upload(
        endpoints.model.import,
        file,
        { query: { dry_run: dryRun ? 'true' : 'false' } },
        { hideToast: true },
      ),
    onSuccess: (result) => {
      if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: modelKeys.lists });
    },
  });
}
