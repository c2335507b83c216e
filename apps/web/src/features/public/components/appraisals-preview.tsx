/**
 * The homepage's picture of the product: three appraisals of one home as a seller sees them side by side. Made of
 * markup rather than an image, so it stays sharp, costs no download and reads as text to a screen reader.
 */
const EXAMPLES = [
  { initials: 'JM', name: 'Jess Morgan', agency: 'Harbour Realty', range: '$1.82m – $1.95m', commission: '1.9% incl. GST' },
  {
    initials: 'DP',
    name: 'Dev Patel',
    agency: 'Coastal Property',
    range: '$1.78m – $1.90m',
    commission: '2.2% incl. GST',
    badge: 'Silver',
  },
  { initials: 'AL', name: 'Amy Lee', agency: 'Eastside Estates', range: '$1.85m – $2.00m', commission: '$24,000 flat' },
] as const;

export function AppraisalsPreview() {
  return (
    <figure className="rounded-2xl bg-white p-5 text-ink shadow-2xl ring-1 ring-black/5">
      <figcaption className="flex flex-col gap-0.5 border-b border-slate-200 pb-4">
        <span className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Example</span>
        <span className="text-lg font-semibold">3 appraisals received</span>
        <span className="text-sm text-ink-soft">3 bedroom house, Bondi NSW 2026</span>
      </figcaption>
      <ul className="mt-2 divide-y divide-slate-100">
        {EXAMPLES.map((agent) => (
          <li key={agent.name} className="flex items-center gap-3 py-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-900"
            >
              {agent.initials}
            </span>
            <span className="min-w-0 flex-1 sm:flex sm:items-center sm:justify-between sm:gap-3">
              <span className="block min-w-0">
                <span className="block truncate font-semibold">{agent.name}</span>
                <span className="block truncate text-sm text-ink-soft">{agent.agency}</span>
              </span>
              <span className="mt-1 block sm:mt-0 sm:text-right">
                <span className="block font-semibold whitespace-nowrap text-brand-900">{agent.range}</span>
                <span className="block text-sm whitespace-nowrap text-ink-soft">{agent.commission}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
