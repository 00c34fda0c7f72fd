/**
 * Holding models' days from the calendar (docs/product.md "Calendar", drag on empty space): a draft order
 * owned by the caller, with an option per model and day. It lives in the order domain because it makes an
 * order; the calendar's route calls it.
 */
import type { CalendarHold } from '@trackit/contract/calendar.schema';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor } from '../operation-log/operation-log.service';
import { createDraftOrder, type OrderDeps } from './order.service';

/** POST /v1/calendar/holds: the draft and its options, logged as placed on the calendar. */
export function holdFromCalendar(
  deps: OrderDeps,
  auth: AuthContext,
  input: CalendarHold,
  origin: RequestOrigin,
): Promise<{ id: number; number: string }> {
  const now = deps.clock();
  return deps.db.transaction((tx) =>
    createDraftOrder(
      tx,
      memberActor(auth, origin, now),
      {
        models: input.model_ids.map((modelId) => ({ model_id: modelId, fees: [] })),
        days: input.days,
        ...(input.title ? { title: input.title } : {}),
      },
      { source: 'calendar' },
    ),
  );
}
