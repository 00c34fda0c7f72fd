import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { holdFromCalendar } from '../order/order-calendar.service';
import type { OrderDeps } from '../order/order-view.service';
import { presentCalendar, presentOrderEntry } from './calendar.presenter';
import { getCalendar, releaseEntry } from './calendar.service';

/** Handlers of `endpoints.calendar`; a hold makes a draft order, so it is the order domain's call. */
export function calendarRoutes(deps: OrderDeps): Handlers<Endpoints['calendar']> {
  return {
    list: async ({ auth, query }) => presentCalendar(await getCalendar(deps, auth, query)),
    hold: async ({ auth, body, origin }) => holdFromCalendar(deps, auth, body, origin),
    release: async ({ auth, params, origin }) => {
      const { entry, now } = await releaseEntry(deps, auth, params.id, origin);
      return presentOrderEntry(entry, now);
    },
  };
}
