/**
 * Agent home at / (spec 000 'Agent home'): 'Properties' with the tabs 'Appraisal Requests' (?tab=pending, the
 * default, with the red count of unseen requests) and 'Appraised Properties' (?tab=complete), shown once the
 * e-mail is verified; infinite lists of 10; the free-suburbs banner; and the payment-condition modal opened by
 * ?collect_payment_details_for_property_appraisal_request={id}.
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useQuery } from 'urql';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { useCurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';
import {
  MyCompleteAppraisalRequestsQuery,
  MyPendingAppraisalRequestsQuery,
  requestListPageSize,
  type RequestPage,
  useUnseenAppraisalRequestsCount,
} from '@/features/agent-home/api/appraisal-requests';
import { AppraisalRequestCard } from '@/features/agent-home/components/appraisal-request-card';
import { FreeTrialBanner } from '@/features/agent-home/components/free-trial-banner';
import { PaymentConditionModal } from '@/features/agent-home/components/payment-condition-modal';
import { ResponseTimes } from '@/features/agent-home/components/response-times';
import { belongsToTab, homeTabOf, type HomeTab } from '@/features/agent-home/lib/home-tabs';
const PAYMENT_PARAM = 'collect_payment_details_for_property_appraisal_request';

const EMPTY: Record<HomeTab, { title: string; text: string }> = {
  pending: {
    title: 'No requests right now',
    text: 'When sellers in your suburbs ask for an appraisal, their requests appear here.',
  },
  complete: {
    title: "You don't have any appraised properties just yet",
    text: 'A property appears here once you submit an appraisal.',
  },
};

function RequestList({ tab }: { tab: HomeTab }) {
  const [after, setAfter] = useState<string | null>(null);
  const now = useNow();
  const query = tab === 'pending' ? MyPendingAppraisalRequestsQuery : MyCompleteAppraisalRequestsQuery;
  const [{ data, fetching, error }, reexecute] = useQuery({
    query,
    variables: { first: requestListPageSize, after },
    // The first page is re-read on every visit (requests arrive and expire); later pages extend it.
    requestPolicy: after ? 'cache-first' : 'cache-and-network',
  });
  const pages = data as { myPendingAppraisalRequests?: RequestPage; myCompleteAppraisalRequests?: RequestPage } | undefined;
  const connection = tab === 'pending' ? pages?.myPendingAppraisalRequests : pages?.myCompleteAppraisalRequests;
  const edges = (connection?.edges ?? []).filter(({ node }) => belongsToTab(node.state, tab));
  const hasNextPage = !!connection?.pageInfo.hasNextPage;
  const endCursor = connection?.pageInfo.endCursor;
  const loadMore = useCallback(() => {
    if (endCursor) setAfter(endCursor);
  }, [endCursor]);
  const listRef = useInfiniteScroll({ hasNextPage, isLoading: fetching, onLoadMore: loadMore, itemCount: edges.length });

  if (error && !edges.length) {
    return (
      <div className="flex flex-col items-start gap-3 py-8">
        <p className="text-ink-soft">{errorMessage(error)}</p>
        <Button width="auto" variant="secondary" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          Try again
        </Button>
      </div>
    );
  }
  if (!connection) return <Spinner label="Loading requests" className="py-10 text-brand-800" />;
  if (!edges.length) {
    return (
      <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
        <h2 className="text-xl font-semibold text-ink">{EMPTY[tab].title}</h2>
        <p className="mt-2 text-ink-soft">{EMPTY[tab].text}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">{tab === 'pending' ? 'Appraisal requests' : 'Appraised properties'}</h2>
      <ul ref={listRef} className="flex flex-col gap-4">
        {edges.map(({ node }) => (
          <li key={node.id}>
            <AppraisalRequestCard request={node} now={now} />
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <Button variant="secondary" width="auto" className="self-center" isLoading={fetching} onClick={loadMore}>
          Show more
        </Button>
      )}
    </div>
  );
}

export default function AgentHome() {
  useDocumentTitle('Properties');
  const [searchParams, setSearchParams] = useSearchParams();
  const [{ data }] = useCurrentUser();
  const isVerified = !!data?.me?.isEmailVerified;
  const tab = homeTabOf(searchParams.get('tab'));
  const unseen = useUnseenAppraisalRequestsCount(!isVerified);
  const paymentRequestId = searchParams.get(PAYMENT_PARAM);

  const selectTab = (key: Key) =>
    setSearchParams(
      (params) => {
        params.set('tab', String(key));
        return params;
      },
      { replace: true },
    );
  const closeModal = () =>
    setSearchParams(
      (params) => {
        params.delete(PAYMENT_PARAM);
        params.delete('accept');
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Properties" />
      <div className="mx-auto w-full max-w-page-header">
        <FreeTrialBanner />
        {isVerified && <ResponseTimes />}
        {isVerified ? (
          <Tabs selectedKey={tab} onSelectionChange={selectTab}>
            <TabList aria-label="Appraisal lists" className="mb-6 flex gap-2 border-b border-line">
              {(
                [
                  ['pending', 'Appraisal Requests'],
                  ['complete', 'Appraised Properties'],
                ] as const
              ).map(([id, label]) => (
                <Tab
                  key={id}
                  id={id}
                  className={({ isSelected }) =>
                    cx(
                      '-mb-px flex min-h-11 cursor-pointer items-center gap-2 border-b-3 px-3 py-2 font-semibold outline-none',
                      isSelected ? 'border-brand-800 text-brand-900' : 'border-transparent text-ink-soft hover:text-ink',
                    )
                  }
                >
                  {label}
                  {id === 'pending' && unseen > 0 && (
                    <span className="min-w-6 rounded-full bg-danger px-1.5 py-0.5 text-center text-xs font-bold text-white">
                      {unseen}
                      <span className="sr-only"> new</span>
                    </span>
                  )}
                </Tab>
              ))}
            </TabList>
            <TabPanel id="pending" className="outline-none">
              <RequestList tab="pending" />
            </TabPanel>
            <TabPanel id="complete" className="outline-none">
              <RequestList tab="complete" />
            </TabPanel>
          </Tabs>
        ) : (
          data?.me && <p className="text-ink-soft">Verify your email to see appraisal requests from sellers.</p>
        )}
      </div>
      {paymentRequestId && (
        <PaymentConditionModal requestId={paymentRequestId} onClose={closeModal} oneTap={searchParams.get('accept') === 'condition'} />
      )}
    </>
  );
}
