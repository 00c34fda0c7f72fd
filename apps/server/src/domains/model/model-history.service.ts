/**
 * A model's history (the 操作记录 tab): what members did to the model, its trips and its folders, from
 * the operation log. Readers of the model see it without holding the operation log's own permission.
 */
import type { PageQuery } from '@trackit/contract/envelope';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { modelFolderIds } from '../folder/folder.service';
import { listRecordHistory } from '../operation-log/operation-log.service';
import { type ModelDeps, requireTeamModel } from './model.service';

/** GET /v1/models/{id}/history: newest first; another team's model is "not found". */
export async function listModelHistory(
  deps: Pick<ModelDeps, 'db'>,
  auth: AuthContext,
  modelId: number,
  query: PageQuery,
) {
  await requireTeamModel(deps.db, auth.teamId, modelId);
  const folderIds = await modelFolderIds(deps, auth.teamId, modelId);
  return listRecordHistory(
    deps.db,
    auth.teamId,
    [
      { type: 'model', ids: [modelId] },
      { type: 'folder', ids: folderIds },
    ],
    pageWindow(query),
  );
}
