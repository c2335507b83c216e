/**
 * After submission: the success toast, the agent's lists (first pages) and badge re-read, then /?tab=complete.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useClient } from 'urql';
import { graphql } from '@/generated/graphql';
import { PAGE_SIZE } from '@listwise/domain/constants';
import { PageSpinner } from '@/components/spinner';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DraftRequestQuery } from '@/features/appraisal-drafting/api/draft-appraisal';

export const SUBMITTED_TOAST = 'Your appraisal has been sent directly to the potential vendor. Good luck.';

// Only the lists' identities: re-reading them refreshes the cached first pages the home page shows.
const RefreshListsQuery = graphql(`
  query RefreshAppraisalLists($first: Int!) {
    myPendingAppraisalRequests(first: $first) {
      edges {
        cursor
        node {
          id
          state
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
    myCompleteAppraisalRequests(first: $first) {
      edges {
        cursor
        node {
          id
          state
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
    unseenAppraisalRequestsCount
  }
`);

export default function SubmittedRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useClient();
  const done = useRef(false);
  useDocumentTitle('Appraisal sent');

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    showToast(SUBMITTED_TOAST, { tone: 'success', id: 'appraisal-submitted' });
    void Promise.all([
      client.query(RefreshListsQuery, { first: PAGE_SIZE }, { requestPolicy: 'network-only' }).toPromise(),
      client.query(DraftRequestQuery, { id }, { requestPolicy: 'network-only' }).toPromise(),
    ]).finally(() => navigate('/?tab=complete', { replace: true }));
  }, [client, id, navigate]);

  return <PageSpinner label="Sending your appraisal" />;
}
