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
  APPS_DIR: optionalString,
  MAP_PROVIDER: z.enum(['amap', 'tencent', 'none']).default('none'),
  MAP_WEB_KEY: optionalString,
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(2_147_483_648),
  TRACKIT_BUILD_VERSION: optionalString,
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
  /** Folder holding admin/, share-mobile/, share-desktop/ builds (each with dist/). */
  appsDir: string;
  map: { provider: 'amap' | 'tencent' | 'none'; webKey: string | undefined };
  uploadMaxBytes: number;
  version: string;
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
  const parsed = envSchema.safeParse(env);
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
    appsDir: path.resolve(e.APPS_DIR ?? defaultAppsDir),
    map: { provider: e.MAP_PROVIDER, webKey: e.MAP_WEB_KEY },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    version: e.TRACKIT_BUILD_VERSION ?? defaultVersion(),
  };
}

/** apps/ of the repository, from either src/config.ts or the bundled dist/main.js. */
function defaultAppsFolder(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
}
