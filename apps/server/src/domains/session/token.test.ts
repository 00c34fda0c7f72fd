import { describe, expect, it } from 'vitest';
import {
  deriveKey,
  hashSmsCode,
  makeRefreshToken,
  parseRefreshToken,
  signAccessToken,
  verifyAccessToken,
} from './token';

const key = deriveKey('a-secret-of-the-installation-0123456789', 'access-token');
const otherKey = deriveKey('another-secret-0123456789-abcdefghijkl', 'access-token');
const claims = { typ: 'access' as const, sid: '4b0c1f7e-1111-4222-8333-944455556666', iat: 1000, exp: 8200 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  it('verifies its own tokens until they expire', () => {
    const token = signAccessToken(key, claims);
    expect(verifyAccessToken(key, token, 8199)).toEqual({ ok: true, claims });
    expect(verifyAccessToken(key, token, 8200)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another key', () => {
    expect(verifyAccessToken(key, signAccessToken(otherKey, claims), 2000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses alg none and any other header', () => {
    const payload = b64(claims);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect(verifyAccessToken(key, none, 2000).ok).toBe(false);
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signAccessToken(key, claims).split('.')[2]}`;
    expect(verifyAccessToken(key, hs512, 2000).ok).toBe(false);
  });

  it('refuses a tampered payload', () => {
    const [header, , signature] = signAccessToken(key, claims).split('.');
    const forged = `${header}.${b64({ ...claims, exp: 999999 })}.${signature}`;
    expect(verifyAccessToken(key, forged, 2000)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses garbage and claims of another kind', () => {
    expect(verifyAccessToken(key, 'not-a-token', 2000).ok).toBe(false);
    expect(verifyAccessToken(key, 'a.b.c', 2000).ok).toBe(false);
    const refreshLike = signAccessToken(key, { ...claims, typ: 'refresh' } as never);
    expect(verifyAccessToken(key, refreshLike, 2000)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('refresh tokens', () => {
  const refreshKey = deriveKey('a-secret-of-the-installation-0123456789', 'refresh-token');
  it('round-trips the session id and generation', () => {
    const token = makeRefreshToken(refreshKey, claims.sid, 7);
    expect(parseRefreshToken(refreshKey, token)).toEqual({ sessionId: claims.sid, generation: 7 });
  });

  it('refuses a token whose generation or session was edited, or made with another key', () => {
    const token = makeRefreshToken(refreshKey, claims.sid, 7);
    expect(parseRefreshToken(refreshKey, token.replace('.7.', '.8.'))).toBeNull();
    expect(parseRefreshToken(refreshKey, token.replace('4b0c', '4b0d'))).toBeNull();
    expect(parseRefreshToken(key, token)).toBeNull();
    expect(parseRefreshToken(refreshKey, signAccessToken(key, claims))).toBeNull();
  });
});

describe('code hashes', () => {
  it('depend on the key, the number and the code', () => {
    const smsKey = deriveKey('s', 'sms-code');
    const base = hashSmsCode(smsKey, '13800000000', '1234');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode(smsKey, '13800000000', '1234')).toBe(base);
    expect(hashSmsCode(smsKey, '13800000001', '1234')).not.toBe(base);
    expect(hashSmsCode(smsKey, '13800000000', '1235')).not.toBe(base);
    expect(hashSmsCode(deriveKey('t', 'sms-code'), '13800000000', '1234')).not.toBe(base);
  });
});
