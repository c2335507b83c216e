/**
 * /agent/appointment-requests (spec 000 'Agent appointment requests'): the sellers who asked for a meeting,
 * 10 at a time, newest first. 'New' until the agent e-mails or calls, which marks the request read. The time is
 * where the property is, and says so; the seller's note shows as plain text; a changed request is new
 * again and says 'Changed'; a cancelled one stays in the list, marked, without 'Add to calendar'.
 */
import { useCallback, useState } from 'react';
import { useQuery } from 'urql';
import { formatStreetAddress, suburbLabel } from '@listwise/domain/address-line';
import { PAGE_SIZE } from '@listwise/domain/constants';
import { formatAppointmentWhen } from '@listwise/domain/appointment-time';
import { toNationalPhone } from '@listwise/domain/phone';
import { Button, buttonClasses } from '@/components/button';
import { AddToCalendar } from '@/components/add-to-calendar';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';
import {
  MyAppointmentRequestsQuery,
  useMarkAppointmentSeen,
  type AppointmentRequestItem,
} from '@/features/appointments/api/appointment-requests';

function AppointmentCard({ request, onContact }: { request: AppointmentRequestItem; onContact: (id: string) => void }) {
  const { property } = request;
  const street = formatStreetAddress(property) ?? 'Property';
  const place = property.suburb ? suburbLabel(property.suburb, { postcode: false, comma: true }) : '';
  const thumbnail = property.photos[0]?.userMedia.thumbnailUrl ?? null;
  const when = formatAppointmentWhen(
    { date: request.requestedAppointmentDate, time: request.requestedAppointmentTime },
    property.suburb?.state ?? null,
  );
  const isCancelled = !!request.cancelledAt;
  const mobile = toNationalPhone(request.sellerMobileNumber);
  const contact = () => {
    if (!request.seenByAgent) onContact(request.id);
  };

  return (
    <article className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:flex-row">
      <div className="h-32 w-full shrink-0 overflow-hidden rounded-lg bg-brand-50 sm:h-auto sm:w-40">
        {thumbnail && <img src={thumbnail} alt="" className="size-full object-cover" loading="lazy" />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="text-lg font-semibold text-ink">{request.sellerName ?? 'Seller'}</h2>
            <p className="text-ink-soft">
              {street}
              {place && `, ${place}`}
            </p>
          </div>
          {isCancelled ? (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-bold text-ink uppercase">Cancelled</span>
          ) : (
            !request.seenByAgent && (
              <span className="rounded-full bg-danger px-2.5 py-0.5 text-xs font-bold text-white uppercase">
                {request.changedAt ? 'Changed' : 'New'}
              </span>
            )
          )}
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-soft">Preferred appointment</dt>
            <dd className={isCancelled ? 'font-semibold text-ink-soft line-through' : 'font-semibold text-ink'}>{when}</dd>
          </div>
          <div>
            <dt className="text-ink-soft">Contact</dt>
            <dd className="font-medium break-words text-ink">
              {request.sellerEmail}
              {mobile && (
                <>
                  <br />
                  {mobile}
                </>
              )}
            </dd>
          </div>
        </dl>
        {isCancelled && (
          <p className="text-sm font-medium text-ink">
            {request.cancelledBy === 'PROPERTY_COMPLETED'
              ? 'Cancelled: the property is no longer for sale through Listwise.'
              : 'Cancelled by the seller.'}
          </p>
        )}
        {request.note && (
          <div className="rounded-lg bg-brand-50 px-3 py-2 text-sm">
            <p className="text-ink-soft">Note from the seller</p>
            <p className="font-medium break-words text-ink">{request.note}</p>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          {request.sellerEmail && (
            <a href={`mailto:${request.sellerEmail}`} onClick={contact} className={buttonClasses('secondary', 'auto')}>
              Email<span className="sr-only"> {request.sellerName ?? 'the seller'}</span>
            </a>
          )}
          {request.sellerMobileNumber && (
            <a href={`tel:${request.sellerMobileNumber}`} onClick={contact} className={buttonClasses('primary', 'auto')}>
              Call<span className="sr-only"> {request.sellerName ?? 'the seller'}</span>
            </a>
          )}
        </div>
        {!isCancelled && <AddToCalendar calendar={request.calendar} label={`appointment with ${request.sellerName ?? 'the seller'}`} />}
      </div>
    </article>
  );
}

export default function AppointmentRequestsRoute() {
  useDocumentTitle('Appointment Requests');
  const [after, setAfter] = useState<string | null>(null);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: MyAppointmentRequestsQuery,
    variables: { first: PAGE_SIZE, after },
    requestPolicy: after ? 'cache-first' : 'cache-and-network',
  });
  const markSeen = useMarkAppointmentSeen();
  const connection = data?.myAppointmentRequests;
  const edges = connection?.edges ?? [];
  const hasNextPage = !!connection?.pageInfo.hasNextPage;
  const endCursor = connection?.pageInfo.endCursor;
  const loadMore = useCallback(() => {
    if (endCursor) setAfter(endCursor);
  }, [endCursor]);
  const listRef = useInfiniteScroll({ hasNextPage, isLoading: fetching, onLoadMore: loadMore, itemCount: edges.length });

  return (
    <>
      <PageHeader title="Appointment Requests" description="Sellers expect to hear from you within 24 hours of their request." />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-4">
        {error && !edges.length ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-ink-soft">{errorMessage(error)}</p>
            <Button variant="secondary" width="auto" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              Try again
            </Button>
          </div>
        ) : !connection ? (
          <Spinner label="Loading appointment requests" className="text-brand-800" />
        ) : !edges.length ? (
          <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
            <h2 className="text-xl font-semibold text-ink">No appointment requests yet</h2>
            <p className="mt-2 text-ink-soft">When a seller asks to meet you after reading your appraisal, the request appears here.</p>
          </div>
        ) : (
          <ul ref={listRef} className="flex flex-col gap-4">
            {edges.map(({ node }) => (
              <li key={node.id}>
                <AppointmentCard request={node} onContact={(id) => void markSeen(id)} />
              </li>
            ))}
          </ul>
        )}
        {hasNextPage && (
          <Button variant="secondary" width="auto" className="self-center" isLoading={fetching} onClick={loadMore}>
            Show more
          </Button>
        )}
      </div>
    </>
  );
}
