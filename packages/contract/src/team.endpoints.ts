import { z } from 'zod';
import { endpoint, json, sessionAccess } from './endpoint';
import { teamListItemSchema } from './session.schema';

export const teamEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/v1/teams',
    summary: '本人可登录的团队',
    access: sessionAccess,
    answer: json(z.array(teamListItemSchema)),
  }),
} as const;
