/**
 * Uploading a listing's proof of authority to sell: `PUT /properties/<id>/proof-of-authority` with
 * the session's bearer token, the file's type and its name. The server checks the bytes; this checks what it can
 * first (type by name, size) so the seller hears at once. Free of React.
 */
import { graphql } from '@/generated/graphql';
import { ERROR_MESSAGES, isErrorCode } from '@listwise/domain/errors';
import { PROOF_OF_AUTHORITY_MAX_BYTES, PROOF_OF_AUTHORITY_TEXTS, proofOfAuthorityMimeType } from '@listwise/domain/proof-of-authority';
import { MEDIA_TEXTS } from '@listwise/domain/media';
import { authStore } from '@/lib/auth-store';
import type { ProofOfAuthorityFieldsFragment } from '@/generated/graphql/graphql';

export type ProofOfAuthority = ProofOfAuthorityFieldsFragment;

export const ProofOfAuthorityFields = graphql(`
  fragment ProofOfAuthorityFields on ProofOfAuthority {
    fileName
    mimeType
    uploadedAt
    url
  }
`);

export type ProofUploadResult = { ok: true } | { ok: false; message: string };

export async function uploadProofOfAuthority(propertyId: string, file: File): Promise<ProofUploadResult> {
  const mimeType = proofOfAuthorityMimeType(file.name, file.type);
  if (!mimeType) return { ok: false, message: PROOF_OF_AUTHORITY_TEXTS.notAccepted };
  if (file.size > PROOF_OF_AUTHORITY_MAX_BYTES) return { ok: false, message: PROOF_OF_AUTHORITY_TEXTS.tooLarge };
  const token = authStore.getState().token;
  if (!token) return { ok: false, message: ERROR_MESSAGES.unauthorized };
  let response: Response;
  try {
    response = await fetch(`/properties/${encodeURIComponent(propertyId)}/proof-of-authority`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': mimeType, 'x-file-name': encodeURIComponent(file.name) },
      body: file,
    });
  } catch {
    return { ok: false, message: MEDIA_TEXTS.uploadFailed };
  }
  if (response.ok) return { ok: true };
  if (response.status === 401) authStore.expireSession(token);
  const body = (await response.json().catch(() => null)) as { errors?: { extensions?: { code?: string } }[] } | null;
  const code = body?.errors?.[0]?.extensions?.code;
  if (code === 'user_media_file_too_large') return { ok: false, message: PROOF_OF_AUTHORITY_TEXTS.tooLarge };
  if (code === 'user_media_file_extension_not_supported') return { ok: false, message: PROOF_OF_AUTHORITY_TEXTS.notAccepted };
  if (code === 'user_media_content_not_supported') return { ok: false, message: PROOF_OF_AUTHORITY_TEXTS.notReadable };
  return { ok: false, message: code && isErrorCode(code) ? ERROR_MESSAGES[code] : MEDIA_TEXTS.uploadFailed };
}
