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
import { countryRoutes } from './domains/country/country.routes';
import { folderRoutes } from './domains/folder/folder.routes';
import { notifyRoutes } from './domains/notify/notify.routes';
import { operationLogRoutes } from './domains/operation-log/operation-log.routes';
import { permissionRoutes } from './domains/permission/permission.routes';
import { requireLevel } from './domains/permission/permission.service';
import { profileRoutes } from './domains/profile/profile.routes';
import { sessionRoutes } from './domains/session/session.routes';
import { authenticate, type SessionDeps } from './domains/session/session.service';
import { createSmsSender } from './domains/session/sms/create-sms-sender';
import type { SmsSender } from './domains/session/sms/sms-sender';
import { deriveKey } from './domains/session/token';
import { systemRoutes } from './domains/system/system.routes';
import { ensureInstance } from './domains/system/system.service';
import { teamRoutes } from './domains/team/team.routes';
import { createStorage } from './domains/upload/storage/create-storage';
import { createThumbnailQueue } from './domains/upload/thumbnail-queue';
import { uploadRoutes } from './domains/upload/upload.routes';
import { purgeStaleBlobs, type UploadDeps } from './domains/upload/upload.service';
import { ffmpegAvailable } from './domains/upload/video-poster';
import { type AccessControl, guardApiRoutes, registerApi } from './http/endpoint-router';
import { registerErrorHandling, sendRouteNotFound } from './http/error-handler';
import { generateRequestId, registerRequestIdHeader } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApps } from './http/static-apps';

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
}

/** Builds the HTTP app: conventions first, then each domain's routes. No business logic here. */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  sms,
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
  guardApiRoutes(app);
  registerRequestIdHeader(app);
  await registerSecurityHeaders(app, {
    staticHost: config.staticHost,
    storageOrigins: storage.browserOrigins,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const thumbnails = createThumbnailQueue({ db: database.db, storage, clock, log: app.log });
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
  };
  // Every route comes from the contract's endpoint map, with exactly the access it declares.
  const accessControl: AccessControl = {
    authenticate: (request) => authenticate(sessionDeps, request.headers.authorization),
    authorize: (auth, key, level) => requireLevel({ db: database.db }, auth, key, level),
  };
  await registerApi(
    app,
    endpoints,
    {
      system: systemRoutes({ config, database, instanceId: instance.id, log: app.log }),
      country: countryRoutes(),
      session: sessionRoutes({
        ...sessionDeps,
        smsKey: sessionDeps.keys.sms,
        sms: sms ?? createSmsSender(config.sms),
        log: app.log,
      }),
      team: teamRoutes({ db: database.db }),
      profile: profileRoutes(uploadDeps),
      permission: permissionRoutes({ db: database.db }),
      notify: notifyRoutes({ db: database.db, clock }),
      operationLog: operationLogRoutes({ db: database.db }),
      upload: uploadRoutes(uploadDeps),
      folder: folderRoutes(uploadDeps),
    },
    accessControl,
    { rawBodyLimit: config.uploadMaxBytes },
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
  // Finish thumbnails a restart interrupted; purge uploads never attached, now and hourly.
  app.addHook('onReady', async () => {
    thumbnails.schedule();
    void purgeStaleBlobs(uploadDeps).catch((error: unknown) => app.log.error({ err: error }, 'purge failed'));
  });
  const purgeTimer = setInterval(() => {
    void purgeStaleBlobs(uploadDeps).catch((error: unknown) => app.log.error({ err: error }, 'purge failed'));
  }, 3_600_000);
  purgeTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await thumbnails.stop();
  });
  return app;
}
