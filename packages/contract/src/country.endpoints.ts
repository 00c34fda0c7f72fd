import { endpoint, json, publicAccess } from './endpoint';
import { countriesSchema } from './system.schema';

export const countryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/countries',
    summary: '国家和地区（ISO 3166-1 代码 → 中文名称）',
    access: publicAccess,
    answer: json(countriesSchema),
  }),
} as const;
