/**
 * The soak's arithmetic (soak.ts): samples taken over the run, split into fifths, and the rule that fails it: any
 * request that errs, or any figure whose last fifth is more than 20% above its first (beyond a small absolute
 * slack, so a figure near zero cannot fail on a millisecond or a single job).
 */
export const GROWTH_LIMIT = 0.2;

export interface Figure {
  name: string;
  first: number;
  last: number;
  unit: string;
  /** Growth below this much (in the figure's unit) never fails, whatever its share. */
  slack: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** The fifth of the run a moment falls in (0 to 4). */
export const fifthOf = (at: number, startedAt: number, durationMs: number) =>
  Math.min(4, Math.max(0, Math.floor(((at - startedAt) / durationMs) * 5)));

export function grew(figure: Figure): boolean {
  const growth = figure.last - figure.first;
  return growth > figure.slack && growth > figure.first * GROWTH_LIMIT;
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-AU') : String(Math.round(n * 10) / 10));

export function figureRow(figure: Figure): string {
  const change =
    figure.first === 0 ? (figure.last === 0 ? '0%' : '—') : `${Math.round(((figure.last - figure.first) / figure.first) * 100)}%`;
  return `| ${figure.name} | ${fmt(figure.first)} ${figure.unit} | ${fmt(figure.last)} ${figure.unit} | ${change} | ${grew(figure) ? 'FAIL' : 'ok'} |`;
}
