import { envelopeSchema } from '@trackit/contract/envelope';
import {
  directUploadRequestSchema,
  directUploadResponseSchema,
  fileCreateSchema,
  fileSchema,
} from '@trackit/contract/upload.schema';
import type { ApiRouter } from '../../http/api-router';
import { ok } from '../../http/envelope';
import { authOf, originOf } from '../../http/request-context';
import { requirePermission } from '../permission/permission.guard';
import { presentFile } from './file.presenter';
import type { ThumbnailQueue } from './thumbnail-queue';
import { attachFile, createDirectUpload, type UploadDeps } from './upload.service';

export function registerUploadRoutes(api: ApiRouter, deps: UploadDeps & { thumbnails: ThumbnailQueue }) {
  // Any signed-in member may upload (their own avatar too); attaching to a folder needs the folder rights.
  api.post(
    '/direct_uploads',
    {
      schema: {
        body: directUploadRequestSchema,
        response: { 200: envelopeSchema(directUploadResponseSchema) },
      },
    },
    async (request) => ok(await createDirectUpload(deps, authOf(request), request.body)),
  );

  api.post(
    '/files',
    {
      preHandler: requirePermission(deps.db, 'data_management', 'edit'),
      schema: { body: fileCreateSchema, response: { 200: envelopeSchema(fileSchema) } },
    },
    async (request) => {
      const { file, blobKey } = await attachFile(deps, authOf(request), request.body, originOf(request));
      if (file.thumbnailState === 'pending') deps.thumbnails.schedule();
      return ok(await presentFile(deps.storage, { ...file, blobKey }));
    },
  );
}
