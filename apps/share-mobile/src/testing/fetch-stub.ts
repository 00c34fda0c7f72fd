/** The share apps' `stubFetch` (`@trackit/client/testing/fetch-stub`) as the mobile pages' tests use it: view records accepted. */
import {
  ok,
  type SeenCall,
  type StubRoute,
  stubFetch as stubSharedFetch,
} from '@trackit/client/testing/fetch-stub';

/** The pages record views in the background: accepted unless a test routes them itself. */
const ACCEPT_VIEWS: StubRoute = ['POST', /\/views$/, () => ok(null)];

/** Replaces `globalThis.fetch` with the given routes, view records accepted; records every call. */
export const stubFetch = (routes: StubRoute[]): SeenCall[] => stubSharedFetch(routes, [ACCEPT_VIEWS]);
