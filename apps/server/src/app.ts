import type { AddressInfo } from 'node:net';
import compress from '@fastify/compress';
import { API_BASE_PATH } from '@trackit/contract/constants';
import { endpoints } from '@trackit/contract/endpoints';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { z } from 'zod';
import { zhCN } from 'zod/locales';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { approvalRoutes } from './domains/approval/approval.routes';
import { calendarRoutes } from './domains/calendar/calendar.routes';
import { companyRoutes } from './domains/company/company.routes';
import { contactRoutes } from './domains/contact/contact.routes';
import { countryRoutes } from './domains/country/country.routes';
import { dashboardRoutes } from './domains/dashboard/dashboard.routes';
import { feeStatementPublicRoutes, feeStatementRoutes } from './domains/fee-statement/fee-statement.routes';
import { receivableRoutes } from './domains/finance/finance.routes';
import { folderRoutes } from './domains/folder/folder.routes';
import { financeRoutes, invoiceRoutes } from './domains/invoice/invoice.routes';
import { modelRoutes } from './domains/model/model.routes';
import { notifyRoutes } from './domains/notify/notify.routes';
import { operationLogRoutes } from './domains/operation-log/operation-log.routes';
import { orderRoutes } from './domains/order/order.routes';
import { organizationRoutes } from './domains/organization/organization.routes';
import { packageRoutes } from './domains/package/package.routes';
import { permissionRoutes } from './domains/permission/permission.routes';
import { requireLevel } from './domains/permission/permission.service';
import { profileRoutes } from './domains/profile/profile.routes';
import { bankStatementRoutes } from './domains/receipt/bank/bank-statement.routes';
import { receiptRoutes } from './domains/receipt/receipt.routes';
import { sessionRoutes } from './domains/session/session.routes';
import { authenticate, type SessionDeps } from './domains/session/session.service';
import { createSmsSender } from './domains/session/sms/create-sms-sender';
import type { SmsSender } from './domains/session/sms/sms-sender';
import { deriveKey } from './domains/session/token';
import { settlementRoutes } from './domains/settlement/settlement.routes';
import { settlementPublicRoutes, settlementShareRoutes } from './domains/settlement/settlement-share.routes';
import { shareRoutes } from './domains/share/share.routes';
import { registerShareGuard } from './domains/share/share-guard';
import { shareHeadResolver } from './domains/share/share-meta.service';
import { desktopOnlyPageOf } from './domains/share/share-paths';
import { systemRoutes } from './domains/system/system.routes';
import { ensureInstance } from './domains/system/system.service';
import { teamRoutes } from './domains/team/team.routes';
import { teamRecipientRoutes } from './domains/team-recipient/team-recipient.routes';
import { createStorage } from './domains/upload/storage/create-storage';
import { uploadRoutes } from './domains/upload/upload.routes';
import { sweepPartialUploads, type UploadDeps } from './domains/upload/upload.service';
import { ffmpegAvailable } from './domains/upload/video-poster';
import { type AccessControl, guardApiRoutes, registerApi } from './http/endpoint-router';
import { registerErrorHandling, sendRouteNotFound } from './http/error-handler';
import { LOG_SERIALIZERS } from './http/error-log';
import { generateRequestId, registerRequestIdHeader } from './http/request-id';
import { registerRequestMetrics } from './http/request-metrics';
import { literalWhenUndecodable, MAX_PARAM_LENGTH } from './http/request-url';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApps } from './http/static-apps';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { defineServerJobs, sendStartJobs } from './jobs/server-jobs';
import { openRateLimitStore } from './limits/rate-limits';
import { createMetrics } from './metrics/metrics';
import { type MetricsServer, startMetricsServer } from './metrics/metrics-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once started; null without METRICS_PORT. */
    metricsAddress(): AddressInfo | null;
    /** The job queue: started when the app is ready, stopped (handlers finished) when it closes. */
    jobs: JobQueue;
  }
}

// Validation messages of every schema, server-side, in Chinese.
z.config(zhCN());

export interface AppDependencies {
  config: Config;
  /** A migrated database (main.ts opens it; tests give their own). */
  database: DatabaseHandle;
  /** The time as the server sees it; tests move it to check expiries. */
  clock?: () => Date;
  /** Overrides the driver SMS_DRIVER names (tests capture the codes). */
  sms?: SmsSender;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the HTTP app: conventions first, then each domain's routes. No business logic here. */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  sms,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const instance = await ensureInstance(database.db);
  const secret = config.authSecret ?? instance.authSecret;
  const sessionDeps: SessionDeps = {
    db: database.db,
    clock,
    keys: {
      access: deriveKey(secret, 'access-token'),
      refresh: deriveKey(secret, 'refresh-token'),
      sms: deriveKey(secret, 'sms-code'),
    },
  };

  const { storage, disk } = createStorage(config, deriveKey(secret, 'storage-url'), clock);
  // Every rate limit counts in one store that all processes share: Redis with REDIS_URL, else the database.
  const limits = await openRateLimitStore({ redis: config.redis, db: database.db });
  // Only with METRICS_PORT: otherwise nothing is collected and the domains' counters are skipped.
  const metrics = config.metrics ? createMetrics() : undefined;

  const app = Fastify({
    logger: { level: config.logLevel, serializers: LOG_SERIALIZERS, ...(logStream && { stream: logStream }) },
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Idle sockets are dropped (between upload chunks too); slow JSON bodies, by dropSlowBodies below.
    connectionTimeout: config.idleTimeoutMs,
    // While stopping, requests still arriving on kept-alive connections are served (the database stays
    // open until every connection is gone) and told to reconnect elsewhere, rather than refused with 503.
    return503OnClosing: false,
    routerOptions: {
      // Bracket arrays (`ids[]=1&ids[]=2`) as the clients send them; depth and size bounded.
      querystringParser: (text: string) => qs.parse(text, { depth: 2, arrayLimit: 100, parameterLimit: 200 }),
      ignoreTrailingSlash: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    rewriteUrl: (request) => literalWhenUndecodable(request.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  guardApiRoutes(app);
  registerRequestIdHeader(app);
  registerShareGuard(app, { limits, perMinute: config.shareRateLimitPerMinute });
  dropSlowBodies(app, config.bodyTimeoutMs);
  const isStopping = closeConnectionsWhenStopping(app);
  registerRequestMetrics(app, { metrics, slowMs: config.slowRequestMs });
  await registerSecurityHeaders(app, {
    staticHost: config.staticHost,
    storageOrigins: storage.browserOrigins,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Every background task is a job in the database (jobs/server-jobs.ts).
  const jobs = createJobQueue({
    database,
    log: app.log,
    metrics,
    pollIntervalSeconds: config.jobPollIntervalSeconds,
  });
  const jobDeps = {
    db: database.db,
    storage,
    clock,
    log: app.log,
    metrics,
    maintain: () => database.maintain(),
    purgeRateLimits: () => limits.purgeExpired(),
  };
  const thumbnails = defineServerJobs(jobs, jobDeps);
  app.decorate('jobs', jobs);
  const uploadDeps: UploadDeps = {
    db: database.db,
    storage,
    disk,
    clock,
    blobKey: deriveKey(secret, 'blob-id'),
    maxBytes: config.uploadMaxBytes,
    log: app.log,
    thumbnails,
    videoPosters: ffmpegAvailable(),
    metrics,
  };
  metrics?.watchDatabasePool(() => database.poolUsage());
  metrics?.watchQueueDepths(async () =>
    (await jobs.counts()).map(({ queue, waiting }) => ({ queue, depth: waiting })),
  );
  // Every route comes from the contract's endpoint map, with exactly the access it declares.
  const accessControl: AccessControl = {
    authenticate: (request) => authenticate(sessionDeps, request.headers.authorization),
    authorize: (auth, key, level) => requireLevel({ db: database.db }, auth, key, level),
  };
  await registerApi(
    app,
    endpoints,
    {
      system: systemRoutes({
        config,
        database,
        instanceId: instance.id,
        log: app.log,
        probeStorage: () => storage.probe(),
        isStopping,
      }),
      country: countryRoutes(),
      session: sessionRoutes({
        ...sessionDeps,
        smsKey: sessionDeps.keys.sms,
        sms: sms ?? createSmsSender(config.sms),
        log: app.log,
        metrics,
      }),
      team: teamRoutes({ db: database.db }),
      profile: profileRoutes(uploadDeps),
      permission: permissionRoutes({ db: database.db }),
      notify: notifyRoutes({ db: database.db, clock }),
      operationLog: operationLogRoutes({ db: database.db }),
      organization: organizationRoutes({ db: database.db, clock }),
      upload: uploadRoutes(uploadDeps),
      folder: folderRoutes(uploadDeps),
      model: modelRoutes(uploadDeps),
      company: companyRoutes({ db: database.db, clock }),
      teamRecipient: teamRecipientRoutes({ db: database.db, clock }),
      contact: contactRoutes({ db: database.db, clock }),
      package: packageRoutes(uploadDeps),
      share: shareRoutes(uploadDeps),
      order: orderRoutes({ ...uploadDeps, map: config.map }),
      calendar: calendarRoutes(uploadDeps),
      dashboard: dashboardRoutes({ db: database.db, clock }),
      approval: approvalRoutes({ db: database.db, clock }),
      invoice: invoiceRoutes(uploadDeps),
      finance: financeRoutes({ db: database.db }),
      // Receipts (issue 23, payments received).
      receipt: receiptRoutes({ db: database.db, clock }),
      receivable: receivableRoutes({ db: database.db, clock }),
      // Bank statement import (issue 35).
      bankStatement: bankStatementRoutes({ db: database.db, clock }),
      feeStatement: feeStatementRoutes({ db: database.db, clock }),
      feeStatementPublic: feeStatementPublicRoutes({ db: database.db, clock }),
      // Model settlements (issue 24, 模特结算).
      settlement: settlementRoutes({ db: database.db, clock }),
      settlementShare: settlementShareRoutes({ db: database.db, clock }),
      settlementPublic: settlementPublicRoutes({ db: database.db, clock }),
    },
    accessControl,
    { rawBodyLimit: config.uploadMaxBytes },
  );

  const appFallback = await registerStaticApps(app, {
    appsDir: config.appsDir,
    staticHost: config.staticHost,
    headOf: shareHeadResolver(uploadDeps),
    movedTo: desktopOnlyPageOf,
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE_PATH}/`) || request.url === API_BASE_PATH) {
      return sendRouteNotFound(reply);
    }
    return appFallback(request, reply) ?? sendRouteNotFound(reply);
  });
  // Partial files a crash left in this process's upload folder: swept by each process, now and hourly (a
  // local folder, not a database job: another host's processes cannot see it).
  const sweepPartials = () =>
    void sweepPartialUploads(uploadDeps).catch((error: unknown) =>
      app.log.error({ err: error }, 'sweep of partial uploads failed'),
    );
  // Prometheus scrapes a listener of its own, never the public port.
  let metricsServer: MetricsServer | undefined;
  app.decorate('metricsAddress', () => metricsServer?.address() ?? null);
  app.addHook('onReady', async () => {
    if (metrics && config.metrics) {
      metricsServer = await startMetricsServer(metrics.registry, config.metrics, (error) =>
        app.log.error({ err: error }, 'metrics scrape failed'),
      );
    }
    await jobs.start();
    // One option sweep, daily round and clean-up now, and the thumbnails a restart left unmade.
    await sendStartJobs(jobs, thumbnails, jobDeps);
    sweepPartials();
  });
  const sweepTimer = setInterval(sweepPartials, 3_600_000);
  sweepTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    // Running handlers finish before the database closes (main.ts closes it after the app).
    await jobs.stop();
    await metricsServer?.close();
    await limits.close();
  });
  return app;
}

/**
 * A body trickled a byte every few seconds must not hold a connection forever. A body read into memory
 * (JSON) gets `timeoutMs` from the request's start, whatever the route's answer; the streamed upload PUT is
 * left to the idle time-out, as a large file on a slow link may rightly take hours. (An answer sent before
 * its request's body is all in, such as a refusal, already closes the connection: Node reads no more.)
 */
function dropSlowBodies(app: FastifyInstance, timeoutMs: number) {
  app.addHook('onRequest', async (request) => {
    if (request.raw.complete || request.routeOptions.config.endpoint?.rawBody) return;
    const timer = setTimeout(() => {
      if (request.raw.complete) return; // all in, just not read yet: the connection may serve others now
      request.log.info({ timeoutMs }, 'request body not received in time: connection dropped');
      request.raw.socket.destroy();
    }, timeoutMs);
    const done = () => clearTimeout(timer);
    request.raw.once('end', done);
    request.raw.once('close', done);
  });
}

/**
 * Once app.close() has begun, every answer says `Connection: close` and each connection is closed as
 * soon as it is idle: Fastify only closes the connections idle at the moment close begins, so one that
 * was busy then would otherwise stay kept-alive and hold the shutdown until the process is killed.
 * Answers whether close has begun (the readiness check says so at once).
 */
function closeConnectionsWhenStopping(app: FastifyInstance): () => boolean {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  // An answer whose headers left before close began (a long download) ends kept-alive: close it after.
  app.addHook('onResponse', async () => {
    if (stopping) setImmediate(() => app.server.closeIdleConnections());
  });
  return () => stopping;
}
