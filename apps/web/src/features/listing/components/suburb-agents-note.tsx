/**
 * The address step's word on the suburb, said as soon as the suburb is known rather than after six
 * steps and an account: '3 agents serve Bondi Beach', or that none does yet with the nearby suburbs that have
 * agents (only those within a sensible distance, each with its distance). Spoken politely to screen readers when it
 * changes.
 */
import { AGENT_JOIN_ALERT_ANCHOR, agentsServeText, noAgentServesText, suburbPagePath } from '@listwise/domain/public-pages';
import { textLinkClasses } from '@/components/text-link';
import { suburbLabel } from '@listwise/domain/address-line';
import { useSuburbAgents } from '@/features/listing/api/suburb-agents';

const formatKm = (km: number) => `${km.toLocaleString('en-AU', { maximumFractionDigits: 1 })} km`;

export function SuburbAgentsNote({ suburbId }: { suburbId: string | null }) {
  const [{ data }] = useSuburbAgents(suburbId);
  const suburb = suburbId ? data?.suburbs.find((s) => s.id === suburbId) : undefined;
  return (
    <div role="status" aria-live="polite">
      {suburb &&
        (suburb.servingAgentsCount > 0 ? (
          <p className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 leading-7 text-ink">
            <strong>{agentsServeText(suburb.servingAgentsCount, suburb.name)}</strong> on Listwise. Once your listing is done you choose up
            to 5 of them to appraise it.
          </p>
        ) : (
          <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 leading-7 text-ink">
            <p>
              <strong>{noAgentServesText(suburb.name)}.</strong> You can still list your property: when an agent who serves {suburb.name}{' '}
              joins, you can ask them from your listing.{' '}
              <a className={textLinkClasses} href={`${suburbPagePath(suburb)}#${AGENT_JOIN_ALERT_ANCHOR}`}>
                Be told by e-mail when an agent joins in {suburb.name}
              </a>
              .
            </p>
            {suburb.nearbySuburbsWithAgents.length > 0 && (
              <>
                <p className="mt-2">Nearby suburbs with agents (distance in a straight line):</p>
                <ul className="list-disc pl-6">
                  {suburb.nearbySuburbsWithAgents.map(({ suburb: s, distanceKm }) => (
                    <li key={s.id}>
                      {suburbLabel(s)}, {formatKm(distanceKm)} away (
                      {s.servingAgentsCount === 1 ? '1 agent' : `${s.servingAgentsCount} agents`})
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ))}
    </div>
  );
}
