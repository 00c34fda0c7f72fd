import type { Readable } from 'node:stream';
import type { Endpoints } from '@trackit/contract/endpoints';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import { clientGoneSignal } from '../../http/request-context';
import { presentHistoryPage } from '../operation-log/operation-log.presenter';
import { makeCompCard } from './comp-card/comp-card.service';
import { presentDeduction, presentMeasurement, presentModel, presentTrip } from './model.presenter';
import {
  deleteModel,
  findModelDuplicates,
  getModel,
  getModelDeletion,
  listModelMeasurements,
  listTeamModels,
  type ModelDeps,
} from './model.service';
import { decideModelChange, getModelPendingChanges, withdrawModelChange } from './model-change.service';
import { createModelDeduction, listModelDeductions, voidModelDeduction } from './model-deduction.service';
import { listModelHistory } from './model-history.service';
import { createTrip, deleteTrip, listModelTrips, updateTrip } from './model-trip.service';
import { createModel, updateModel } from './model-write.service';
import { exportModels } from './sheet/model-export.service';
import { importModels, modelImportTemplate } from './sheet/model-import.service';

/** Handlers of `endpoints.model`: each calls one service function and presents its answer. */
export function modelRoutes(deps: ModelDeps): Handlers<Endpoints['model']> {
  return {
    create: async ({ auth, body, origin }) => presentModel(await createModel(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { items, total } = await listTeamModels(deps, auth, query);
      return { items: items.map(presentModel), total };
    },
    export: async ({ auth, query, reply }) => sendAttachment(reply, await exportModels(deps, auth, query)),
    importTemplate: async ({ auth, reply }) => sendAttachment(reply, await modelImportTemplate(deps, auth)),
    import: async ({ auth, query, request, reply, origin }) =>
      importModels(
        deps,
        auth,
        { file: request.body as Readable, dryRun: query.dry_run, signal: clientGoneSignal(request, reply) },
        origin,
      ),
    duplicates: async ({ auth, query }) => (await findModelDuplicates(deps, auth, query)).map(presentModel),
    get: async ({ auth, params }) => presentModel(await getModel(deps, auth, params.id)),
    deletion: async ({ auth, params }) => getModelDeletion(deps, auth, params.id),
    delete: async ({ auth, params, origin }) => {
      await deleteModel(deps, auth, params.id, origin);
      return null;
    },
    update: async ({ auth, params, body, origin }) =>
      presentModel(await updateModel(deps, auth, params.id, body, origin)),
    measurements: async ({ auth, params, query }) => {
      const { rows, total } = await listModelMeasurements(deps, auth, params.id, query);
      return { items: rows.map(presentMeasurement), total };
    },
    history: async ({ auth, params, query }) =>
      presentHistoryPage(await listModelHistory(deps, auth, params.id, query)),
    compCard: async ({ auth, params, query, reply }) => {
      const card = await makeCompCard(deps, auth, params.id, query);
      return sendAttachment(reply, { contentType: 'application/pdf', ...card });
    },
    trips: async ({ auth, params, query }) => {
      const { rows, total } = await listModelTrips(deps, auth, params.id, query);
      return { items: rows.map(presentTrip), total };
    },
    createTrip: async ({ auth, params, body, origin }) =>
      presentTrip(await createTrip(deps, auth, params.id, body, origin)),
    deductions: async ({ auth, params, query }) => {
      const { items, total } = await listModelDeductions(deps, auth, params.id, query);
      return { items: items.map(presentDeduction), total };
    },
    createDeduction: async ({ auth, params, body, origin }) =>
      presentDeduction(await createModelDeduction(deps, auth, params.id, body, origin)),
    voidDeduction: async ({ auth, params, origin }) =>
      presentDeduction(await voidModelDeduction(deps, auth, params.id, params.deduction_id, origin)),
    pendingChanges: ({ auth, params }) => getModelPendingChanges(deps, auth, params.id),
    decideChange: ({ auth, params, body, origin }) => decideModelChange(deps, auth, params.id, body, origin),
    withdrawChange: ({ auth, params, origin }) => withdrawModelChange(deps, auth, params.id, origin),
    updateTrip: async ({ auth, params, body, origin }) =>
      presentTrip(await updateTrip(deps, auth, params.id, body, origin)),
    deleteTrip: async ({ auth, params, origin }) =>
      presentTrip(await deleteTrip(deps, auth, params.id, origin)),
  };
}
