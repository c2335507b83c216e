import type { AggregateRating, Organization, Person, Review, WebSite, WithContext } from 'schema-dts';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '@listwise/domain/reviews';
import { suburbLabel } from '@listwise/domain/address-line';
import type { SuburbRow } from '../../db/schema/suburbs.ts';
import type { AgentView, PublicReview } from './pages/agent-parts.tsx';

/**
 * The public pages' JSON-LD, typed against schema.org's own vocabulary (schema-dts), so a property on a type that
 * does not have it fails the typecheck rather than a validator.
 *
 * An agent is a `Person` who `worksFor` a `RealEstateAgent` (the agency: a LocalBusiness, which search engines expect
 * with an `address`; Listwise holds the state the agency's licence is in, so the address says that and no more).
 * schema.org gives `aggregateRating` and `review` to organisations, not people, so the agent's rating and reviews are
 * their own nodes whose `itemReviewed` is the person; they appear only where the page shows them (the average from
 * REVIEW_SUMMARY_MIN_COUNT published reviews, the reviews listed).
 */

const CONTEXT = 'https://schema.org' as const;

export function organizationJsonLd(appUrl: string, logoUrl: string): WithContext<Organization> {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${appUrl}/#organization`,
    name: 'Listwise',
    url: `${appUrl}/`,
    logo: logoUrl,
    description: 'An Australian marketplace where home sellers ask up to five local real estate agents for an appraisal.',
    areaServed: { '@type': 'Country', name: 'Australia' },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: SUPPORT_EMAIL,
      telephone: `+61 ${SUPPORT_PHONE}`,
      areaServed: 'AU',
      availableLanguage: 'en-AU',
    },
  };
}

export function webSiteJsonLd(appUrl: string): WithContext<WebSite> {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${appUrl}/#website`,
    name: 'Listwise',
    url: `${appUrl}/`,
    inLanguage: 'en-AU',
    publisher: { '@id': `${appUrl}/#organization` },
  };
}

export interface AgentJsonLdInput {
  /** The profile's canonical URL. */
  url: string;
  agent: AgentView;
  bio: string;
  served: SuburbRow[];
  reviews: PublicReview[];
}

/** The agent's profile as a graph: the person, their agency, and (where shown) their rating and reviews. */
export function agentJsonLd({ url, agent, bio, served, reviews }: AgentJsonLdInput) {
  const personId = `${url}#agent`;
  const person: Person = {
    '@type': 'Person',
    '@id': personId,
    name: agent.name,
    url,
    jobTitle: 'Real estate agent',
    ...(agent.photoUrl && { image: agent.photoUrl }),
    ...(bio && { description: bio }),
    worksFor: {
      '@type': 'RealEstateAgent',
      name: agent.agencyName,
      address: { '@type': 'PostalAddress', addressRegion: agent.licenceState, addressCountry: 'AU' },
      areaServed: served.map((s) => ({ '@type': 'Place' as const, name: suburbLabel(s) })),
    },
  };
  const rating = (value: number) => ({
    '@type': 'Rating' as const,
    ratingValue: value,
    bestRating: REVIEW_RATING_MAX,
    worstRating: REVIEW_RATING_MIN,
  });
  const aggregate: AggregateRating[] =
    agent.reviewSummary.averageRating === null
      ? []
      : [
          {
            '@type': 'AggregateRating',
            itemReviewed: { '@id': personId },
            ratingValue: agent.reviewSummary.averageRating,
            reviewCount: agent.reviewSummary.count,
            bestRating: REVIEW_RATING_MAX,
            worstRating: REVIEW_RATING_MIN,
          },
        ];
  const reviewNodes: Review[] = reviews.map((review) => ({
    '@type': 'Review',
    itemReviewed: { '@id': personId },
    author: { '@type': 'Person', name: review.reviewerFirstName },
    datePublished: review.createdAt.toISOString().slice(0, 10),
    reviewBody: review.text,
    reviewRating: rating(review.rating),
  }));
  return { '@context': CONTEXT, '@graph': [person, ...aggregate, ...reviewNodes] };
}
