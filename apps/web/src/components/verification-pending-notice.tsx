/**
 * The 'Verification Pending' screen (spec 001 §2): a listing by a seller who is not the owner must be verified before
 * the chosen agents are told about it (per listing). Shown by the wizard, the seller home and the
 * property page. When an operator could not verify the listing, it says why and what to do next instead (the same
 * words as the e-mail), with a link to the listing's proof upload when there is one.
 */
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '@listwise/domain/constants';
import { SELLER_REJECTION_NEXT_STEPS } from '@listwise/domain/seller-verification';
import { cx } from '@/components/cx';

export function VerificationPendingNotice({
  headingLevel = 2,
  className,
  isRejected = false,
  rejectionReason,
  children,
}: {
  headingLevel?: 2 | 3;
  className?: string;
  isRejected?: boolean;
  rejectionReason?: string | null;
  /** What the seller can do here (the proof upload on the property page). */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (isRejected) {
    const [before, after] = SELLER_REJECTION_NEXT_STEPS.split(SUPPORT_EMAIL);
    return (
      <div className={cx('rounded-xl border border-danger/40 bg-danger-soft px-5 py-4 text-left', className)}>
        <Heading className="text-lg font-semibold text-ink">We could not verify your listing</Heading>
        {rejectionReason && (
          <p className="mt-2 text-ink">
            <span className="font-semibold">Reason: </span>
            {rejectionReason}
          </p>
        )}
        <p className="mt-2 text-ink">
          {before}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-800 underline underline-offset-4">
            {SUPPORT_EMAIL}
          </a>
          {after}
        </p>
        {children}
      </div>
    );
  }

  return (
    <div role="status" className={cx('rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-left', className)}>
      <Heading className="text-lg font-semibold text-ink">Verification Pending</Heading>
      <p className="mt-1 text-ink-soft">
        Once your property ownership details are verified, the agents you chose will be notified and can send you their appraisals.
      </p>
      {children}
    </div>
  );
}
