import type { Endpoints } from '@trackit/contract/endpoints';
import { AppError } from '../../http/app-error';
import type { Handlers } from '../../http/endpoint-router';
import { referenceAsset, referencePage } from './api-reference';
import {
  checkHealth,
  checkLiveness,
  checkReadiness,
  openApiJson,
  publicConfigs,
  type SystemDeps,
} from './system.service';

export function systemRoutes(deps: SystemDeps): Handlers<Endpoints['system']> {
  return {
    health: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return checkHealth(deps);
    },
    live: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return checkLiveness(deps);
    },
    ready: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return checkReadiness(deps);
    },
    configs: async () => publicConfigs(deps.config),
    openapi: async ({ reply }) =>
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(openApiJson(deps.config)),
    reference: async ({ reply }) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(referencePage()),
    referenceAsset: async ({ params, reply }) => {
      const asset = await referenceAsset(params['*']);
      if (!asset) throw new AppError('notFound');
      return reply.type(asset.contentType).header('cache-control', 'public, max-age=3600').send(asset.body);
    },
  };
}
