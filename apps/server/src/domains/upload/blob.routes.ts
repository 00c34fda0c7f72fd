import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import type { DiskStorage, PutRefusal } from './storage/disk-storage';

const REFUSALS: Record<PutRefusal, AppError> = {
  forged: new AppError('forbidden', { message: UPLOAD_MESSAGES.badUploadAddress }),
  expired: new AppError('forbidden', { message: UPLOAD_MESSAGES.badUploadAddress }),
  exists: new AppError('conflict', { message: UPLOAD_MESSAGES.alreadyStored }),
  size: new AppError('badRequest', { message: UPLOAD_MESSAGES.contentMismatch }),
  checksum: new AppError('badRequest', { message: UPLOAD_MESSAGES.contentMismatch }),
};

const putQuery = z.object({
  expires: z.coerce.number().int(),
  size: z.coerce.number().int().positive(),
  signature: z.string().max(100),
});
const getQuery = z.object({
  expires: z.coerce.number().int(),
  type: z.string().max(255),
  name: z.string().max(255).optional(),
  signature: z.string().max(100),
});

/**
 * The disk driver's pre-signed addresses: PUT streams the body to disk (refused, nothing kept, unless
 * signature, expiry, size and MD5 all hold), GET streams a stored file. The signature is the
 * authorisation, so both are public routes.
 */
export async function registerBlobRoutes(
  app: FastifyInstance,
  deps: { storage: DiskStorage; maxBytes: number },
) {
  await app.register(async (scope) => {
    // Upload bodies arrive as raw streams of any type, only on these routes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const api = scope as unknown as ApiRouter;

    api.put(
      '/storm_api/v1/blobs/*',
      { config: { public: true }, bodyLimit: deps.maxBytes, schema: { querystring: putQuery } },
      async (request) => {
        const key = (request.params as { '*': string })['*'];
        const contentType = request.headers['content-type'];
        const checksum = request.headers['content-md5'];
        if (typeof contentType !== 'string' || typeof checksum !== 'string') throw REFUSALS.forged;
        const refusal = await deps.storage.verifyAndStore(
          {
            key,
            expires: request.query.expires,
            byteSize: request.query.size,
            contentType,
            checksum,
            signature: request.query.signature,
          },
          request.body as NodeJS.ReadableStream as import('node:stream').Readable,
        );
        if (refusal) throw REFUSALS[refusal];
        return ok(null);
      },
    );

    api.get(
      '/storm_api/v1/blobs/*',
      { config: { public: true }, schema: { querystring: getQuery } },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const { expires, type, name, signature } = request.query;
        const valid = deps.storage.verifyGet({
          key,
          expires,
          contentType: type,
          downloadName: name ?? '',
          signature,
        });
        if (!valid) throw new AppError('forbidden', { message: UPLOAD_MESSAGES.badDownloadAddress });
        const stored = await deps.storage.stat(key);
        if (!stored) throw new AppError('notFound', { message: UPLOAD_MESSAGES.fileMissing });
        const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
        reply
          .type(type)
          .header('content-length', String(stored.byteSize))
          .header('cache-control', `private, max-age=${maxAge}`)
          .header(
            'content-disposition',
            name ? `attachment; filename*=UTF-8''${encodeURIComponent(name)}` : 'inline',
          )
          // An uploaded SVG or HTML opened directly must not run script on our origin.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          );
        return reply.send(await deps.storage.read(key));
      },
    );
  });
}
