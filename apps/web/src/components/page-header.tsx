import type { ReactNode } from 'react';
import { cx } from '@/components/cx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Rendered above the title, e.g. a back link. */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The page's single h1, limited to the page-header width (960px). */
export function PageHeader({ title, description, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('mx-auto mb-8 w-full max-w-page-header', className)}>
      {eyebrow && <div className="mb-3">{eyebrow}</div>}
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{title}</h1>
          {description && <div className="mt-2 text-base leading-7 text-ink-soft">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 gap-3">{actions}</div>}
      </div>
    </header>
  );
}
