import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentPublicFolder } from '../folder/folder.presenter';
import { getSharedFolder } from '../folder/folder-share.service';
import { presentPublicModel, presentPublicPackage } from '../package/package-public.presenter';
import {
  getPublicPackage,
  getPublicPackageModel,
  pickModel,
  recordView,
} from '../package/package-public.service';
import type { UploadDeps } from '../upload/upload.service';

/** Handlers of `endpoints.share`, the share pages' public API: one service call each, public presenters only. */
export function shareRoutes(deps: UploadDeps): Handlers<Endpoints['share']> {
  return {
    package: async ({ params, query }) =>
      presentPublicPackage(await getPublicPackage(deps, params.share_id, query.visitor_id)),
    packageModel: async ({ params }) =>
      presentPublicModel(await getPublicPackageModel(deps, params.share_id, params.model_id)),
    pick: async ({ params, body }) => {
      const pick = await pickModel(deps, params.share_id, body);
      return { model_id: pick.modelId, picked: pick.picked, comment: pick.comment };
    },
    view: async ({ params, body, origin }) => {
      await recordView(deps, params.share_id, body, origin);
      return null;
    },
    folder: async ({ params }) => presentPublicFolder(await getSharedFolder(deps, params.share_id)),
  };
}
