/** Sign-in, sessions and the member's signed-in devices (docs/product.md §4, §7). */
import { z } from 'zod';
import { endpoint, json, publicAccess, sessionAccess } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  endUserSessionsRequestSchema,
  endUserSessionsResponseSchema,
  mobileCodeRequestSchema,
  mobileCodeResponseSchema,
  refreshRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
  teamLoginRequestSchema,
  tokenPairSchema,
  userSessionSchema,
} from './session.schema';

export const sessionEndpoints = {
  requestCode: endpoint({
    method: 'POST',
    path: '/v1/mobile_codes',
    summary: '发送登录验证码（每个号码的回答都相同，只发给可登录的号码）',
    access: publicAccess,
    body: mobileCodeRequestSchema,
    answer: json(mobileCodeResponseSchema),
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/v1/sessions',
    summary: '用手机号和验证码登录，返回可登录的团队和令牌',
    access: publicAccess,
    body: signInRequestSchema,
    answer: json(signInResponseSchema),
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/v1/sessions/refresh',
    summary: '用刷新令牌换取新的令牌',
    access: publicAccess,
    body: refreshRequestSchema,
    answer: json(tokenPairSchema),
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/v1/sessions',
    summary: '退出登录',
    access: sessionAccess,
    answer: json(z.null()),
  }),
  switchTeam: endpoint({
    method: 'POST',
    path: '/v1/teams/:id/login',
    summary: '切换到本人的另一个团队，返回新的令牌',
    access: sessionAccess,
    params: idParamsSchema,
    body: teamLoginRequestSchema.optional(),
    answer: json(tokenPairSchema),
  }),
  devices: endpoint({
    method: 'GET',
    path: '/v1/user_sessions',
    summary: '本人已登录的设备',
    access: sessionAccess,
    answer: json(z.array(userSessionSchema)),
  }),
  currentDevice: endpoint({
    method: 'GET',
    path: '/v1/user_sessions/active',
    summary: '当前设备',
    access: sessionAccess,
    answer: json(userSessionSchema),
  }),
  endDevices: endpoint({
    method: 'DELETE',
    path: '/v1/user_sessions',
    summary: '下线指定设备；不指定时下线其他所有设备',
    access: sessionAccess,
    body: endUserSessionsRequestSchema.nullish(),
    answer: json(endUserSessionsResponseSchema),
  }),
} as const;
