import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The end of the sale-status flow: a title, a few words, and 'Back to Property'. */
export function OutcomePage({
  title,
  propertyId,
  icon,
  children,
}: {
  title: string;
  propertyId: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center py-10 text-center md:py-16">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
        {icon}
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{title}</h1>
      <div className="mt-4 flex flex-col gap-3 text-base leading-7 text-ink-soft">{children}</div>
      <ButtonLink to={`/property/${propertyId}`} className="mt-8">
        Back to Property
      </ButtonLink>
    </div>
  );
}

export const CheckIcon = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-8"
  >
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

export const HeartIcon = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-8"
  >
    <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z" />
  </svg>
);
