/**
 * The seller's proof of authority to sell, per listing: what it is for, the document on file (opened
 * through the short-lived link the API gives its seller), and the upload. Used by the property page (where the
 * rejection e-mail's 'Send proof' lands) and by the wizard's sale-info step once the seller says 'No'.
 */
import { useId, useState } from 'react';
import { formatDate } from '@listwise/domain/format';
import { PROOF_OF_AUTHORITY_ACCEPT, PROOF_OF_AUTHORITY_TEXTS } from '@listwise/domain/proof-of-authority';
import { buttonClasses } from '@/components/button';
import { cx } from '@/components/cx';
import { FieldError } from '@/components/field-error';
import { Spinner } from '@/components/spinner';
import { uploadProofOfAuthority, type ProofOfAuthority } from '@/components/property/proof-of-authority-api';

export function ProofOfAuthorityUpload({
  propertyId,
  proof,
  onUploaded,
  headingLevel = 3,
}: {
  propertyId: string;
  proof: ProofOfAuthority | null;
  /** Fetch the listing again (the proof on file, and its verification status). */
  onUploaded: () => void;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const inputId = useId();
  const headingId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setDone(false);
    setIsUploading(true);
    const result = await uploadProofOfAuthority(propertyId, file);
    setIsUploading(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setDone(true);
    onUploaded();
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5">
      <Heading id={headingId} className="text-lg font-semibold text-ink">
        {PROOF_OF_AUTHORITY_TEXTS.heading}
      </Heading>
      <p className="text-ink-soft">{PROOF_OF_AUTHORITY_TEXTS.intro}</p>
      {proof && (
        <p className="break-words text-ink">
          <span className="font-semibold">On file: </span>
          <a href={proof.url} target="_blank" rel="noreferrer" className="font-semibold text-brand-800 underline underline-offset-4">
            {proof.fileName}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          , uploaded {formatDate(proof.uploadedAt)}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <input
          id={inputId}
          type="file"
          accept={PROOF_OF_AUTHORITY_ACCEPT}
          disabled={isUploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="peer sr-only"
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className={cx(
            buttonClasses('secondary', 'default'),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-800',
            isUploading && 'pointer-events-none opacity-60',
          )}
        >
          {isUploading && <Spinner label="Uploading" size="sm" />}
          {proof ? PROOF_OF_AUTHORITY_TEXTS.replace : PROOF_OF_AUTHORITY_TEXTS.choose}
        </label>
        <p className="text-sm text-ink-soft">PDF, JPG, PNG or WebP, up to 10 MB.</p>
        <FieldError id={`${inputId}-error`} message={error} />
        <p role="status" className="text-sm font-medium text-ink">
          {done ? PROOF_OF_AUTHORITY_TEXTS.uploaded : ''}
        </p>
      </div>
    </section>
  );
}
