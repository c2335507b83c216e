import crypto from 'node:crypto';
import { maskAccountNumber, maskBsb } from '@listwise/domain/sale-validation';

/**
 * Bank details of a cashback claim, encrypted at rest with AES-256-GCM. The key is derived from the app
 * secret with HKDF (SHA-256) under its own label, so it is never the secret itself and no other feature's
 * key. Each value gets a fresh 96-bit nonce, and is bound to its claim and field through the additional
 * data: a ciphertext copied onto another claim or field does not decrypt. Stored as
 * `v1.<nonce>.<ciphertext>.<tag>` (base64url), the version leaving room to rotate the key.
 */
const KEY_INFO = 'listwise:cashback-bank-details:v1';
const keyCache = new Map<string, Buffer>();

function keyFor(appSecret: string): Buffer {
  let key = keyCache.get(appSecret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', appSecret, 'listwise-bank-details', KEY_INFO, 32));
    keyCache.set(appSecret, key);
  }
  return key;
}

export type BankDetailsField = 'bsb' | 'accountNumber' | 'accountName';
/** A payout batch's file holds the clear bank details of its claims: sealed the same way, bound to the batch and format. */
type SealedField = BankDetailsField | `payoutFile:${string}`;

export function encryptBankField(appSecret: string, claimId: string, field: SealedField, plaintext: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(appSecret), nonce);
  cipher.setAAD(Buffer.from(`${claimId}:${field}`));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws if the value was tampered with, belongs to another claim or field, or was made with another key. */
export function decryptBankField(appSecret: string, claimId: string, field: SealedField, stored: string): string {
  const [version, nonce, ciphertext, tag] = stored.split('.');
  if (version !== 'v1' || !nonce || ciphertext === undefined || !tag) throw new Error('unrecognised bank details ciphertext');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(`${claimId}:${field}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

export interface BankDetails {
  bsb: string;
  accountNumber: string;
  /** Null on claims made before the account name was asked for. */
  accountName: string | null;
}

/** The columns of a claim's bank details: ciphertexts plus the masked forms the API shows. */
export function sealBankDetails(appSecret: string, claimId: string, details: BankDetails) {
  return {
    bsbEncrypted: encryptBankField(appSecret, claimId, 'bsb', details.bsb),
    accountNumberEncrypted: encryptBankField(appSecret, claimId, 'accountNumber', details.accountNumber),
    accountNameEncrypted: details.accountName === null ? null : encryptBankField(appSecret, claimId, 'accountName', details.accountName),
    bsbMasked: maskBsb(details.bsb),
    accountNumberMasked: maskAccountNumber(details.accountNumber),
  };
}

/** The clear bank details of a claim, for the payout file only (never an API answer). */
export function openBankDetails(
  appSecret: string,
  claim: { id: string; bsbEncrypted: string; accountNumberEncrypted: string; accountNameEncrypted: string | null },
): BankDetails {
  return {
    bsb: decryptBankField(appSecret, claim.id, 'bsb', claim.bsbEncrypted),
    accountNumber: decryptBankField(appSecret, claim.id, 'accountNumber', claim.accountNumberEncrypted),
    accountName:
      claim.accountNameEncrypted === null ? null : decryptBankField(appSecret, claim.id, 'accountName', claim.accountNameEncrypted),
  };
}
