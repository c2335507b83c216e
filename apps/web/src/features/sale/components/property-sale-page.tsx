/**
 * The frame of the agent's sale confirmation (spec 000 'Sale confirmation'): loads the sale, and answers
 * 'Property sale not found' when it does not exist or names another agent.
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { propertyAddressLine } from '@listwise/domain/address-line';
import { Button, ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePropertySale, type PropertySale } from '@/features/sale/api/property-sale';

export const saleAddress = (sale: PropertySale): string => propertyAddressLine(sale.property);

/** Confirmed, and its lead fee charged (or charging): nothing is left for the agent to do but see 'finalized'. */
export const isSaleFinalized = (sale: Pick<PropertySale, 'confirmedAt' | 'leadFeeStatus'>) =>
  !!sale.confirmedAt && sale.leadFeeStatus !== 'FAILED';

export function PropertySaleNotFound() {
  useDocumentTitle('Property sale not found');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Property sale not found</h1>
      <p className="mt-3 leading-7 text-ink-soft">This sale does not exist, or it was reported with another agent.</p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </div>
  );
}

export function PropertySalePage({ title, children }: { title: string; children: (sale: PropertySale) => ReactNode }) {
  const { id = '' } = useParams();
  const [{ data, error, fetching }, reexecute] = usePropertySale(id);
  useDocumentTitle(title);
  const sale = data?.propertySale;
  if (!sale) {
    if (fetching) return <PageSpinner />;
    if (!error || errorCode(error) === 'not_found') return <PropertySaleNotFound />;
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-center">
        <p className="text-ink-soft">{errorMessage(error)}</p>
        <Button width="auto" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-page-header">
      <PageHeader title={title} description="Your client told us this property sold unconditionally with you as their agent." />
      {children(sale)}
    </div>
  );
}
