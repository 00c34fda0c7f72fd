import type { Database } from '../../db/client';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { endSessionsOfUser, listLiveSessionsOfUser } from './session.repository';

export interface DeviceDeps {
  db: Database;
  clock: () => Date;
}

export function listDevices(deps: DeviceDeps, auth: AuthContext) {
  return listLiveSessionsOfUser(deps.db, auth.userId, deps.clock());
}

/** The device of the current session, or undefined when it has just ended. */
export async function findCurrentDevice(deps: DeviceDeps, auth: AuthContext) {
  return (await listDevices(deps, auth)).find((device) => device.id === auth.sessionId);
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
    // Nothing was signed out: nothing to record.
    if (ended === 0) return ended;
    const actor = memberActor(auth, origin, now);
    if (ids) {
      await recordOperation(tx, { action: 'sign_out_devices', actor, detail: { ended, session_ids: ids } });
    } else {
      await recordOperation(tx, { action: 'sign_out_other_devices', actor, detail: { ended } });
    }
    return ended;
  });
}
