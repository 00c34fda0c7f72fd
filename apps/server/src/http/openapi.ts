/**
 * The OpenAPI 3.1 document of the API, generated from the contract's endpoint map (the same
 * declarations the routes are registered from), so it describes every route and cannot drift.
 */
import { API_BASE_PATH, BASE_PATHS } from '@trackit/contract/constants';
import type { Access, EndpointSpec } from '@trackit/contract/endpoint';
import type { Endpoints } from '@trackit/contract/endpoints';
import { PERMISSION_LEVEL_LABELS } from '@trackit/contract/enums';
import { PAGE_HEADERS, REQUEST_ID_HEADER } from '@trackit/contract/envelope';
import { PRODUCT_NAME_ZH } from '@trackit/contract/messages';
import { PERMISSION_KEY_LABELS } from '@trackit/contract/permissions';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer', const: 0 }, message: { type: 'string' }, data },
  required: ['code', 'message', 'data'],
});

const describeAccess = (access: Access): string => {
  switch (access.kind) {
    case 'public':
      return '公开，无需登录';
    case 'session':
      return '需要登录';
    case 'permission':
      return `需要权限「${PERMISSION_KEY_LABELS[access.key]}」（${PERMISSION_LEVEL_LABELS[access.level]}或以上）`;
  }
};

/** `/v1/folders/:id` → `/storm_api/v1/folders/{id}`; a trailing wildcard is the storage key. */
const openApiPath = (path: string) =>
  `${API_BASE_PATH}${path.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\*$/, '{key}')}`;

function parameters(endpoint: EndpointSpec): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const isArray = property.type === 'array';
      list.push({
        name: location === 'path' && name === '*' ? 'key' : isArray ? `${name}[]` : name,
        in: location,
        required: location === 'path' || (object.required ?? []).includes(name),
        schema: property,
        ...(isArray ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return list;
}

function requestBody(endpoint: EndpointSpec): JsonSchema | undefined {
  if (endpoint.rawBody) {
    return {
      required: true,
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
  }
  if (!endpoint.body) return undefined;
  const schema = jsonSchema(endpoint.body, 'input');
  const optional = endpoint.body.safeParse(undefined).success;
  return { required: !optional, content: { 'application/json': { schema } } };
}

function success(endpoint: EndpointSpec): [string, JsonSchema] {
  const { answer } = endpoint;
  switch (answer.kind) {
    case 'json':
      return [
        '200',
        {
          description: '成功',
          content: { 'application/json': { schema: envelopeOf(jsonSchema(answer.data, 'output')) } },
        },
      ];
    case 'page':
      return [
        '200',
        {
          description: '一页记录；位置在响应头中',
          headers: {
            [PAGE_HEADERS.page]: { schema: { type: 'integer' }, description: '当前页' },
            [PAGE_HEADERS.perPage]: { schema: { type: 'integer' }, description: '每页条数' },
            [PAGE_HEADERS.total]: { schema: { type: 'integer' }, description: '总条数' },
          },
          content: {
            'application/json': {
              schema: envelopeOf({ type: 'array', items: jsonSchema(answer.item, 'output') }),
            },
          },
        },
      ];
    case 'raw':
      return answer.status === 302
        ? ['302', { description: answer.description, headers: { location: { schema: { type: 'string' } } } }]
        : ['200', { description: answer.description, content: { [answer.contentType]: {} } }];
  }
}

/** Builds the document; `version` is the build's version tag. */
export function buildOpenApiDocument(map: Endpoints, version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [group, declared] of Object.entries(map)) {
    for (const [name, endpoint] of Object.entries(declared as Record<string, EndpointSpec>)) {
      const [status, answer] = success(endpoint);
      const body = requestBody(endpoint);
      const operation = {
        operationId: `${group}.${name}`,
        tags: [group],
        summary: endpoint.summary,
        description: describeAccess(endpoint.access),
        security: endpoint.access.kind === 'public' ? [] : [{ bearer: [] }],
        'x-access': endpoint.access,
        parameters: parameters(endpoint),
        ...(body ? { requestBody: body } : {}),
        responses: {
          [status]: answer,
          default: { $ref: '#/components/responses/Error' },
        },
      };
      const path = openApiPath(endpoint.path);
      paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME_ZH} API`,
      version,
      description: [
        '每个回答都是信封 `{code, message, data}`：`code` 为 0 表示成功，其他为错误码，`message` 为中文说明。',
        '分页列表的位置在响应头 x-page、x-per-page、x-total 中；数组参数用方括号形式（`ids[]=1&ids[]=2`）。',
        `需要登录的接口带 \`Authorization: Bearer <access_token>\`。管理后台在 ${BASE_PATHS.admin}。`,
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Error: {
          description: '错误：HTTP 状态与信封中的错误码对应',
          headers: {
            [REQUEST_ID_HEADER]: { schema: { type: 'string' }, description: '请求编号，便于对照服务器日志' },
          },
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
                required: ['code', 'message', 'data'],
              },
            },
          },
        },
      },
    },
    paths,
  };
}
