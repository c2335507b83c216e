import { badgeForSales, badgeSalesLabel, badgeTier } from '@listwise/domain/badges';
import { formatDateInZone } from '@listwise/domain/format';
import {
  MIN_APPRAISALS_FOR_RESPONSE_TIME,
  MIN_SALES_FOR_TRACK_RECORD,
  PUBLIC_FIGURES_WINDOW_MONTHS,
  formatResponseTime,
  type PublicAgentFigures,
} from '@listwise/domain/public-pages';
import type { MoneyDisclosure } from '@listwise/domain/disclosure';

/**
 * What a public page shows of an agent: only the profile the agent wrote, the licence check and Listwise's own
 * figures. Nothing here can name a seller, an address or a price of a property (the figures are counts, a time and
 * percentages), which the page tests hold it to.
 */

export interface AgentView {
  name: string;
  path: string;
  photoUrl: string | null;
  agencyName: string;
  numberOfEngagements: number;
  licenceState: string;
  licenceVerifiedAt: Date | null;
  figures: PublicAgentFigures;
}

export function AgentTags({ agent }: { agent: AgentView }) {
  const badge = badgeForSales(agent.numberOfEngagements);
  return (
    <p>
      <span className="tag">
        Licence verified{agent.licenceVerifiedAt ? ` ${formatDateInZone(agent.licenceVerifiedAt)}` : ''} ({agent.licenceState})
      </span>
      {badge && (
        <span className="tag">
          {badgeTier(badge).label} badge: {badgeSalesLabel(badge)}
        </span>
      )}
    </p>
  );
}

export function AgentFigures({ figures }: { figures: PublicAgentFigures }) {
  const record = figures.trackRecord;
  return (
    <dl className="figures">
      <div>
        <dt>Appraisals sent in the last {PUBLIC_FIGURES_WINDOW_MONTHS} months</dt>
        <dd>{figures.appraisalsSentLast12Months}</dd>
      </div>
      <div>
        <dt>Median time from request to appraisal</dt>
        <dd>
          {figures.medianResponseMinutes === null
            ? `Shown from ${MIN_APPRAISALS_FOR_RESPONSE_TIME} appraisals`
            : formatResponseTime(figures.medianResponseMinutes)}
        </dd>
      </div>
      <div>
        <dt>Track record</dt>
        <dd>
          {record
            ? `${record.salesWithinRange} of ${record.confirmedSales} confirmed sales within the appraised range; median deviation ${record.medianDeviationPercent}%`
            : `Shown from ${MIN_SALES_FOR_TRACK_RECORD} confirmed sales`}
        </dd>
      </div>
    </dl>
  );
}

export function AgentPhoto({ agent, large, eager }: { agent: AgentView; large?: boolean; eager?: boolean }) {
  const size = large ? 112 : 96;
  if (!agent.photoUrl) return <span className={large ? 'photo-lg' : 'photo'} aria-hidden="true" />;
  return (
    <img
      className={large ? 'photo-lg' : undefined}
      src={agent.photoUrl}
      alt={`Photo of ${agent.name}`}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** The short form of "How Listwise makes money", linking to the full page. */
export function ShortDisclosure({ disclosure }: { disclosure: MoneyDisclosure }) {
  return (
    <aside className="disclosure" aria-label={disclosure.heading}>
      <p>
        <strong>{disclosure.heading}.</strong> {disclosure.paragraphs.join(' ')} <a href="/how-we-rank">{disclosure.linkText}</a>
      </p>
    </aside>
  );
}
