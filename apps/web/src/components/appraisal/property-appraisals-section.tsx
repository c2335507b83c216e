/**
 * The appraisals section of the seller's property page, anchored at #appraisals (spec 001 'Property detail'):
 * '{n} Appraisals received' (or 'Appraisals'), one card per submitted appraisal linking to
 * /property/{propertyId}/appraisal/{appraisalId} with the sent date, agent name, agency, photo and logo, or the
 * note that appraisals arrive within 48 hours.
 *
 * The property page selects `propertyAppraisals { ...PropertyAppraisalCardFields }` on its property and renders
 * `<PropertyAppraisalsSection propertyId appraisals />`.
 */
import { Link } from 'react-router';
import { gql } from 'urql';
import { formatDatePadded } from '@listwise/domain/format';

export interface PropertyAppraisalCard {
  id: string;
  sentAt: string | null;
  agent: {
    id: string;
    name: string | null;
    agencyName: string | null;
    profilePicture: { id: string; url: string | null; thumbnailUrl: string | null } | null;
    agencyLogo: { id: string; url: string | null; thumbnailUrl: string | null } | null;
  } | null;
}

export const PropertyAppraisalCardFields = gql`
  fragment PropertyAppraisalCardFields on PropertyAppraisal {
    id
    sentAt
    agent {
      id
      name
      agencyName
      profilePicture {
        id
        url
        thumbnailUrl
      }
      agencyLogo {
        id
        url
        thumbnailUrl
      }
    }
  }
`;

const imageOf = (media: { url: string | null; thumbnailUrl: string | null } | null | undefined) =>
  media?.thumbnailUrl ?? media?.url ?? null;

export const appraisalsHeading = (count: number) => (count > 0 ? `${count} Appraisals received` : 'Appraisals');

export function PropertyAppraisalsSection({ propertyId, appraisals }: { propertyId: string; appraisals: PropertyAppraisalCard[] }) {
  return (
    <section id="appraisals" aria-labelledby="appraisals-heading" className="scroll-mt-24">
      <h2 id="appraisals-heading" className="mb-4 text-2xl font-semibold text-ink">
        {appraisalsHeading(appraisals.length)}
      </h2>
      {appraisals.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-white px-6 py-8 text-ink-soft">
          Your appraisals are on their way. Agents have 48 hours to send them, and we will email you as each one arrives.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {appraisals.map((appraisal) => {
            const picture = imageOf(appraisal.agent?.profilePicture);
            const logo = imageOf(appraisal.agent?.agencyLogo);
            const name = appraisal.agent?.name ?? 'Agent';
            return (
              <li key={appraisal.id}>
                <Link
                  to={`/property/${propertyId}/appraisal/${appraisal.id}`}
                  className="flex items-center gap-4 rounded-xl border border-line bg-white p-4 transition-shadow hover:shadow-md"
                >
                  {picture ? (
                    <img src={picture} alt="" className="size-16 shrink-0 rounded-full object-cover" />
                  ) : (
                    <span className="size-16 shrink-0 rounded-full bg-brand-50" aria-hidden="true" />
                  )}
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-lg font-semibold text-ink">{name}</span>
                    {appraisal.agent?.agencyName && <span className="truncate text-ink-soft">{appraisal.agent.agencyName}</span>}
                    {appraisal.sentAt && <span className="text-sm text-ink-soft">Received {formatDatePadded(appraisal.sentAt)}</span>}
                  </span>
                  {logo && (
                    <img
                      src={logo}
                      alt={appraisal.agent?.agencyName ? `${appraisal.agent.agencyName} logo` : ''}
                      className="h-10 w-20 shrink-0 object-contain"
                    />
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
