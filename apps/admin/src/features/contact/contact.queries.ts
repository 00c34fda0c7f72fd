/**
 * Every call of the contact pages (and of a company's contacts on its page): lists, one contact,
 * creating and changing one, and what each does to the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContactCreate,
  ContactDuplicateQuery,
  ContactQuery,
  ContactUpdate,
} from '@trackit/contract/contact.schema';
import { endpoints } from '@trackit/contract/endpoints';
import { PAGINATION } from '@trackit/contract/envelope';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { recordHistoryQuery } from '../../components/record-history';

export const contactKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
  history: (id: number) => ['contacts', 'history', id] as const,
  deletion: (id: number) => ['contacts', 'deletion', id] as const,
};

/** The team's contacts: company, keyword, status and a page (`ContactQuery`). */
export const contactListQuery = pagedListQuery(contactKeys.lists, endpoints.contact.list);

/** A company's contacts, for its page: the first 100, newest first. */
export const companyContactsQuery = (companyId: number) =>
  contactListQuery({
    page: 1,
    per_page: PAGINATION.maxPerPage,
    company_id: companyId,
  } satisfies ContactQuery);

/** A contact's history, newest first. */
export const contactHistoryQuery = recordHistoryQuery(contactKeys.history, endpoints.contact.history);

export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.contact.get, { params: { id } }, { signal, hideToast: true }),
  });

/** The company's count of contacts changes with them. */
const refreshAround = (queryClient: ReturnType<typeof useQueryClient>) => {
  void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
  void queryClient.invalidateQueries({ queryKey: ['contacts', 'history'] });
  // A company shows its contacts, their count and their entries in its history.
  void queryClient.invalidateQueries({ queryKey: ['companies'] });
};

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ContactCreate) => api.call(endpoints.contact.create, { body: values }),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      refreshAround(queryClient);
    },
  });
}

/** Changes a contact; the id is given per call, so one hook serves a whole list of contacts. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ContactUpdate }) =>
      api.call(endpoints.contact.update, { params: { id }, body: values }),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      refreshAround(queryClient);
    },
  });
}

/**
 * The team's contacts with this mobile, asked before one is created: the form warns and lets the member
 * go on (one person may be the contact of two companies).
 */
export const findContactsWithMobile = (query: ContactDuplicateQuery) =>
  api.call(endpoints.contact.duplicates, { query });

/** Whether the contact can be deleted now (nothing refers to it), and why not; asked for managers only. */
export const contactDeletionQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.deletion(id),
    queryFn: ({ signal }) => api.call(endpoints.contact.deletion, { params: { id } }, { signal }),
  });

/** Deletes a contact created by mistake; the lists and its company refresh (the page leaves for the list). */
export function useDeleteContact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.contact.delete, { params: { id } }),
    // The lists and its company's page, not the contact's own queries: the page still open on it would
    // ask for them again and find it gone.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: contactKeys.deletion(id) }),
  });
}
