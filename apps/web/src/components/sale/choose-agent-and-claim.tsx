/**
 * The 'Choose Agent & Claim' block of the seller's property page (spec 001 'Property detail', §6): a link to
 * /property/{id}/sale-status with the cash offer. Shown only once the settings have loaded, when at least one
 * appraisal has arrived, and while the property is not sold unconditionally. Shared so the property page
 * (another feature) can mount it: <ChooseAgentAndClaim propertyId={…} appraisalCount={…} completeType={…} />.
 */
import type { CompleteType } from '@listwise/domain/enums';
import { formatDollars } from '@listwise/domain/format';
import { ButtonLink } from '@/components/button';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';

interface ChooseAgentAndClaimProps {
  propertyId: string;
  /** Appraisals received (submitted by agents). */
  appraisalCount: number;
  completeType: CompleteType | null;
}

export function ChooseAgentAndClaim({ propertyId, appraisalCount, completeType }: ChooseAgentAndClaimProps) {
  const [{ data }] = useStaticCashbackAmount();
  if (!data || appraisalCount < 1 || completeType === 'SOLD_UNCONDITIONALLY') return null;
  const amount = formatDollars(data.staticCashbackAmount);
  return (
    <section aria-labelledby="cash-offer-heading" className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5 md:flex-row md:items-center md:justify-between">
      <div>
        <h2 id="cash-offer-heading" className="text-lg font-semibold text-brand-950">
          Get {amount} when you sell with a Listwise agent
        </h2>
        <p className="mt-1 text-sm leading-6 text-ink-soft">
          Sold your property with one of the agents who appraised it? Tell us and claim your {amount} cash offer.
        </p>
      </div>
      <ButtonLink to={`/property/${propertyId}/sale-status`} className="shrink-0">
        Choose Agent &amp; Claim
      </ButtonLink>
    </section>
  );
}
