import compress from '@fastify/compress';
import { API_BASE_PATH } from '@trackit/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import { z } from 'zod';
import { zhCN } from 'zod/locales';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerCountryRoutes } from './domains/country/country.routes';
import { ensureInstance } from './domains/system/system.repository';
import { registerConfigRoutes, registerHealthRoutes } from './domains/system/system.routes';
import { registerErrorHandling, sendRouteNotFound } from './http/error-handler';
import { generateRequestId, registerRequestIdHeader } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApps } from './http/static-apps';

// Validation messages of every schema, server-side, in Chinese.
z.config(zhCN());

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

/** Opens nothing itself: the caller gives it a migrated database (main.ts, or a test's). */

/** Builds the HTTP app: conventions first, then each domain's routes. No business logic here. */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const instanceId = await ensureInstance(database.db);
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: {
      // Bracket arrays (`ids[]=1&ids[]=2`) as the clients send them; depth and size bounded.
      querystringParser: (text: string) => qs.parse(text, { depth: 2, arrayLimit: 100, parameterLimit: 200 }),
      ignoreTrailingSlash: true,
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  await registerSecurityHeaders(app, { staticHost: config.staticHost });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(
    async (api) => {
      registerHealthRoutes(api.withTypeProvider<ZodTypeProvider>(), { config, database, instanceId });
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(
    async (scope) => {
      const v1 = scope.withTypeProvider<ZodTypeProvider>();
      registerConfigRoutes(v1, { config });
      registerCountryRoutes(v1);
    },
    { prefix: `${API_BASE_PATH}/v1` },
  );

  const appFallback = await registerStaticApps(app, {
    appsDir: config.appsDir,
    staticHost: config.staticHost,
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE_PATH}/`) || request.url === API_BASE_PATH) {
      return sendRouteNotFound(reply);
    }
    return appFallback(request, reply) ?? sendRouteNotFound(reply);
  });
  return app;
}
