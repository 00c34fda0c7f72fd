/** Endpoints of the installation itself: health, public settings, the API's own description. */
import { z } from 'zod';
import { endpoint, json, publicAccess, raw } from './endpoint';
import { asciiTokenSchema } from './patterns';
import { configsSchema, healthSchema, livenessSchema, readinessSchema } from './system.schema';

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: '健康检查：数据库状态、版本与运行时长；数据库无应答时 HTTP 503',
    access: publicAccess,
    answer: json(healthSchema),
  }),
  live: endpoint({
    method: 'GET',
    path: '/health/live',
    summary: '存活检查：进程能应答即 200，不访问数据库',
    access: publicAccess,
    answer: json(livenessSchema),
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    summary:
      '就绪检查：数据库与文件存储可用、迁移已执行到最新、未在停止；任一不满足时 HTTP 503，并指出哪一项',
    access: publicAccess,
    answer: json(readinessSchema),
  }),
  configs: endpoint({
    method: 'GET',
    path: '/v1/configs',
    summary: '本系统的公开配置（上传限制、短信、地图服务），三个前端启动时读取',
    access: publicAccess,
    answer: json(configsSchema),
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: '本 API 的 OpenAPI 3.1 文档',
    access: publicAccess,
    answer: raw(200, 'application/json', 'OpenAPI 3.1 文档'),
  }),
  reference: endpoint({
    method: 'GET',
    path: '/docs',
    summary: 'API 参考页面（供对接方阅读）',
    access: publicAccess,
    answer: raw(200, 'text/html', 'API 参考页面'),
  }),
  referenceAsset: endpoint({
    method: 'GET',
    path: '/docs/*',
    summary: 'API 参考页面的脚本与样式',
    access: publicAccess,
    params: z.object({ '*': asciiTokenSchema(100) }),
    answer: raw(200, 'application/javascript', '脚本或样式文件'),
  }),
} as const;
