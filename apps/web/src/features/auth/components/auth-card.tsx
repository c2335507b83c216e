import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Links under the card (e.g. 'Don't have an account?'). */
  footer?: ReactNode;
  /** Decorative icon above the title. */
  icon?: ReactNode;
}

/** The centred card of the sign-in and account screens; owns the page's h1 and tab title. */
export function AuthCard({ title, description, children, footer, icon }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 flex-col items-center bg-surface px-4 py-10 md:py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        {icon && (
          <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
            {icon}
          </div>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-[1.75rem]">{title}</h1>
        {description && <div className="mt-2 text-base leading-7 text-ink-soft">{description}</div>}
        {children && <div className="mt-6">{children}</div>}
      </div>
      {footer && <div className="mt-6 flex w-full max-w-md flex-col items-center gap-2 text-center text-sm text-ink-soft">{footer}</div>}
    </div>
  );
}

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-6',
} as const;

export const AuthIcons = {
  check: (
    <svg {...iconProps}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  ),
  mail: (
    <svg {...iconProps}>
      <path d="M4 6h16v12H4z" />
      <path d="m4 7 8 6 8-6" />
    </svg>
  ),
  warning: (
    <svg {...iconProps}>
      <path d="M12 9v4m0 4h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    </svg>
  ),
  lock: (
    <svg {...iconProps}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  ),
};
