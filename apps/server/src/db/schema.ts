/**
 * The one drizzle schema, for PGlite and PostgreSQL alike. Each domain's tables live in its own
 * `<domain>.tables.ts` beside its repository; this file gathers them for drizzle and drizzle-kit.
 */
export * from '../domains/system/system.tables';
