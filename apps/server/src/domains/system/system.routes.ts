import { CODE_LENGTH, CODE_RESEND_SECONDS, UPLOAD_CHECKSUM_CHUNK_BYTES } from '@trackit/contract/constants';
import { envelopeSchema } from '@trackit/contract/envelope';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import { PRODUCT_NAME, PRODUCT_NAME_ZH } from '@trackit/contract/messages';
import { configsSchema, healthSchema } from '@trackit/contract/system.schema';
import { UPLOAD_CONTENT_TYPES } from '@trackit/contract/upload';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { ApiRouter } from '../../http/api-router';
import { failure, ok } from '../../http/envelope';

const startedAt = Date.now();

/** GET /storm_api/health: for load balancers and monitors; 503 while the database does not answer. */
export function registerHealthRoutes(
  api: ApiRouter,
  deps: { config: Config; database: DatabaseHandle; instanceId: string },
) {
  api.get(
    '/health',
    { schema: { response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) } } },
    async (request, reply) => {
      let databaseUp = true;
      try {
        await deps.database.ping();
      } catch (error) {
        databaseUp = false;
        request.log.error({ err: error }, 'health: database does not answer');
      }
      const health = {
        status: databaseUp ? ('ok' as const) : ('degraded' as const),
        database: databaseUp ? ('ok' as const) : ('error' as const),
        database_driver: deps.database.driver,
        version: deps.config.version,
        instance_id: deps.instanceId,
        uptime_seconds: Math.floor((Date.now() - startedAt) / 1000),
      };
      reply.header('cache-control', 'no-store');
      if (databaseUp) return ok(health);
      const unavailable = ERROR_CATALOGUE.serviceUnavailable;
      return reply
        .status(unavailable.status)
        .send(failure(unavailable.code, unavailable.message, health) as never);
    },
  );
}

/** GET /v1/configs: public settings of this installation, read by all three apps at start. */
export function registerConfigRoutes(api: ApiRouter, deps: { config: Config }) {
  const { config } = deps;
  const configs = {
    product_name: PRODUCT_NAME,
    product_name_zh: PRODUCT_NAME_ZH,
    version: config.version,
    static_host: config.staticHost ?? '',
    upload: {
      max_bytes: config.uploadMaxBytes,
      chunk_size: UPLOAD_CHECKSUM_CHUNK_BYTES,
      content_types: [...UPLOAD_CONTENT_TYPES],
    },
    sms: { resend_interval_seconds: CODE_RESEND_SECONDS, code_length: CODE_LENGTH },
    map: { provider: config.map.provider, web_key: config.map.webKey ?? '' },
  };
  api.get(
    '/configs',
    { config: { public: true }, schema: { response: { 200: envelopeSchema(configsSchema) } } },
    async () => ok(configs),
  );
}
