/** Reads one sample of Prometheus' text format: `value(text, 'name', { label: 'x' })`, 0 when absent. */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

export async function scrape(metricsUrl: string | null): Promise<string> {
  if (!metricsUrl) throw new Error('the server serves no metrics: start it with METRICS_PORT');
  const response = await fetch(metricsUrl);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}
