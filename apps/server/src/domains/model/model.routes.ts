import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentMeasurement, presentModel, presentTrip } from './model.presenter';
import {
  createModel,
  createTrip,
  deleteTrip,
  getModel,
  listModelMeasurements,
  listModelTrips,
  listTeamModels,
  type ModelDeps,
  updateModel,
  updateTrip,
} from './model.service';

/** Handlers of `endpoints.model`: each calls one service function and presents its answer. */
export function modelRoutes(deps: ModelDeps): Handlers<Endpoints['model']> {
  return {
    create: async ({ auth, body, origin }) => presentModel(await createModel(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { items, total } = await listTeamModels(deps, auth, query);
      return { items: items.map(presentModel), total };
    },
    get: async ({ auth, params }) => presentModel(await getModel(deps, auth, params.id)),
    update: async ({ auth, params, body, origin }) =>
      presentModel(await updateModel(deps, auth, params.id, body, origin)),
    measurements: async ({ auth, params, query }) => {
      const { rows, total } = await listModelMeasurements(deps, auth, params.id, query);
      return { items: rows.map(presentMeasurement), total };
    },
    trips: async ({ auth, params, query }) => {
      const { rows, total } = await listModelTrips(deps, auth, params.id, query);
      return { items: rows.map(presentTrip), total };
    },
    createTrip: async ({ auth, params, body, origin }) =>
      presentTrip(await createTrip(deps, auth, params.id, body, origin)),
    updateTrip: async ({ auth, params, body, origin }) =>
      presentTrip(await updateTrip(deps, auth, params.id, body, origin)),
    deleteTrip: async ({ auth, params, origin }) =>
      presentTrip(await deleteTrip(deps, auth, params.id, origin)),
  };
}
