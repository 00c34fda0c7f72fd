import type { Database } from '../../db/client';
import { byMember, recordOperation } from '../operation-log/operation-log.repository';
import type { AuthContext, RequestOrigin } from './auth-context';
import { endSessionsOfUser, listLiveSessionsOfUser } from './session.repository';

export interface DeviceDeps {
  db: Database;
  clock: () => Date;
}

export function listDevices(deps: DeviceDeps, auth: AuthContext) {
  return listLiveSessionsOfUser(deps.db, auth.userId, deps.clock());
}

/** Signs out the given devices of the caller, or all other devices; takes effect on their next request. */
export async function endDevices(
  deps: DeviceDeps,
  auth: AuthContext,
  ids: string[] | undefined,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const selection = ids ? { ids } : { exceptId: auth.sessionId };
    const ended = await endSessionsOfUser(tx, auth.userId, selection, 'signed_out_by_user', now);
    await recordOperation(tx, {
      action: ids ? 'sign_out_devices' : 'sign_out_other_devices',
      ...byMember(auth, origin, now),
      detail: { ended, ...(ids ? { session_ids: ids } : {}) },
    });
    return ended;
  });
}
