import { envelopeSchema } from '@trackit/contract/envelope';
import { profileSchema, profileUpdateSchema } from '@trackit/contract/session.schema';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { authOf, originOf } from '../../http/request-context';
import { isAvatarInUse } from '../team/team.repository';
import type { BlobStorage } from '../upload/storage/blob-storage';
import { findBlob } from '../upload/upload.repository';
import { AVATAR_ROUTE } from './avatar';
import { presentProfile } from './profile.presenter';
import { getProfile, type ProfileDeps, updateProfile } from './profile.service';

export function registerProfileRoutes(api: ApiRouter, deps: ProfileDeps) {
  api.get('/profile', { schema: { response: { 200: envelopeSchema(profileSchema) } } }, async (request) =>
    ok(presentProfile(await getProfile(deps, authOf(request)))),
  );

  api.patch(
    '/profile',
    { schema: { body: profileUpdateSchema, response: { 200: envelopeSchema(profileSchema) } } },
    async (request) =>
      ok(presentProfile(await updateProfile(deps, authOf(request), request.body, originOf(request)))),
  );
}

/** Stable avatar addresses (kept in memberships) answering with a redirect to a freshly signed one. */
export function registerAvatarRoutes(api: ApiRouter, deps: { db: Database; storage: BlobStorage }) {
  api.get(
    '/avatars/:blobId',
    {
      config: { public: true },
      schema: {
        params: z.object({ blobId: z.uuid() }),
        querystring: z.object({ size: z.enum(['thumb']).optional() }),
      },
    },
    async (request, reply) => {
      const avatar = `${AVATAR_ROUTE}/${request.params.blobId}`;
      const blob = (await isAvatarInUse(deps.db, avatar))
        ? await findBlob(deps.db, request.params.blobId)
        : undefined;
      if (!blob) throw new AppError('notFound');
      const thumb = request.query.size === 'thumb';
      const url = await deps.storage.presignGet({
        key: thumb ? `${blob.key}.avatar.webp` : blob.key,
        contentType: thumb ? 'image/webp' : blob.contentType,
        expiresInSeconds: 3600,
      });
      return reply.header('cache-control', 'private, max-age=300').redirect(url, 302);
    },
  );
}
