import { endpoint, json, publicAccess, raw, sessionAccess } from './endpoint';
import { profileSchema, profileUpdateSchema } from './session.schema';
import { avatarParamsSchema, avatarQuerySchema } from './upload.schema';

export const profileEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/profile',
    summary: '当前团队中的本人资料',
    access: sessionAccess,
    answer: json(profileSchema),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/profile',
    summary: '修改昵称或头像（头像为已上传图片的 signed_id）',
    access: sessionAccess,
    body: profileUpdateSchema,
    answer: json(profileSchema),
  }),
  avatar: endpoint({
    method: 'GET',
    path: '/v1/avatars/:blobId',
    summary: '头像的固定地址：重定向到有时效的签名地址',
    access: publicAccess,
    params: avatarParamsSchema,
    query: avatarQuerySchema,
    answer: raw(302, 'image/*', '重定向到图片的签名地址'),
  }),
} as const;
