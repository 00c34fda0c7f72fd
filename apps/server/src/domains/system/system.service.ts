/** The installation itself: its identity and secret, health, public settings and the API's description. */
import { CODE_LENGTH, CODE_RESEND_SECONDS, UPLOAD_CHECKSUM_CHUNK_BYTES } from '@trackit/contract/constants';
import { endpoints } from '@trackit/contract/endpoints';
import { notReady, PRODUCT_NAME, PRODUCT_NAME_ZH, READINESS_MESSAGES } from '@trackit/contract/messages';
import {
  type Configs,
  type Health,
  type Liveness,
  READINESS_CHECKS,
  type Readiness,
} from '@trackit/contract/system.schema';
import { UPLOAD_CONTENT_TYPES } from '@trackit/contract/upload';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { migrationsApplied } from '../../db/migrate';
import { AppError } from '../../http/app-error';
import { buildOpenApiDocument } from '../../http/openapi';
import { generateSecret } from '../session/token';
import { findInstance, type InstanceRow, insertInstance } from './system.repository';

export interface SystemDeps {
  config: Config;
  database: DatabaseHandle;
  instanceId: string;
  log: FastifyBaseLogger;
  /** Throws when the file store does not answer. */
  probeStorage: () => Promise<void>;
  /** True once the server has begun to stop. */
  isStopping: () => boolean;
}

const startedAt = Date.now();
const uptimeSeconds = () => Math.floor((Date.now() - startedAt) / 1000);

/** The installation's record, created with the first start on an empty database. */
export async function ensureInstance(db: DatabaseHandle['db']): Promise<InstanceRow> {
  const existing = await findInstance(db);
  if (existing) return existing;
  // Two processes starting at once may both insert; every one of them uses the first row.
  await insertInstance(db, generateSecret());
  const created = await findInstance(db);
  if (!created) throw new Error('could not record the installation');
  return created;
}

/** GET /storm_api/health: for load balancers and monitors; 503 (with the same data) while the database is down. */
export async function checkHealth(deps: SystemDeps): Promise<Health> {
  let databaseUp = true;
  try {
    await deps.database.ping();
  } catch (error) {
    databaseUp = false;
    deps.log.error({ err: error }, 'health: database does not answer');
  }
  const health: Health = {
    status: databaseUp ? 'ok' : 'degraded',
    database: databaseUp ? 'ok' : 'error',
    database_driver: deps.database.driver,
    version: deps.config.version,
    instance_id: deps.instanceId,
    uptime_seconds: uptimeSeconds(),
  };
  if (!databaseUp) throw new AppError('serviceUnavailable', { data: health });
  return health;
}

/** GET /storm_api/health/live: the process answers; nothing else is looked at. */
export function checkLiveness(deps: Pick<SystemDeps, 'config'>): Liveness {
  return { status: 'alive', version: deps.config.version, uptime_seconds: uptimeSeconds() };
}

/** Runs a check; a failure is logged (not answered: the answer only names the check). */
async function passes(deps: SystemDeps, name: string, check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    deps.log.error({ err: error, check: name }, 'readiness: check failed');
    return false;
  }
}

/** Whether this build's migrations are all applied: `error` when that cannot be read. */
async function migrationState(deps: SystemDeps): Promise<Readiness['checks']['migrations']> {
  try {
    return (await migrationsApplied(deps.database)) ? 'ok' : 'pending';
  } catch (error) {
    deps.log.error({ err: error, check: 'migrations' }, 'readiness: check failed');
    return 'error';
  }
}

/**
 * GET /storm_api/health/ready: whether a load balancer should send this process requests. 503, with the
 * checks and the failed ones named, when the database or the store does not answer, a migration of this
 * build is not applied, or the server has begun to stop (at once: requests in flight still finish).
 */
export async function checkReadiness(deps: SystemDeps): Promise<Readiness> {
  const stopping = deps.isStopping();
  const [databaseUp, storageUp] = await Promise.all([
    passes(deps, 'database', () => deps.database.ping()),
    passes(deps, 'storage', () => deps.probeStorage()),
  ]);
  const migrations = databaseUp ? await migrationState(deps) : 'error';
  const checks: Readiness['checks'] = {
    database: databaseUp ? 'ok' : 'error',
    storage: storageUp ? 'ok' : 'error',
    migrations,
    accepting: stopping || deps.isStopping() ? 'shutting_down' : 'ok',
  };
  const failed = READINESS_CHECKS.filter((name) => checks[name] !== 'ok');
  const readiness: Readiness = { status: failed.length ? 'not_ready' : 'ready', checks, failed };
  if (failed.length) {
    const message = notReady(failed.map((name) => READINESS_MESSAGES[name]));
    throw new AppError('serviceUnavailable', { message, data: readiness });
  }
  return readiness;
}

/** GET /v1/configs: what the apps need to know about this installation; no secrets. */
export function publicConfigs(config: Config): Configs {
  return {
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
}

let openApiDocument: { version: string; text: string } | undefined;

/** GET /storm_api/openapi.json, generated once per version from the endpoint map. */
export function openApiJson(config: Config): string {
  if (openApiDocument?.version !== config.version) {
    const document = buildOpenApiDocument(endpoints, config.version);
    openApiDocument = { version: config.version, text: JSON.stringify(document) };
  }
  return openApiDocument.text;
}
