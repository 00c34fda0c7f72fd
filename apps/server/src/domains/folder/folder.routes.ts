import { envelopeSchema } from '@trackit/contract/envelope';
import { folderCreateSchema, folderSchema } from '@trackit/contract/folder.schema';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { fileSchema } from '@trackit/contract/upload.schema';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { pageQuerySchema, pageWindow, sendPage } from '../../http/pagination';
import { authOf, originOf } from '../../http/request-context';
import { byMember, recordOperation } from '../operation-log/operation-log.repository';
import { requirePermission } from '../permission/permission.guard';
import { presentFile } from '../upload/file.presenter';
import type { BlobStorage } from '../upload/storage/blob-storage';
import { presentFolder } from './folder.presenter';
import { findFolder, insertFolder, listFolderFiles, listFolders } from './folder.repository';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Folders and their files (domain.md "Folder"); the rest of the folder pages arrive with the information issue. */
export function registerFolderRoutes(
  api: ApiRouter,
  deps: { db: Database; storage: BlobStorage; clock: () => Date },
) {
  const canRead = requirePermission(deps.db, 'data_management', 'read');
  const canEdit = requirePermission(deps.db, 'data_management', 'edit');
  const folderOrNotFound = async (teamId: number, id: number) => {
    const folder = await findFolder(deps.db, teamId, id);
    if (!folder) throw new AppError('notFound', { message: UPLOAD_MESSAGES.folderNotFound });
    return folder;
  };

  api.post(
    '/folders',
    {
      preHandler: canEdit,
      schema: { body: folderCreateSchema, response: { 200: envelopeSchema(folderSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      const now = deps.clock();
      const folder = await deps.db.transaction(async (tx) => {
        const created = await insertFolder(tx, {
          teamId: auth.teamId,
          name: request.body.name,
          modelId: request.body.model_id ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const origin = originOf(request);
        await recordOperation(tx, {
          action: 'folder_create',
          ...byMember(auth, origin, now),
          targetType: 'folder',
          targetId: created.id,
          detail: { name: created.name },
        });
        return created;
      });
      return ok(presentFolder(folder));
    },
  );

  api.get(
    '/folders',
    {
      preHandler: canRead,
      schema: { querystring: pageQuerySchema, response: { 200: envelopeSchema(z.array(folderSchema)) } },
    },
    async (request, reply) => {
      const { rows, total } = await listFolders(deps.db, authOf(request).teamId, pageWindow(request.query));
      return sendPage(reply, request.query, rows.map(presentFolder), total);
    },
  );

  api.get(
    '/folders/:id',
    { preHandler: canRead, schema: { params: idParams, response: { 200: envelopeSchema(folderSchema) } } },
    async (request) => ok(presentFolder(await folderOrNotFound(authOf(request).teamId, request.params.id))),
  );

  api.get(
    '/folders/:id/files',
    {
      preHandler: canRead,
      schema: {
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(z.array(fileSchema)) },
      },
    },
    async (request, reply) => {
      const teamId = authOf(request).teamId;
      await folderOrNotFound(teamId, request.params.id);
      const { rows, total } = await listFolderFiles(
        deps.db,
        teamId,
        request.params.id,
        pageWindow(request.query),
      );
      const items = await Promise.all(rows.map((row) => presentFile(deps.storage, row)));
      return sendPage(reply, request.query, items, total);
    },
  );
}
