import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `signed_id`: `<blob id>.<team id>.<HMAC>`: a reference to an uploaded blob that cannot be forged or
 * moved to another team. The server still checks the blob's team in the database.
 */
export function signBlobId(key: Buffer, blobId: string, teamId: number): string {
  const mac = createHmac('sha256', key).update(`blob:${blobId}:${teamId}`).digest('base64url');
  return `${blobId}.${teamId}.${mac}`;
}

export function verifySignedBlobId(key: Buffer, signedId: string, teamId: number): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(signedId);
  if (!match) return null;
  const [, blobId, team] = match as unknown as [string, string, string, string];
  if (Number(team) !== teamId) return null;
  const expected = Buffer.from(signBlobId(key, blobId, teamId));
  const given = Buffer.from(signedId);
  return expected.length === given.length && timingSafeEqual(expected, given) ? blobId : null;
}
