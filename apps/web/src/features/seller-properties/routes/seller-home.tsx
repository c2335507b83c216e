/**
 * Seller home at / (spec 001 'Seller home'): 'My Properties' with the 'Appraisals Requested' list, 10 a page with
 * infinite scroll (the next page at 80% of the page, and a 'Show more' button for keyboards), or the empty state
 * 'Create a listing'. A property awaiting the seller's verification shows the 'Verification Pending' notice.
 * Sold and off-market listings sit apart, under 'Sold and off market', as the pages load.
 */
import { useCallback, useState } from 'react';
import { useQuery, type RequestPolicy } from 'urql';
import { Button, ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { VerificationPendingNotice } from '@/components/verification-pending-notice';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';
import { MyPropertiesQuery, myPropertiesPageSize, takeFreshPrefetch } from '@/features/seller-properties/api/properties';
import { PropertyCard } from '@/features/seller-properties/components/property-card';
import { isFinished } from '@/features/seller-properties/lib/property-display';
import { WaitingDraftNotice } from '@/features/seller-properties/components/waiting-draft-notice';

export default function SellerHome() {
  useDocumentTitle('My Properties');
  const [after, setAfter] = useState<string | null>(null);
  // The first page is re-read on each visit (appraisals arrive), unless / fetched it a moment ago for this very
  // visit (app/routes/home-loaders.ts); later pages extend it.
  const [firstPagePolicy] = useState<RequestPolicy>(() => (takeFreshPrefetch() ? 'cache-first' : 'cache-and-network'));
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: MyPropertiesQuery,
    variables: { first: myPropertiesPageSize, after },
    requestPolicy: after ? 'cache-first' : firstPagePolicy,
  });
  const connection = data?.myProperties;
  const edges = connection?.edges ?? [];
  const hasNextPage = !!connection?.pageInfo.hasNextPage;
  const endCursor = connection?.pageInfo.endCursor;
  const loadMore = useCallback(() => {
    if (endCursor) setAfter(endCursor);
  }, [endCursor]);
  const listRef = useInfiniteScroll({ hasNextPage, isLoading: fetching, onLoadMore: loadMore, itemCount: edges.length });

  const isEmpty = !!connection && edges.length === 0;
  const current = edges.filter((e) => !isFinished(e.node));
  const finished = edges.filter((e) => isFinished(e.node));
  return (
    <>
      <PageHeader
        title="My Properties"
        actions={
          !isEmpty && (
            <ButtonLink to="/new-property/" width="auto">
              Create Listing
            </ButtonLink>
          )
        }
      />
      <div className="mx-auto w-full max-w-page-header">
        <WaitingDraftNotice />
        {error && !connection ? (
          <div className="flex flex-col items-start gap-3 py-8">
            <p className="text-ink-soft">{errorMessage(error)}</p>
            <Button width="auto" variant="secondary" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              Try again
            </Button>
          </div>
        ) : !connection ? (
          <Spinner label="Loading your properties" className="py-10 text-brand-800" />
        ) : isEmpty ? (
          <section className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center" aria-labelledby="empty-title">
            <h2 id="empty-title" className="text-2xl font-semibold text-ink">
              Create a listing
            </h2>
            <p className="mx-auto mt-2 max-w-lg text-ink-soft">
              List your property to receive appraisals from up to 5 local agents within 48 hours, and find the right agent to sell it.
            </p>
            <ButtonLink to="/new-property/" className="mt-6">
              Create Listing
            </ButtonLink>
          </section>
        ) : (
          <div ref={listRef} className="flex flex-col gap-10">
            {current.length > 0 && (
              <section aria-labelledby="requested-title" className="flex flex-col gap-4">
                <h2 id="requested-title" className="text-xl font-semibold text-ink">
                  Appraisals Requested
                </h2>
                {current.some((e) => e.node.isAwaitingVerification) && <VerificationPendingNotice headingLevel={3} />}
                <ul className="flex flex-col gap-4">
                  {current.map(({ node }, index) => (
                    <li key={node.id}>
                      <PropertyCard property={node} isFirst={index === 0} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {finished.length > 0 && (
              <section aria-labelledby="finished-title" className="flex flex-col gap-4">
                <h2 id="finished-title" className="text-xl font-semibold text-ink">
                  Sold and off market
                </h2>
                <ul className="flex flex-col gap-4">
                  {finished.map(({ node }, index) => (
                    <li key={node.id}>
                      <PropertyCard property={node} isFirst={current.length === 0 && index === 0} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {hasNextPage && (
              <Button variant="secondary" width="auto" className="self-center" isLoading={fetching} onClick={loadMore}>
                Show more
              </Button>
            )}
          </div>
        )}
      </div>
    </>
  );
}
