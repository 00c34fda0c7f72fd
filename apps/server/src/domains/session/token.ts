import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are JWTs signed with HMAC-SHA256 (HS256) and nothing else: the header is fixed and
 * checked byte for byte, so `alg: none` or an algorithm swap can never verify.
 */
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface AccessClaims {
  typ: 'access';
  /** Session id. */
  sid: string;
  iat: number;
  exp: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

/** A key for one purpose, derived from the installation's secret (tokens and code hashes never share one). */
export function deriveKey(
  secret: string,
  purpose: 'access-token' | 'refresh-token' | 'sms-code' | 'storage-url' | 'blob-id',
): Buffer {
  return createHmac('sha256', secret).update(`trackit:${purpose}`).digest();
}

function sign(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function signAccessToken(key: Buffer, claims: AccessClaims): string {
  const payload = base64url(JSON.stringify(claims));
  return `${HEADER}.${payload}.${sign(key, `${HEADER}.${payload}`)}`;
}

export function verifyAccessToken(key: Buffer, token: string, nowSeconds: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER || !safeEqual(signature, sign(key, `${header}.${payload}`))) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!isAccessClaims(claims)) return { ok: false, reason: 'invalid' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

function isAccessClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    claims.typ === 'access' &&
    typeof claims.sid === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number'
  );
}

/** `<session id>.<generation>.<signature>`: verifiable without storing the token. */
export function makeRefreshToken(key: Buffer, sessionId: string, generation: number): string {
  return `${sessionId}.${generation}.${sign(key, `refresh:${sessionId}:${generation}`)}`;
}

export function parseRefreshToken(
  key: Buffer,
  token: string,
): { sessionId: string; generation: number } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, sessionId, generationText, signature] = match as unknown as [string, string, string, string];
  const generation = Number(generationText);
  if (!safeEqual(signature, sign(key, `refresh:${sessionId}:${generation}`))) return null;
  return { sessionId, generation };
}

/** Keyed hash of a code: a copy of the database does not give the codes away (10,000 guesses otherwise). */
export function hashSmsCode(key: Buffer, mobile: string, code: string): string {
  return createHmac('sha256', key).update(`${mobile}:${code}`).digest('hex');
}

export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}
