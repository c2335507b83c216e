/**
 * The frame of the seller's sale-status pages: loads the property (with the agents who appraised it), shows
 * the not-found page for a property that is not the seller's, and sends the seller back to /property/{id}
 * once the property is sold unconditionally (spec 001 'Sale status and cashback claim').
 */
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { propertyAddressLine } from '@listwise/domain/address-line';
import { Button } from '@/components/button';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSaleProperty, type SaleProperty } from '@/features/sale/api/sale-property';

/** '2/14 Campbell Parade, Bondi NSW 2026' */
export const fullAddress = (p: Pick<SaleProperty, 'unitNumber' | 'streetNumber' | 'streetName' | 'suburb'>): string =>
  propertyAddressLine(p);

interface SalePropertyPageProps {
  title: string;
  /** The back link: its text, and where it goes for this property. */
  back: { label: string; to: (propertyId: string) => string };
  children: (property: SaleProperty) => ReactNode;
  /** Off while the page itself is reporting the sale, so its own success does not bounce the seller away. */
  redirectWhenSold?: boolean;
}

export function SalePropertyPage({ title, back, children, redirectWhenSold = true }: SalePropertyPageProps) {
  const { propertyId = '' } = useParams();
  const [{ data, error, fetching }, reexecute] = useSaleProperty(propertyId);
  useDocumentTitle(title);

  const property = data?.property;
  if (!property) {
    if (fetching) return <PageSpinner />;
    if (errorCode(error) === 'not_found' || !error) return <NotFoundPage />;
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-center">
        <p className="text-ink-soft">{errorMessage(error)}</p>
        <Button width="auto" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          Try again
        </Button>
      </div>
    );
  }
  if (redirectWhenSold && property.completeType === 'SOLD_UNCONDITIONALLY') return <Navigate to={`/property/${property.id}`} replace />;

  return (
    <div className="mx-auto w-full max-w-page-header">
      <PageHeader
        title={title}
        eyebrow={
          <TextLink to={back.to(property.id)} className="text-sm">
            <span aria-hidden="true">← </span>
            {back.label}
          </TextLink>
        }
        description={fullAddress(property)}
      />
      {children(property)}
    </div>
  );
}
