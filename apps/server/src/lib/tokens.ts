import crypto from 'node:crypto';

/** 256-bit random tokens, URL-safe; only their SHA-256 is ever stored. */
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
