/**
 * Every call of the company pages: the team's companies, one company, creating and changing one; and
 * what each does to the cache (a company's contacts are the contact feature's).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyCreate, CompanyQuery, CompanyUpdate } from '@trackit/contract/company.schema';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { recordHistoryQuery } from '../../components/record-history';

/** Query keys, all under `['companies']`. */
export const companyKeys = {
  all: ['companies'] as const,
  lists: ['companies', 'list'] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
  history: (id: number) => ['companies', 'history', id] as const,
  /** Whether it can be deleted: its contacts change it (contact.queries.ts refreshes ['companies']). */
  deletion: (id: number) => ['companies', 'deletion', id] as const,
};

/** The team's companies: keyword, industry, tier, owner, status and a page (`CompanyQuery`). */
export const companyListQuery = pagedListQuery(companyKeys.lists, endpoints.company.list);

/** Companies whose name contains the text, for choosing one (a contact's company): the first 20 active. */
export const companyOptionsQuery = (keyword: string) =>
  companyListQuery({
    page: 1,
    per_page: 20,
    status: 'active',
    ...(keyword ? { keyword } : {}),
  } satisfies CompanyQuery);

/** A company's history: what members did to it and to its contacts, newest first. */
export const companyHistoryQuery = recordHistoryQuery(companyKeys.history, endpoints.company.history);

/** One company; the page shows a missing one itself, so no toast. */
export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.company.get, { params: { id } }, { signal, hideToast: true }),
  });

/** Creates a company; resolves it, already in the cache, so the page can open it at once. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CompanyCreate) => api.call(endpoints.company.create, { body: values }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(company.id), company);
      void queryClient.invalidateQueries({ queryKey: companyKeys.lists });
    },
  });
}

/** Changes a company (fields, or its status: archive and restore). */
export function useUpdateCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CompanyUpdate) =>
      api.call(endpoints.company.update, { params: { id }, body: values }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(company.id), company);
      void queryClient.invalidateQueries({ queryKey: companyKeys.lists });
      void queryClient.invalidateQueries({ queryKey: companyKeys.history(company.id) });
      // Contacts show their company's name.
      void queryClient.invalidateQueries({ queryKey: ['contacts'] });
    },
  });
}

/** Whether the company can be deleted now (nothing refers to it), and why not; asked for managers only. */
export const companyDeletionQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.deletion(id),
    queryFn: ({ signal }) => api.call(endpoints.company.deletion, { params: { id } }, { signal }),
  });

/** Deletes a company created by mistake; the lists refresh (the page leaves for the list). */
export function useDeleteCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.company.delete, { params: { id } }),
    // Only the lists: the page still open on the company would ask for it again and find it gone.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.lists }),
    onError: () => void queryClient.invalidateQueries({ queryKey: companyKeys.deletion(id) }),
  });
}
