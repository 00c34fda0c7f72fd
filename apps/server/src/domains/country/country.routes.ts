import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { listCountries } from './country.service';

export function countryRoutes(): Handlers<Endpoints['country']> {
  return {
    list: async ({ reply }) => {
      // The list changes only with a deployment.
      reply.header('cache-control', 'public, max-age=3600');
      return listCountries();
    },
  };
}
