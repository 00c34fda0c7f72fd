import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentHistoryPage } from '../operation-log/operation-log.presenter';
import { presentContact } from './contact.presenter';
import {
  type ContactDeps,
  createContact,
  deleteContact,
  findContactDuplicates,
  getContact,
  getContactDeletion,
  listContactHistory,
  listTeamContacts,
  updateContact,
} from './contact.service';

/** Handlers of `endpoints.contact`: each calls one service function and presents. */
export function contactRoutes(deps: ContactDeps): Handlers<Endpoints['contact']> {
  return {
    create: async ({ auth, body, origin }) => presentContact(await createContact(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { rows, total } = await listTeamContacts(deps, auth, query);
      return { items: rows.map(presentContact), total };
    },
    duplicates: async ({ auth, query }) =>
      (await findContactDuplicates(deps, auth, query)).map(presentContact),
    get: async ({ auth, params }) => presentContact(await getContact(deps, auth, params.id)),
    history: async ({ auth, params, query }) =>
      presentHistoryPage(await listContactHistory(deps, auth, params.id, query)),
    update: async ({ auth, params, body, origin }) =>
      presentContact(await updateContact(deps, auth, params.id, body, origin)),
    deletion: async ({ auth, params }) => getContactDeletion(deps, auth, params.id),
    delete: async ({ auth, params, origin }) => {
      await deleteContact(deps, auth, params.id, origin);
      return null;
    },
  };
}
