/**
 * A model's history (the 操作记录 tab): what members did to the model, its trips and its folders, from
 * the operation log. Readers of the model see it without holding the operation log's own permission;
 * its deductions (amounts paid to the model) only with accounting read, which their own list needs.
 */
import type { PageQuery } from '@trackit/contract/envelope';
import { MODEL_FINANCE_ACTIONS } from '@trackit/contract/operation-catalogue';
import { levelAllows } from '@trackit/contract/permissions';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { modelFolderIds } from '../folder/folder.service';
import { listRecordHistory } from '../operation-log/operation-log.service';
import { grantsOf } from '../permission/permission.service';
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
  const finance = levelAllows((await grantsOf(deps, auth)).get('accounting'), 'read');
  return listRecordHistory(
    deps.db,
    auth.teamId,
    [
      { type: 'model', ids: [modelId] },
      { type: 'folder', ids: folderIds },
    ],
    pageWindow(query),
    finance ? [] : MODEL_FINANCE_ACTIONS,
  );
}
