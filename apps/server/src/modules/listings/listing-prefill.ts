import crypto from 'node:crypto';
import { listingPrefillSchema, type ListingPrefill } from '@listwise/domain/listing';
import type { Config } from '../../config.ts';

/**
 * Prefill links of the listing address step (spec 001 §2: 'pre-fills from an encrypted hash in the URL').
 * Format (docs/listing-prefill.md): `/new-property/address#<token>`, where
 *   token = base64url( version byte 0x01 ‖ 12-byte IV ‖ AES-256-GCM ciphertext ‖ 16-byte tag )
 * over the UTF-8 JSON `{ "address"?, "name"?, "email"?, "consent"? }`, with the associated data
 * 'listwise-prefill-v1'. The key never leaves the server: the web app sends the token to `listingPrefill`.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('listwise-prefill-v1');
const MAX_TOKEN_CHARS = 4096;

/** The 32-byte key: LISTING_PREFILL_KEY (base64), else derived from APP_SECRET so development works unconfigured. */
export function prefillKey(config: Pick<Config, 'LISTING_PREFILL_KEY' | 'appSecret'>): Buffer {
  if (config.LISTING_PREFILL_KEY) {
    const key = Buffer.from(config.LISTING_PREFILL_KEY, 'base64');
    if (key.length !== 32) throw new Error('LISTING_PREFILL_KEY must be 32 bytes, base64 encoded');
    return key;
  }
  return crypto.createHash('sha256').update(`listing-prefill:${config.appSecret}`).digest();
}

/** Encrypts prefill data into a URL-safe token (used by the marketing site and tests). */
export function encryptListingPrefill(key: Buffer, data: ListingPrefill): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** The prefill data of a token, or null when it is malformed, tampered with or made with another key. */
export function decryptListingPrefill(key: Buffer, token: string): ListingPrefill | null {
  const trimmed = token.trim().replace(/^#/, '');
  if (!trimmed || trimmed.length > MAX_TOKEN_CHARS || !/^[A-Za-z0-9_-]+$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64url');
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) return null;
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const ciphertext = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES);
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(AAD);
    decipher.setAuthTag(tag);
    const json = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    const parsed = listingPrefillSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
