/** Building blocks of the public marketing pages: hero, sections, step lists, feature grids, call to action. */
import type { ReactNode } from 'react';
import { cx } from '@/components/cx';

export function Hero({ eyebrow, title, children, actions }: { eyebrow: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="bg-brand-900 text-white [&_*:focus-visible]:outline-white">
      <div className="mx-auto w-full max-w-page px-5 py-14 md:px-8 md:py-20">
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-[2rem] leading-tight font-bold tracking-tight md:text-5xl">{title}</h1>
        <div className="mt-5 max-w-2xl text-lg leading-8 text-white/90">{children}</div>
        {actions && <div className="mt-8 flex flex-col gap-3 md:flex-row">{actions}</div>}
      </div>
    </section>
  );
}

export function Section({
  title,
  intro,
  children,
  tone = 'white',
  id,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'white' | 'muted';
  id?: string;
}) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className={tone === 'muted' ? 'bg-surface' : 'bg-white'}>
      <div className="mx-auto w-full max-w-page px-5 py-14 md:px-8 md:py-16">
        <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold tracking-tight text-ink md:text-3xl">
          {title}
        </h2>
        {intro && <div className="mt-3 max-w-3xl text-base leading-7 text-ink-soft">{intro}</div>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** Numbered steps; `columns={2}` keeps four steps in two even rows on wide screens. */
export function Steps({ steps, columns = 3 }: { steps: ReadonlyArray<{ title: string; body: ReactNode }>; columns?: 2 | 3 }) {
  return (
    <ol className={cx('grid gap-5 md:grid-cols-2', columns === 3 && 'lg:grid-cols-3')}>
      {steps.map((step, i) => (
        <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <div>
            <h3 className="font-semibold text-ink">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <div className="mt-1 text-[0.95rem] leading-6 text-ink-soft">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function FeatureGrid({ items, columns = 2 }: { items: ReadonlyArray<{ title: string; body: ReactNode }>; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cx(
        'grid gap-5',
        columns === 2 && 'md:grid-cols-2',
        columns === 3 && 'md:grid-cols-3',
        columns === 4 && 'md:grid-cols-2 lg:grid-cols-4',
      )}
    >
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6">
          <span className="mb-4 block h-1 w-10 rounded-full bg-brand-600" aria-hidden="true" />
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <div className="mt-2 text-[0.95rem] leading-6 text-ink-soft">{item.body}</div>
        </li>
      ))}
    </ul>
  );
}

export function CtaBand({ title, children, actions }: { title: string; children?: ReactNode; actions: ReactNode }) {
  return (
    <section className="bg-brand-50">
      <div className="mx-auto flex w-full max-w-page flex-col gap-6 px-5 py-14 md:flex-row md:items-center md:justify-between md:px-8">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{title}</h2>
          {children && <div className="mt-2 text-base leading-7 text-ink-soft">{children}</div>}
        </div>
        <div className="flex shrink-0 flex-col gap-3 md:flex-row">{actions}</div>
      </div>
    </section>
  );
}

/** A white-on-brand button link variant for the dark hero. */
export const heroSecondaryLinkClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-white/70 px-5 py-2.5 text-base font-semibold text-white hover:bg-white/10 md:w-auto';
export const heroPrimaryLinkClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-white px-5 py-2.5 text-base font-semibold text-brand-900 hover:bg-brand-50 md:w-[225px]';
