import { z } from 'zod';

/** GET /storm_api/health */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'error']),
  database_driver: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** Id of this installation's database: the same across restarts, new for a fresh database. */
  instance_id: z.string(),
  uptime_seconds: z.number().int(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /storm_api/health/live: the process answers (no database call). */
export const livenessSchema = z.object({
  status: z.literal('alive'),
  version: z.string(),
  uptime_seconds: z.number().int(),
});
export type Liveness = z.infer<typeof livenessSchema>;

/** The checks of GET /storm_api/health/ready, each passed or not. */
export const READINESS_CHECKS = ['database', 'storage', 'migrations', 'accepting'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/**
 * GET /storm_api/health/ready: whether this process should be sent requests. `checks`: the database and
 * the file store answer, the database's migrations are applied up to this build's latest, the process is
 * not shutting down; `failed` lists those that did not hold (HTTP 503 when any).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'error']),
    storage: z.enum(['ok', 'error']),
    migrations: z.enum(['ok', 'pending', 'error']),
    accepting: z.enum(['ok', 'shutting_down']),
  }),
  failed: z.array(z.enum(READINESS_CHECKS)),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /storm_api/v1/configs: what the apps need to know about this installation; no secrets. */
export const configsSchema = z.object({
  product_name: z.string(),
  product_name_zh: z.string(),
  version: z.string(),
  /** Origin fronting static assets and files (docs/product.md §1 {host}); empty when this server serves them. */
  static_host: z.string(),
  upload: z.object({
    max_bytes: z.number().int(),
    chunk_size: z.number().int(),
    content_types: z.array(z.string()),
  }),
  sms: z.object({
    resend_interval_seconds: z.number().int(),
    code_length: z.number().int(),
  }),
  map: z.object({
    provider: z.enum(['amap', 'tencent', 'none']),
    /** The browser key of the map provider (a public key by design); never a server secret. */
    web_key: z.string(),
  }),
});
export type Configs = z.infer<typeof configsSchema>;

/** GET /storm_api/v1/countries: ISO 3166-1 alpha-2 code → Chinese name. */
export const countriesSchema = z.object({
  countries: z.record(z.string().regex(/^[A-Z]{2}$/), z.string()),
});
export type Countries = z.infer<typeof countriesSchema>;
