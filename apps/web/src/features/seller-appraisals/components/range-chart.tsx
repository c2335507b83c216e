/**
 * The comparison's range chart: every agent's selling range as a bar on one shared price axis, the
 * seller's own estimated-value band shaded behind them and the chosen sale price as a line. The drawing is hidden
 * from assistive technology; a table with the same figures stands in for it.
 */
import { useId } from 'react';
import { formatDollars } from '@listwise/domain/format';
import type { ComparedAppraisal } from '@/features/seller-appraisals/api/appraisal-comparison';
import { midpointOf, priceTickLabel, type priceAxis } from '@/features/seller-appraisals/lib/comparison';

interface RangeChartProps {
  appraisals: ComparedAppraisal[];
  axis: ReturnType<typeof priceAxis>;
  estimate: { minDollars: number; maxDollars: number | null } | null;
  estimateLabel: string | null;
  price: number;
}

export function RangeChart({ appraisals, axis, estimate, estimateLabel, price }: RangeChartProps) {
  const titleId = useId();
  const ticks = [0, 0.5, 1].map((f) => axis.start + (axis.end - axis.start) * f);
  const band = estimate && {
    left: axis.position(estimate.minDollars),
    right: axis.position(estimate.maxDollars ?? axis.end),
  };
  const isBandVisible = !!band && band.right > band.left;

  return (
    <figure
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5 break-inside-avoid print:p-3"
    >
      <figcaption id={titleId} className="text-lg font-semibold text-ink">
        Selling ranges on one scale
      </figcaption>
      <div aria-hidden="true" className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-soft">
          {estimateLabel && (
            <span className="inline-flex items-center gap-2">
              <span className="inline-block h-3 w-5 rounded-sm border border-amber-500 bg-amber-100" />
              Your estimate ({estimateLabel}){!isBandVisible && ', outside this scale'}
            </span>
          )}
          <span className="inline-flex items-center gap-2">
            <span className="inline-block h-3 w-0.5 bg-ink" />
            Sale price {formatDollars(price)}
          </span>
        </div>
        <div className="relative">
          {isBandVisible && (
            <div
              className="absolute inset-y-0 rounded-sm border-x border-amber-500 bg-amber-100/80"
              style={{ left: `${band.left}%`, width: `${band.right - band.left}%` }}
            />
          )}
          <ul className="relative flex flex-col gap-3 py-2">
            {appraisals.map((appraisal) => {
              const hasRange = appraisal.sellingRangeMin !== null && appraisal.sellingRangeMax !== null;
              const left = hasRange ? axis.position(appraisal.sellingRangeMin!) : 0;
              const right = hasRange ? axis.position(appraisal.sellingRangeMax!) : 0;
              return (
                <li key={appraisal.id} className="flex flex-col gap-1">
                  {/* Over the estimate band and the sale-price line, on a backing of its own so neither runs through the name. */}
                  <span className="relative z-10 -mx-1 w-fit max-w-full rounded-sm bg-white/85 px-1 text-sm font-medium break-words text-ink">
                    {appraisal.agent?.name ?? 'Agent'}
                  </span>
                  <div className="relative h-5">
                    {hasRange && (
                      <div
                        className="absolute top-0 h-5 rounded-full bg-brand-700"
                        style={{ left: `${left}%`, width: `${Math.max(right - left, 1)}%` }}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-ink" style={{ left: `${axis.position(price)}%` }} />
        </div>
        <div className="relative h-5 text-xs text-ink-soft">
          {ticks.map((tick, i) => (
            <span
              key={tick}
              className="absolute whitespace-nowrap"
              style={i === 0 ? { left: 0 } : i === ticks.length - 1 ? { right: 0 } : { left: `${i * 50}%`, transform: 'translateX(-50%)' }}
            >
              {priceTickLabel(tick)}
            </span>
          ))}
        </div>
      </div>
      {/* A table ignores sr-only's 1px width; its wrapper clips it so it never widens the page. */}
      <div className="sr-only">
        <table>
          <caption>Selling ranges and your estimate</caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Lowest</th>
              <th scope="col">Highest</th>
              <th scope="col">Midpoint</th>
            </tr>
          </thead>
          <tbody>
            {appraisals.map((appraisal) => {
              const midpoint = midpointOf(appraisal);
              return (
                <tr key={appraisal.id}>
                  <th scope="row">{appraisal.agent?.name ?? 'Agent'}</th>
                  <td>{appraisal.sellingRangeMin === null ? 'Not given' : formatDollars(appraisal.sellingRangeMin)}</td>
                  <td>{appraisal.sellingRangeMax === null ? 'Not given' : formatDollars(appraisal.sellingRangeMax)}</td>
                  <td>{midpoint === null ? 'Not given' : formatDollars(midpoint)}</td>
                </tr>
              );
            })}
            {estimate && (
              <tr>
                <th scope="row">Your estimate</th>
                <td>{formatDollars(estimate.minDollars)}</td>
                <td>{estimate.maxDollars === null ? 'No upper limit' : formatDollars(estimate.maxDollars)}</td>
                <td>Not applicable</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
