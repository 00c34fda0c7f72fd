import type { Endpoints } from '@trackit/contract/endpoints';
import { AppError } from '../../http/app-error';
import type { Handlers } from '../../http/endpoint-router';
import { type MobileCodeDeps, requestMobileCode } from './mobile-code.service';
import { presentDevice, presentValidMember } from './session.presenter';
import { refreshSession, type SessionDeps, signIn, signOut, switchTeam } from './session.service';
import { endDevices, findCurrentDevice, listDevices } from './user-session.service';

export function sessionRoutes(deps: SessionDeps & MobileCodeDeps): Handlers<Endpoints['session']> {
  return {
    requestCode: async ({ body, origin }) => requestMobileCode(deps, body.mobile, origin),
    signIn: async ({ body, origin }) => {
      const result = await signIn(deps, body.mobile, body.code, origin);
      return {
        valid_members: result.members.map(presentValidMember),
        membership_id: result.membershipId,
        token: result.token,
      };
    },
    refresh: async ({ body, origin }) => refreshSession(deps, body.refresh_token, origin),
    signOut: async ({ auth, origin }) => {
      await signOut(deps, auth, origin);
      return null;
    },
    // The body repeats the id of the path (docs/product.md §7); the path's is the one used.
    switchTeam: async ({ auth, params, origin }) => switchTeam(deps, auth, params.id, origin),
    devices: async ({ auth }) =>
      (await listDevices(deps, auth)).map((device) => presentDevice(device, auth.sessionId)),
    currentDevice: async ({ auth }) => {
      const current = await findCurrentDevice(deps, auth);
      if (!current) throw new AppError('sessionEnded');
      return presentDevice(current, auth.sessionId);
    },
    endDevices: async ({ auth, body, origin }) => ({
      ended: await endDevices(deps, auth, body?.ids, origin),
    }),
  };
}
