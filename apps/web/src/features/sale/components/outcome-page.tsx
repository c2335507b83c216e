import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '@/components/button';
import { NotFoundPage } from '@/components/not-found';
import { PageSpinner } from '@/components/spinner';
import { errorCode } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSaleProperty, type SaleProperty } from '@/features/sale/api/sale-property';

export const isSoldUnconditionally = (property: Pick<SaleProperty, 'completeType'>) => property.completeType === 'SOLD_UNCONDITIONALLY';

/**
 * The end of the sale-status flow: a title, a few words, and 'Back to Property'. Shown only to the property's
 * seller (others get the not-found page) and only while `isShown(property)` holds; otherwise the seller goes
 * back to /property/{id} (a sold-unconditionally property has no 'not sold' outcome, and vice versa).
 */
export function OutcomePage({
  title,
  icon,
  isShown,
  children,
}: {
  title: string;
  icon: ReactNode;
  isShown: (property: SaleProperty) => boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const { propertyId = '' } = useParams();
  const [{ data, error, fetching }] = useSaleProperty(propertyId);
  const property = data?.property;
  if (!property) {
    if (fetching) return <PageSpinner />;
    // The outcome is already recorded: on any other failure the page still says so.
    if (!error || errorCode(error) === 'not_found') return <NotFoundPage />;
  } else if (!isShown(property)) {
    return <Navigate to={`/property/${property.id}`} replace />;
  }
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
