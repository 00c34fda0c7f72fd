import { endpoint, page, sessionAccess } from './endpoint';
import { memberOptionQuerySchema, memberOptionSchema } from './organization.schema';

export const organizationEndpoints = {
  memberOptions: endpoint({
    method: 'GET',
    path: '/v1/members/options',
    summary: '可选的团队成员（在职），供选择经纪人、负责人等；按昵称筛选',
    // Any member names colleagues on the records they work on; the shape carries no contact details.
    access: sessionAccess,
    query: memberOptionQuerySchema,
    answer: page(memberOptionSchema),
  }),
} as const;
