import { envelopeSchema } from '@trackit/contract/envelope';
import { countriesSchema } from '@trackit/contract/system.schema';
import type { ApiRouter } from '../../http/api-router';
import { ok } from '../../http/envelope';
import { COUNTRIES } from './countries.data';

/** GET /v1/countries: every ISO 3166-1 country and region, code → Chinese name (nationality pickers). */
export function registerCountryRoutes(api: ApiRouter) {
  const answer = ok({ countries: COUNTRIES });
  api.get(
    '/countries',
    { config: { public: true }, schema: { response: { 200: envelopeSchema(countriesSchema) } } },
    async (_request, reply) => {
      // The list changes only with a deployment.
      reply.header('cache-control', 'public, max-age=3600');
      return answer;
    },
  );
}
