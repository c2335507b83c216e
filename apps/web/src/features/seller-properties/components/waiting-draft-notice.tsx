/**
 * 'Continue your listing' on the seller's home: a seller who verified their e-mail in another tab and
 * pressed Continue there lands on /, where the listing they were building must not go unmentioned. Shows the
 * draft's address and resumes at the first step still lacking a required answer, else where the wizard left off
 * (lib/listing-resume.ts).
 */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import { ButtonLink } from '@/components/button';
import { RESUME_LISTING_PATH } from '@/lib/listing-resume';
import { fullAddress } from '@/features/seller-properties/lib/property-display';

const WaitingDraftQuery = graphql(`
  query WaitingDraft {
    currentDraftProperty {
      id
      unitNumber
      streetNumber
      streetName
      suburb {
        ...SuburbRefFields
      }
    }
  }
`);

export function WaitingDraftNotice() {
  const [{ data }] = useQuery({ query: WaitingDraftQuery, requestPolicy: 'cache-and-network' });
  const draft = data?.currentDraftProperty;
  if (!draft) return null;
  const address = fullAddress(draft);
  return (
    <section
      aria-labelledby="waiting-draft-title"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <h2 id="waiting-draft-title" className="text-lg font-semibold text-ink">
          Your listing is waiting
        </h2>
        <p className="text-ink">
          {address ? <strong className="font-semibold">{address}</strong> : 'Your property'} is saved, but not yet sent to agents for an
          appraisal.
        </p>
      </div>
      <ButtonLink to={RESUME_LISTING_PATH} width="auto">
        Continue your listing
      </ButtonLink>
    </section>
  );
}
