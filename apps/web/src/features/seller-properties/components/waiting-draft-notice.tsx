/**
 * 'Continue your listing' on the seller's home: a seller who verified their e-mail in another tab and
 * pressed Continue there lands on /, where the listing they were building must not go unmentioned. Shows the
 * draft's address and resumes where the wizard left off (the stored next page, else choosing agents).
 */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import { ButtonLink } from '@/components/button';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
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

const SELECT_AGENTS = '/new-property/select-agents';

/**
 * Where the listing resumes: choosing agents once the account is finished and verified (that page names any
 * answer still missing, with a link to its step), otherwise the wizard page stored last.
 */
export const resumePathFor = (
  me: Pick<CurrentUser, 'profileComplete' | 'isEmailVerified' | 'sellerProfile'> | null | undefined,
): string => {
  if (!me || (me.profileComplete && me.isEmailVerified)) return SELECT_AGENTS;
  const nextPage = me.sellerProfile?.nextPage;
  return nextPage?.startsWith('/new-property/') ? nextPage : '/new-property/details';
};

export function WaitingDraftNotice() {
  const [{ data }] = useQuery({ query: WaitingDraftQuery, requestPolicy: 'cache-and-network' });
  const [{ data: meData }] = useCurrentUser();
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
      <ButtonLink to={resumePathFor(meData?.me)} width="auto">
        Continue your listing
      </ButtonLink>
    </section>
  );
}
