/**
 * Proof of authority to sell: a seller who is not the owner uploads, per listing, a document
 * showing they may sell it (a signed authority from the owner, or a council rates notice). Operators check it before
 * the listing's agents receive the request; agents never see it. Shared by the uploader and the server.
 */
import { fileExtensionOf, normaliseMimeType } from './media.ts';

/** The files taken, each with the MIME types a browser may report for it; the bytes must match (magic numbers). */
export const PROOF_OF_AUTHORITY_FILE_TYPES = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
} as const satisfies Record<string, readonly string[]>;

export type ProofOfAuthorityExtension = keyof typeof PROOF_OF_AUTHORITY_FILE_TYPES;

/** Largest document taken: a scanned multi-page authority fits; the upload is cut off (413) past it. */
export const PROOF_OF_AUTHORITY_MAX_BYTES = 10 * 1024 * 1024;

/** How long an operator's (or the seller's) link to the document works once the API has issued it. */
export const PROOF_OF_AUTHORITY_URL_TTL_MS = 10 * 60 * 1000;

/** The file name kept with the document (shown to the operator and the seller), at most this long. */
export const PROOF_OF_AUTHORITY_FILE_NAME_MAX = 120;

/** The `accept` attribute of the uploader's file input. */
export const PROOF_OF_AUTHORITY_ACCEPT = [
  ...Object.keys(PROOF_OF_AUTHORITY_FILE_TYPES).map((ext) => `.${ext}`),
  ...new Set(Object.values(PROOF_OF_AUTHORITY_FILE_TYPES).flat()),
].join(',');

/**
 * The MIME type to store a chosen file as, or null when it is not a PDF or an image we take. The extension decides
 * (browsers report '' for some PDFs); a browser type that disagrees with it is refused.
 */
export function proofOfAuthorityMimeType(fileName: string, browserMimeType: string): string | null {
  const extension = fileExtensionOf(fileName);
  if (!extension || !Object.prototype.hasOwnProperty.call(PROOF_OF_AUTHORITY_FILE_TYPES, extension)) return null;
  const accepted: readonly string[] = PROOF_OF_AUTHORITY_FILE_TYPES[extension as ProofOfAuthorityExtension];
  const reported = normaliseMimeType(browserMimeType);
  if (reported === '' || reported === 'application/octet-stream') return accepted[0]!;
  return accepted.includes(reported) ? reported : null;
}

/** A file name safe to keep and show: its last path part, printable characters only, not too long. */
export function cleanProofFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}"]/gu, '').trim();
  return (base || 'document').slice(-PROOF_OF_AUTHORITY_FILE_NAME_MAX);
}

export const PROOF_OF_AUTHORITY_TEXTS = {
  heading: 'Proof of authority to sell',
  intro:
    'You told us you are not the owner, so we check that you may sell this property before the agents you chose receive your request. Upload a signed authority from the owner or a council rates notice in the owner’s name, as a PDF or a photo. Agents never see it.',
  choose: 'Upload proof',
  replace: 'Replace proof',
  uploaded: 'Proof uploaded. We will check it and tell you by e-mail.',
  notAccepted: 'Upload a PDF, JPG, PNG or WebP file',
  notReadable: 'This file is not a PDF or a photo we can read. Upload a PDF, JPG, PNG or WebP file',
  tooLarge: 'The file is too large (at most 10 MB)',
} as const;

/** Where a listing stands in verification: NOT_REQUIRED for owners, PENDING until an operator VERIFIED or REJECTED it. */
export const ListingVerificationStatus = {
  NOT_REQUIRED: 'NOT_REQUIRED',
  PENDING: 'PENDING',
  VERIFIED: 'VERIFIED',
  REJECTED: 'REJECTED',
} as const;
export type ListingVerificationStatus = (typeof ListingVerificationStatus)[keyof typeof ListingVerificationStatus];
