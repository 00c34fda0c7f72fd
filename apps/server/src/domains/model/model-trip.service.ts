/**
 * A model's trips (docs/product.md "Models"): vacations, work and expatriate stays that the calendar will
 * block bookings with. Each write locks the model and commits with its operation-log entry.
 */
import { MODEL_TRIP_KIND_LABELS } from '@trackit/contract/enums';
import type { PageQuery } from '@trackit/contract/envelope';
import {
  MODEL_MESSAGES,
  TRIP_FIELD_LABELS,
  type TripCreate,
  type TripUpdate,
} from '@trackit/contract/model.schema';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  deleteTrip as deleteTripRow,
  findModel,
  findModelForUpdate,
  findTripForUpdate,
  insertTrip,
  listTrips,
  type TripRow,
  updateTrip as updateTripRow,
} from './model.repository';
import { invalid, type ModelDeps, modelNotFound } from './model.service';

const tripNotFound = () => new AppError('notFound', { message: MODEL_MESSAGES.tripNotFound });

/** GET /v1/models/{id}/trips: latest start first. */
export async function listModelTrips(deps: ModelDeps, auth: AuthContext, modelId: number, query: PageQuery) {
  if (!(await findModel(deps.db, auth.teamId, modelId))) throw modelNotFound();
  return listTrips(deps.db, auth.teamId, modelId, pageWindow(query));
}

/** POST /v1/models/{id}/trips: the trip and its log entry, in one transaction. */
export async function createTrip(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  input: TripCreate,
  origin: RequestOrigin,
): Promise<TripRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const model = await findModelForUpdate(tx, auth.teamId, modelId);
    if (!model) throw modelNotFound();
    const trip = await insertTrip(tx, {
      teamId: auth.teamId,
      modelId,
      kind: input.kind,
      startDate: input.start_date,
      endDate: input.end_date,
      place: input.place ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordOperation(tx, {
      action: 'model_trip_create',
      actor: memberActor(auth, origin, now),
      targetId: modelId,
      detail: { name: model.name, kind: trip.kind, start_date: trip.startDate, end_date: trip.endDate },
    });
    return trip;
  });
}

/** The fields a PATCH may change, with the label and display of each in the log. */
const TRIP_CHANGE_LOG: ChangeLogField<TripRow>[] = [
  { field: 'kind', label: TRIP_FIELD_LABELS.kind, show: shown.label(MODEL_TRIP_KIND_LABELS) },
  { field: 'startDate', label: TRIP_FIELD_LABELS.start_date },
  { field: 'endDate', label: TRIP_FIELD_LABELS.end_date },
  { field: 'place', label: TRIP_FIELD_LABELS.place },
];

/** PATCH /v1/trips/{id}: the dates are checked together with the stored ones. */
export async function updateTrip(
  deps: ModelDeps,
  auth: AuthContext,
  tripId: number,
  input: TripUpdate,
  origin: RequestOrigin,
): Promise<TripRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const trip = await findTripForUpdate(tx, auth.teamId, tripId);
    if (!trip) throw tripNotFound();
    const model = await findModelForUpdate(tx, auth.teamId, trip.modelId);
    if (!model) throw tripNotFound();
    const next = {
      kind: input.kind ?? trip.kind,
      startDate: input.start_date ?? trip.startDate,
      endDate: input.end_date ?? trip.endDate,
      place: input.place !== undefined ? input.place : trip.place,
    };
    if (next.endDate < next.startDate) throw invalid('end_date', MODEL_MESSAGES.tripEndBeforeStart);
    const changes = await changeLog(tx, auth.teamId, trip, next, TRIP_CHANGE_LOG);
    if (changes.length === 0) return trip;
    const updated = await updateTripRow(tx, auth.teamId, tripId, { ...next, updatedAt: now });
    await recordOperation(tx, {
      action: 'model_trip_update',
      actor: memberActor(auth, origin, now),
      targetId: model.id,
      detail: { name: model.name, changes },
    });
    return updated;
  });
}

/** DELETE /v1/trips/{id}: a trip is removed (the model stays); the log keeps what it was. */
export async function deleteTrip(
  deps: ModelDeps,
  auth: AuthContext,
  tripId: number,
  origin: RequestOrigin,
): Promise<TripRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const trip = await findTripForUpdate(tx, auth.teamId, tripId);
    if (!trip) throw tripNotFound();
    const model = await findModelForUpdate(tx, auth.teamId, trip.modelId);
    if (!model) throw tripNotFound();
    await deleteTripRow(tx, auth.teamId, tripId);
    await recordOperation(tx, {
      action: 'model_trip_delete',
      actor: memberActor(auth, origin, now),
      targetId: model.id,
      detail: { name: model.name, kind: trip.kind, start_date: trip.startDate, end_date: trip.endDate },
    });
    return trip;
  });
}
