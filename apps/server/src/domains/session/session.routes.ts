import { envelopeSchema } from '@trackit/contract/envelope';
import {
  endUserSessionsRequestSchema,
  endUserSessionsResponseSchema,
  mobileCodeRequestSchema,
  mobileCodeResponseSchema,
  refreshRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
  tokenPairSchema,
  userSessionSchema,
} from '@trackit/contract/session.schema';
import { z } from 'zod';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { authOf, originOf } from '../../http/request-context';
import { type MobileCodeDeps, requestMobileCode } from './mobile-code.service';
import { presentDevice, presentValidMember } from './session.presenter';
import { refreshSession, type SessionDeps, signIn, signOut } from './session.service';
import { endDevices, listDevices } from './user-session.service';

const publicRoute = { public: true };

export function registerSessionRoutes(api: ApiRouter, deps: SessionDeps & MobileCodeDeps) {
  api.post(
    '/mobile_codes',
    {
      config: publicRoute,
      schema: { body: mobileCodeRequestSchema, response: { 200: envelopeSchema(mobileCodeResponseSchema) } },
    },
    async (request) => ok(await requestMobileCode(deps, request.body.mobile, originOf(request))),
  );

  api.post(
    '/sessions',
    {
      config: publicRoute,
      schema: { body: signInRequestSchema, response: { 200: envelopeSchema(signInResponseSchema) } },
    },
    async (request) => {
      const result = await signIn(deps, request.body.mobile, request.body.code, originOf(request));
      return ok({
        valid_members: result.members.map(presentValidMember),
        membership_id: result.membershipId,
        token: result.token,
      });
    },
  );

  api.post(
    '/sessions/refresh',
    {
      config: publicRoute,
      schema: { body: refreshRequestSchema, response: { 200: envelopeSchema(tokenPairSchema) } },
    },
    async (request) => ok(await refreshSession(deps, request.body.refresh_token, originOf(request))),
  );

  api.delete('/sessions', { schema: { response: { 200: envelopeSchema(z.null()) } } }, async (request) => {
    await signOut(deps, authOf(request), originOf(request));
    return ok(null);
  });

  api.get(
    '/user_sessions',
    { schema: { response: { 200: envelopeSchema(z.array(userSessionSchema)) } } },
    async (request) => {
      const auth = authOf(request);
      const devices = await listDevices(deps, auth);
      return ok(devices.map((device) => presentDevice(device, auth.sessionId)));
    },
  );

  api.get(
    '/user_sessions/active',
    { schema: { response: { 200: envelopeSchema(userSessionSchema) } } },
    async (request) => {
      const auth = authOf(request);
      const current = (await listDevices(deps, auth)).find((device) => device.id === auth.sessionId);
      if (!current) throw new AppError('sessionEnded');
      return ok(presentDevice(current, auth.sessionId));
    },
  );

  api.delete(
    '/user_sessions',
    {
      schema: {
        body: endUserSessionsRequestSchema.nullish(),
        response: { 200: envelopeSchema(endUserSessionsResponseSchema) },
      },
    },
    async (request) => {
      const ended = await endDevices(deps, authOf(request), request.body?.ids, originOf(request));
      return ok({ ended });
    },
  );
}
