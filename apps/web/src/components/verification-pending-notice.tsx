/**
 * The 'Verification Pending' screen (spec 001 §2): a seller who is not the owner must be verified before the
 * chosen agents are told about the property. Shown by the wizard, the seller home and the property page.
 */
import { cx } from '@/components/cx';

export function VerificationPendingNotice({ headingLevel = 2, className }: { headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div role="status" className={cx('rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-left', className)}>
      <Heading className="text-lg font-semibold text-ink">Verification Pending</Heading>
      <p className="mt-1 text-ink-soft">
        Once your property ownership details are verified, the agents you chose will be notified and can send you their appraisals.
      </p>
    </div>
  );
}
