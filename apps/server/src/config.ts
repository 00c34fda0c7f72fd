import path from 'node:path';
import { z } from 'zod';

declare const __BUILD_VERSION__: string | undefined;

/** The build's version tag: baked in by the production build, else from the environment, else 'dev'. */
function defaultVersion(): string {
  if (typeof __BUILD_VERSION__ !== 'undefined') return __BUILD_VERSION__;
  return process.env.TRACKIT_BUILD_VERSION ?? 'dev';
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalString,
  STATIC_HOST: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://cdn.example.com' })
      .optional(),
  ),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  // At most 10 minutes: partial uploads untouched for an hour are taken for a crash's leftovers.
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  APPS_DIR: optionalString,
  MAP_PROVIDER: z.enum(['amap', 'tencent', 'none']).default('none'),
  MAP_WEB_KEY: optionalString,
  // The provider's server key for the place search (GET /v1/places); a secret, never sent to the apps.
  MAP_KEY: optionalString,
  // Another origin for the provider's API (a proxy, or a stand-in in tests).
  MAP_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://restapi.amap.com' })
      .optional(),
  ),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(2_147_483_648),
  // Public share calls (package pages, picks, views) one client address may make per minute.
  SHARE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  // Where every rate limit keeps its counts, shared by all processes; unset: the database (PGlite or
  // PostgreSQL).
  REDIS_URL: optionalString.pipe(
    z
      .url({
        protocol: /^rediss?$/,
        error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      })
      .optional(),
  ),
  // Put before every key the limits write in Redis, so deployments sharing one Redis keep apart.
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(64).default('trackit:'),
  // Prometheus metrics at /metrics on a listener of their own; unset: no listener, nothing collected.
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  // Interface of the metrics listener; unset: the same as HOST.
  METRICS_HOST: optionalString,
  // A request answered after this long is logged at warn level with its route.
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  // How often an idle job worker looks for jobs other processes sent (pg-boss allows 0.5 at least).
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(3600).default(2),
  TRACKIT_BUILD_VERSION: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMS_DRIVER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
  ALIYUN_SMS_ACCESS_KEY_ID: optionalString,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalString,
  ALIYUN_SMS_SIGN_NAME: optionalString,
  ALIYUN_SMS_TEMPLATE_CODE: optionalString,
  ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: optionalString,
  TENCENT_SMS_SECRET_KEY: optionalString,
  TENCENT_SMS_SDK_APP_ID: optionalString,
  TENCENT_SMS_SIGN_NAME: optionalString,
  TENCENT_SMS_TEMPLATE_ID: optionalString,
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_PUBLIC_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
});

/** The variables each SMS driver cannot work without. */
const SMS_DRIVER_VARIABLES = {
  console: [],
  aliyun: [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
  ],
  tencent: [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_ID',
  ],
} as const;

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
  }
  for (const name of SMS_DRIVER_VARIABLES[env.SMS_DRIVER]) {
    if (!env[name])
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `required when SMS_DRIVER=${env.SMS_DRIVER}`,
      });
  }
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  /** What Fastify's trustProxy gets: false (use the socket's address) or the proxies to believe. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Origin (no trailing slash) that fronts the apps' hashed assets, if any. */
  staticHost: string | undefined;
  bodyLimitBytes: number;
  /**
   * Time to receive a whole request body that is read into memory (JSON); the streamed upload PUT,
   * which may take hours on a slow link, is bounded by the idle time-out instead.
   */
  bodyTimeoutMs: number;
  /** A connection that sends and receives nothing for this long is dropped (between upload chunks too). */
  idleTimeoutMs: number;
  /** Folder holding admin/, share-mobile/, share-desktop/ builds (each with dist/). */
  appsDir: string;
  /**
   * The map provider: `webKey` is the browser's (public) key, `key` the server's for the place search,
   * `baseUrl` (no trailing slash) replaces the provider's own origin when set.
   */
  map: {
    provider: 'amap' | 'tencent' | 'none';
    webKey: string | undefined;
    key: string | undefined;
    baseUrl: string | undefined;
  };
  uploadMaxBytes: number;
  /** Public share calls one client address may make per minute. */
  shareRateLimitPerMinute: number;
  /**
   * Where the rate limits keep their counts: this Redis (keys under `keyPrefix`) when REDIS_URL is set,
   * else undefined, and the database holds them.
   */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Where Prometheus scrapes /metrics; undefined: no metrics at all. Never the public port. */
  metrics: { host: string; port: number } | undefined;
  /** A request that takes longer is logged at warn level (route, status, duration). */
  slowRequestMs: number;
  /** How often an idle job worker looks for jobs sent by other processes. */
  jobPollIntervalSeconds: number;
  version: string;
  /** Signs tokens and code hashes; when unset, a secret kept in the database is used. */
  authSecret: string | undefined;
  sms: SmsConfig;
  storage: StorageConfig;
}

export type StorageConfig =
  | { driver: 'disk' }
  | {
      driver: 's3';
      endpoint: string | undefined;
      publicEndpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE_DRIVER === 'disk') return { driver: 'disk' };
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    publicEndpoint: e.S3_PUBLIC_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET ?? '',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

export type SmsConfig =
  | { driver: 'console' }
  | {
      driver: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    }
  | {
      driver: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
    };

function smsConfig(e: z.infer<typeof envSchema>): SmsConfig {
  // The superRefine above guarantees the variables of the chosen driver are present.
  const value = (text: string | undefined) => text ?? '';
  if (e.SMS_DRIVER === 'aliyun') {
    return {
      driver: 'aliyun',
      accessKeyId: value(e.ALIYUN_SMS_ACCESS_KEY_ID),
      accessKeySecret: value(e.ALIYUN_SMS_ACCESS_KEY_SECRET),
      signName: value(e.ALIYUN_SMS_SIGN_NAME),
      templateCode: value(e.ALIYUN_SMS_TEMPLATE_CODE),
      endpoint: e.ALIYUN_SMS_ENDPOINT,
    };
  }
  if (e.SMS_DRIVER === 'tencent') {
    return {
      driver: 'tencent',
      secretId: value(e.TENCENT_SMS_SECRET_ID),
      secretKey: value(e.TENCENT_SMS_SECRET_KEY),
      sdkAppId: value(e.TENCENT_SMS_SDK_APP_ID),
      signName: value(e.TENCENT_SMS_SIGN_NAME),
      templateId: value(e.TENCENT_SMS_TEMPLATE_ID),
      region: e.TENCENT_SMS_REGION,
    };
  }
  return { driver: 'console' };
}

export class ConfigError extends Error {}

/** Parses TRUST_PROXY: a hop count, or a comma-separated list of addresses, CIDRs or proxy-addr names. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Reads the environment once, at start. Unknown or bad values stop the server with a clear message. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaultAppsDir = defaultAppsFolder(),
): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    staticHost: e.STATIC_HOST?.replace(/\/+$/, ''),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    appsDir: path.resolve(e.APPS_DIR ?? defaultAppsDir),
    map: {
      provider: e.MAP_PROVIDER,
      webKey: e.MAP_WEB_KEY,
      key: e.MAP_KEY,
      baseUrl: e.MAP_BASE_URL?.replace(/\/+$/, ''),
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    shareRateLimitPerMinute: e.SHARE_RATE_LIMIT_PER_MINUTE,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    metrics:
      e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST ?? e.HOST, port: e.METRICS_PORT },
    slowRequestMs: e.SLOW_REQUEST_MS,
    jobPollIntervalSeconds: e.JOB_POLL_INTERVAL_SECONDS,
    version: e.TRACKIT_BUILD_VERSION ?? defaultVersion(),
    authSecret: e.AUTH_SECRET,
    sms: smsConfig(e),
    storage: storageConfig(e),
  };
}

/** apps/ of the repository, from either src/config.ts or the bundled dist/main.js. */
function defaultAppsFolder(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
}
