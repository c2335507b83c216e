/**
 * Hands content made in the page (a calendar invite, a payout file, an invoice PDF) to the browser as a download:
 * a temporary link to an object URL, clicked and removed. The content never touches storage on the way.
 */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Bytes sent base64-encoded in a GraphQL answer, as a Blob of `type`. */
export function blobFromBase64(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
