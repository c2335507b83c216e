/**
 * 'How fast you answer' on the agent's home: the median time from a request to the agent first opening it and to
 * the appraisal, over 90 days, each beside the median of every agent in the agent's suburbs.
 */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';

const ResponseTimesQuery = graphql(`
  query MyResponseTimes {
    myResponseTimes {
      requestCount
      firstViewMedianMinutes
      appraisalMedianMinutes
      suburbFirstViewMedianMinutes
      suburbAppraisalMedianMinutes
    }
  }
`);

/** '45 min', '3 h 20 min', '2 days': a median is a rough figure, so two units at most. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  return `${Math.round(minutes / (24 * 60))} days`;
}

export function ResponseTimes() {
  const [{ data }] = useQuery({ query: ResponseTimesQuery, requestPolicy: 'cache-and-network' });
  const times = data?.myResponseTimes;
  if (!times || times.requestCount === 0) return null;
  const requests = `${times.requestCount} ${times.requestCount === 1 ? 'request' : 'requests'}`;
  const rows = [
    ['First look at a request', times.firstViewMedianMinutes, times.suburbFirstViewMedianMinutes],
    ['Appraisal sent', times.appraisalMedianMinutes, times.suburbAppraisalMedianMinutes],
  ] as const;
  return (
    <section aria-labelledby="response-times-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="response-times-title" className="text-lg font-semibold text-ink">
        How fast you answer
      </h2>
      <p className="mt-1 text-sm text-ink-soft">Median time from a seller’s request, over the last 90 days ({requests}).</p>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="text-ink-soft">
            <th scope="col" className="py-1 pr-3 font-medium">
              <span className="sr-only">Step</span>
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              You
            </th>
            <th scope="col" className="py-1 font-medium">
              Agents in your suburbs
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, own, suburb]) => (
            <tr key={label} className="border-t border-slate-200">
              <th scope="row" className="py-2 pr-3 font-medium text-ink">
                {label}
              </th>
              <td className="whitespace-nowrap py-2 pr-3 font-semibold text-brand-900">{formatDuration(own)}</td>
              <td className="whitespace-nowrap py-2 text-ink">{formatDuration(suburb)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
