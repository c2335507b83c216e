/**
 * Seller verification: sellers who said they are not the owner, each with the listing itself (address, answers,
 * notes, photos, floor plans and videos) to decide on. Approving sends their held requests; rejecting needs a
 * reason, which the seller is e-mailed and sees on the listing. Rejected sellers stay listed under 'Rejected', where
 * an operator approves them once they send proof.
 */
import { useState } from 'react';
import { formatDate } from '@listwise/domain/format';
import { toNationalPhone } from '@listwise/domain/phone';
import { SELLER_REJECTION_REASON_MAX, SELLER_VERIFICATION_MESSAGES } from '@listwise/domain/seller-verification';
import { cx } from '@/components/cx';
import { TextAreaField } from '@/components/form-fields';
import { propertyAnswerRows } from '@/components/property/property-answer-rows';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  SellersAwaitingVerificationQuery,
  useApproveSeller,
  useRejectSeller,
  type ListingMedia,
  type SellerAwaitingVerification,
  type VerificationQueueStatus,
} from '@/features/admin/api/verification';
import { adminUserName } from '@/features/admin/api/types';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/components/admin-ui';
import { PagedList } from '@/features/admin/components/paged-list';

type Listing = SellerAwaitingVerification['properties'][number];

const MEDIA_KIND: Record<ListingMedia['type'], string> = { PHOTO: 'Photo', FLOOR_PLAN: 'Floor plan', VIDEO: 'Video' };

/** Thumbnails that open the full file, so the operator can read a floor plan or a document photo. */
function ListingMediaStrip({ listing, address }: { listing: Listing['listing']; address: string }) {
  const media = [...listing.photos, ...listing.floorplans, ...listing.videos];
  if (!media.length) return <p className="text-sm text-ink-soft">No photos, floor plans or videos.</p>;
  const numberOf = (item: ListingMedia) => media.filter((m) => m.type === item.type).indexOf(item) + 1;
  return (
    <ul aria-label={`Media of ${address}`} className="flex flex-wrap gap-2">
      {media.map((item) => {
        const label = `${MEDIA_KIND[item.type]} ${numberOf(item)}`;
        const preview = item.userMedia.thumbnailUrl ?? (item.type === 'VIDEO' ? null : item.userMedia.url);
        return (
          <li key={item.id}>
            <a
              href={item.userMedia.url ?? undefined}
              target="_blank"
              rel="noreferrer"
              className="relative block size-20 overflow-hidden rounded-lg border border-line bg-surface text-xs font-medium text-ink-soft sm:size-24"
            >
              {preview ? (
                <img src={preview} alt={label} loading="lazy" className="size-full object-cover" />
              ) : (
                <span className="flex size-full items-center justify-center p-1 text-center">{label}</span>
              )}
              <span className="sr-only"> (opens in a new tab)</span>
              {item.type !== 'PHOTO' && (
                <span aria-hidden="true" className="absolute inset-x-0 bottom-0 bg-slate-950/70 px-1 py-0.5 text-center text-white">
                  {MEDIA_KIND[item.type]}
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function ListingSummary({ property }: { property: Listing }) {
  const rows = propertyAnswerRows(property.listing);
  return (
    <li className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h4 className="font-semibold text-ink">
          {property.address} {property.areYouThePropertyOwner === 'NO' && <Pill tone="warn">Not the owner</Pill>}
        </h4>
        {property.submittedAt && <p className="text-sm text-ink-soft">Published {formatDate(property.submittedAt)}</p>}
      </div>
      {property.noPropertyOwnerReason && (
        <p className="rounded-lg bg-surface px-3 py-2 leading-6 text-ink">
          <span className="font-semibold">Why they are selling it: </span>
          {property.noPropertyOwnerReason}
        </p>
      )}
      {rows.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-slate-100 py-1.5">
              <dt className="text-ink-soft">{label}</dt>
              <dd className="text-right font-medium text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {property.listing.additionalInformation && (
        <p className="text-sm leading-6 text-ink-soft">
          <span className="font-semibold text-ink">Additional information: </span>
          {property.listing.additionalInformation}
        </p>
      )}
      <ListingMediaStrip listing={property.listing} address={property.address} />
    </li>
  );
}

function SellerCard({ entry, onDecided }: { entry: SellerAwaitingVerification; onDecided: () => void }) {
  const [, approve] = useApproveSeller();
  const [, reject] = useRejectSeller();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const name = adminUserName(entry.seller, 'Seller');
  const held = entry.properties.reduce((sum, p) => sum + p.heldAgentCount, 0);
  const isRejected = entry.rejectedAt !== null;

  const onReject = async () => {
    if (!reason.trim()) {
      setReasonError(SELLER_VERIFICATION_MESSAGES.reasonRequired);
      return false;
    }
    const result = await reject({ userId: entry.id, reason: reason.trim() });
    if (result.error) return errorMessage(result.error);
    showToast(`${name} was rejected and has been e-mailed the reason.`, { tone: 'success' });
    onDecided();
    return null;
  };

  return (
    <ItemCard
      title={name}
      aside={
        <>
          <ConfirmAction
            label="Approve"
            title={`Approve ${name}?`}
            confirmLabel="Approve seller"
            variant="primary"
            onConfirm={async () => {
              const result = await approve({ userId: entry.id });
              if (result.error) return errorMessage(result.error);
              showToast(`${name} approved. Their appraisal requests have been sent.`, { tone: 'success' });
              onDecided();
              return null;
            }}
          >
            The seller becomes verified and the {held === 1 ? 'agent they chose receives' : `${held} agents they chose receive`} the
            appraisal request.
          </ConfirmAction>
          {!isRejected && (
            <ConfirmAction label="Reject" title={`Reject ${name}?`} confirmLabel="Reject seller" onConfirm={onReject}>
              <div className="flex flex-col gap-3">
                <p>
                  The seller is e-mailed this reason and told how to send proof that they may sell. The agents stay on hold: you can still
                  approve the seller later from &lsquo;Rejected&rsquo;.
                </p>
                <TextAreaField
                  label="Reason (e-mailed to the seller)"
                  value={reason}
                  rows={4}
                  required
                  maxLength={SELLER_REJECTION_REASON_MAX}
                  valueLength={reason.length}
                  error={reasonError}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonError(undefined);
                  }}
                />
              </div>
            </ConfirmAction>
          )}
        </>
      }
    >
      <Facts>
        <Fact label="Email" isWide>
          {entry.seller.email ?? '—'}
        </Fact>
        <Fact label="Mobile">{entry.seller.mobileNumber ? toNationalPhone(entry.seller.mobileNumber) : '—'}</Fact>
        <Fact label="Waiting since">{formatDate(entry.waitingSince)}</Fact>
        <Fact label="Agents waiting">{held}</Fact>
      </Facts>
      {isRejected && (
        <p className="mt-4 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 leading-6 text-ink">
          <span className="font-semibold">Rejected {formatDate(entry.rejectedAt!)}: </span>
          {entry.rejectionReason}
        </p>
      )}
      {entry.properties.length > 0 && (
        <ul aria-label={`Listings of ${name}`} className="mt-4 flex flex-col gap-6 border-t border-line pt-4">
          {entry.properties.map((p) => (
            <ListingSummary key={p.id} property={p} />
          ))}
        </ul>
      )}
    </ItemCard>
  );
}

const VIEWS: { status: VerificationQueueStatus; label: string; listLabel: string; empty: string }[] = [
  {
    status: 'PENDING_VERIFICATION',
    label: 'Awaiting verification',
    listLabel: 'Sellers awaiting verification',
    empty: 'No sellers are waiting for verification.',
  },
  { status: 'VERIFICATION_REJECTED', label: 'Rejected', listLabel: 'Rejected sellers', empty: 'No seller has been rejected.' },
];

export function VerificationPanel() {
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<VerificationQueueStatus>('PENDING_VERIFICATION');
  const view = VIEWS.find((v) => v.status === status)!;
  return (
    <section aria-labelledby="verification-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="verification-heading" className="text-xl font-semibold text-ink">
          Sellers awaiting verification
        </h2>
        <p className="mt-1 text-ink-soft">
          Sellers who said they are not the owner. Their chosen agents receive the request once approved.
        </p>
      </div>
      <div role="group" aria-label="Show sellers" className="flex gap-2">
        {VIEWS.map((v) => (
          <button
            key={v.status}
            type="button"
            aria-pressed={v.status === status}
            onClick={() => setStatus(v.status)}
            className={cx(
              'rounded-full border px-4 py-1.5 text-sm font-semibold',
              v.status === status ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-400 bg-white text-ink hover:bg-brand-50',
            )}
          >
            {v.label}
          </button>
        ))}
      </div>
      <PagedList
        key={`${status}-${version}`}
        label={view.listLabel}
        query={SellersAwaitingVerificationQuery}
        variables={{ status }}
        connectionOf={(data) => data.adminSellersAwaitingVerification}
        keyOf={(node) => node.id}
        emptyText={view.empty}
        renderItem={(node) => <SellerCard entry={node} onDecided={() => setVersion((v) => v + 1)} />}
      />
    </section>
  );
}
