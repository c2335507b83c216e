import crypto from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';

/**
 * Signed upload tokens for the local upload route (`PUT /media/upload/<token>`): `<mediaId>.<expiresAt>.<hmac>`,
 * HMAC-SHA256 with APP_SECRET. The signature makes them unforgeable and the expiry short-lived; single use is
 * recorded on the media row (`upload_token_used_at`), so a token cannot be replayed even before it expires.
 */
const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`media-upload:${payload}`).digest('base64url');

export function createUploadToken(secret: string, mediaId: string, expiresAt: Date): string {
  const payload = `${mediaId}.${expiresAt.getTime()}`;
  return `${payload}.${sign(secret, payload)}`;
}

export type UploadTokenCheck = { ok: true; mediaId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUploadToken(secret: string, token: string, now: Date): UploadTokenCheck {
  const [mediaId, expiresAtMs, signature, ...rest] = token.split('.');
  if (rest.length || !isUuid(mediaId) || !expiresAtMs || !/^\d+$/.test(expiresAtMs) || !signature) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = Buffer.from(sign(secret, `${mediaId}.${expiresAtMs}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (Number(expiresAtMs) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, mediaId };
}
