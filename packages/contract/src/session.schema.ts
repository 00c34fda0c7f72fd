import { z } from 'zod';
import { asciiTokenSchema, mobileSchema, smsCodeSchema, text1To50Schema } from './patterns';

/** POST /v1/mobile_codes */
export const mobileCodeRequestSchema = z.object({ mobile: mobileSchema });
export type MobileCodeRequest = z.infer<typeof mobileCodeRequestSchema>;
/** The same answer whether or not the number may sign in (no enumeration). */
export const mobileCodeResponseSchema = z.object({ resend_after_seconds: z.number().int() });
export type MobileCodeResponse = z.infer<typeof mobileCodeResponseSchema>;

/** POST /v1/sessions */
export const signInRequestSchema = z.object({ mobile: mobileSchema, code: smsCodeSchema });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The token record the apps store whole (docs/product.md §3). */
export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lives (7200). */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** A valid membership of the signed-in number, for the team picker (docs/product.md §3 "valid_members item"). */
export const validMemberSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  team_name: z.string(),
  avatar: z.string().nullable(),
  base_color: z.string(),
  /** ISO 8601; null before the first sign-in to this team. */
  last_login_at: z.string().nullable(),
});
export type ValidMember = z.infer<typeof validMemberSchema>;

export const signInResponseSchema = z.object({
  valid_members: z.array(validMemberSchema),
  /** The most recently used valid membership, else the first: the token is signed in to it. */
  membership_id: z.number().int(),
  token: tokenPairSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /v1/sessions/refresh */
export const refreshRequestSchema = z.object({ refresh_token: asciiTokenSchema(512).min(1) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** GET /v1/teams item (docs/product.md §3 "Team list item"). */
export const teamListItemSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  base_color: z.string(),
  team_name: z.string(),
  mobile: z.string(),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;

/** POST /v1/teams/{id}/login: the product's payload repeats the id of the path, which is the one used. */
export const teamLoginRequestSchema = z.object({ id: z.coerce.number<number>().int().positive() });
export type TeamLoginRequest = z.infer<typeof teamLoginRequestSchema>;

/** GET /v1/profile (docs/product.md §3 "Profile"), for the current membership. */
export const profileSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  avatar_thumb: z.string().nullable(),
  base_color: z.string(),
  team_id: z.number().int(),
  team_name: z.string(),
  department_name: z.string().nullable(),
  /** The direct superior's nickname (直属上级), null when none is set. */
  superior_name: z.string().nullable(),
  mobile: z.string(),
  is_owner: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /v1/profile */
export const profileUpdateSchema = z
  .object({
    nickname: text1To50Schema.optional(),
    /** signed_id of an uploaded image (POST /v1/direct_uploads, then the PUT) to become the avatar. */
    avatar_signed_id: asciiTokenSchema(512).min(1).optional(),
  })
  .refine((body) => body.nickname !== undefined || body.avatar_signed_id !== undefined, {
    message: '请填写要修改的内容',
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** GET /v1/user_sessions item: one signed-in device of the caller. */
export const userSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  ip: z.string(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  team_name: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** DELETE /v1/user_sessions: the given devices, or every other device when ids is absent. */
export const endUserSessionsRequestSchema = z.object({ ids: z.array(z.uuid()).max(100).optional() });
export type EndUserSessionsRequest = z.infer<typeof endUserSessionsRequestSchema>;
export const endUserSessionsResponseSchema = z.object({ ended: z.number().int() });
export type EndUserSessionsResponse = z.infer<typeof endUserSessionsResponseSchema>;

/** Why a session ended (kept on the session row, for support and the audit). */
export const SESSION_END_REASONS = [
  'logout',
  'membership_not_valid',
  'refresh_expired',
  'refresh_token_reused',
  'signed_out_by_user',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
