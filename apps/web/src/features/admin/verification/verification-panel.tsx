/**
 * Listing verification: only the listings that wait, each by a seller who said they are not the
 * owner, with its proof of authority (opened through a short-lived link) and the listing itself (address, answers,
 * notes, photos, floor plans and videos) to decide on. Each listing is decided on its own: verifying sends its held
 * requests; rejecting needs a reason, which the seller is e-mailed with a link to upload proof, after which the
 * listing waits here again.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@listwise/domain/format';
import { toNationalPhone } from '@listwise/domain/phone';
import { sellerRejectionSchema } from '@listwise/domain/seller-rejection';
import { SELLER_REJECTION_REASON_MAX } from '@listwise/domain/seller-verification';
import { propertyAnswerRows } from '@/components/property/property-answer-rows';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  ListingsAwaitingVerificationQuery,
  useRejectListing,
  useVerifyListing,
  type ListingAwaitingVerification,
  type ListingMedia,
} from '@/features/admin/verification/api';
import { adminUserName } from '@/features/admin/shared/types';
import { ConfirmAction, Fact, Facts, ItemCard, OperatorReasonField, Pill } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';
import { rejectDialogSentences, verifyDialogSentences } from '@/features/admin/verification/verification-dialogs';

type Listing = ListingAwaitingVerification['property'];

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
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {property.areYouThePropertyOwner === 'NO' && <Pill tone="warn">Not the owner</Pill>}
          {property.submittedAt && <span className="text-sm font-normal text-ink-soft">Published {formatDate(property.submittedAt)}</span>}
        </p>
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
    </div>
  );
}

/** The proof the seller uploaded, opened in a new tab through the link the API gave the console. */
function ProofOfAuthorityFact({ entry }: { entry: ListingAwaitingVerification }) {
  const proof = entry.proofOfAuthority;
  if (!proof) return <p className="text-ink-soft">No proof of authority uploaded yet.</p>;
  return (
    <p className="break-words text-ink">
      <span className="font-semibold">Proof of authority: </span>
      <a href={proof.url} target="_blank" rel="noreferrer" className="font-semibold text-brand-800 underline underline-offset-4">
        {proof.fileName}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>{' '}
      <span className="text-sm text-ink-soft">uploaded {formatDate(proof.uploadedAt)}</span>
    </p>
  );
}

function ListingCard({ entry, onDecided }: { entry: ListingAwaitingVerification; onDecided: () => void }) {
  const [, verify] = useVerifyListing();
  const [, reject] = useRejectListing();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(sellerRejectionSchema), defaultValues: { reason: '' } });
  const reasonLength = useWatch({ control, name: 'reason' }).length;
  const address = entry.property.address;
  const name = adminUserName(entry.seller, 'Seller');

  const onReject = async (): Promise<string | null | false> => {
    // Stays open (false) while the reason is invalid: the field shows why.
    let answer: string | null | false = false;
    await handleSubmit(async ({ reason }) => {
      const result = await reject({ propertyId: entry.id, reason });
      if (result.error) answer = errorMessage(result.error);
      else {
        showToast(`${address} was rejected; ${name} has been e-mailed the reason.`, { tone: 'success' });
        onDecided();
        answer = null;
      }
    })();
    return answer;
  };

  return (
    <ItemCard
      title={address}
      aside={
        <>
          <ConfirmAction
            label="Verify"
            title={`Verify ${address}?`}
            confirmLabel="Verify listing"
            variant="primary"
            onConfirm={async () => {
              const result = await verify({ propertyId: entry.id });
              if (result.error) return errorMessage(result.error);
              showToast(entry.heldAgentCount > 0 ? `${address} verified. Its appraisal requests have been sent.` : `${address} verified.`, {
                tone: 'success',
              });
              onDecided();
              return null;
            }}
          >
            {verifyDialogSentences(entry).map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </ConfirmAction>
          <ConfirmAction label="Reject" title={`Reject ${address}?`} confirmLabel="Reject listing" onConfirm={onReject}>
            <div className="flex flex-col gap-3">
              {rejectDialogSentences(entry).map((sentence) => (
                <p key={sentence}>{sentence}</p>
              ))}
              <OperatorReasonField
                label="Reason (e-mailed to the seller)"
                rows={4}
                maxLength={SELLER_REJECTION_REASON_MAX}
                length={reasonLength}
                error={errors.reason?.message}
                registration={register('reason')}
              />
            </div>
          </ConfirmAction>
        </>
      }
    >
      <Facts>
        <Fact label="Seller">{name}</Fact>
        <Fact label="Email" isWide>
          {entry.seller.email ?? '—'}
        </Fact>
        <Fact label="Mobile">{entry.seller.mobileNumber ? toNationalPhone(entry.seller.mobileNumber) : '—'}</Fact>
        <Fact label="Waiting since">{formatDate(entry.waitingSince)}</Fact>
        <Fact label="Agents waiting">{entry.heldAgentCount}</Fact>
        <Fact label="Seller's other listings waiting">{entry.otherListingsWaitingCount}</Fact>
      </Facts>
      <div className="mt-4 flex flex-col gap-3">
        <ProofOfAuthorityFact entry={entry} />
        {entry.previousRejectionReason && (
          <p className="rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 leading-6 text-ink">
            <span className="font-semibold">Rejected before, now with new proof: </span>
            {entry.previousRejectionReason}
          </p>
        )}
      </div>
      <div className="mt-4 border-t border-line pt-4">
        <ListingSummary property={entry.property} />
      </div>
    </ItemCard>
  );
}

export function VerificationPanel() {
  const [version, setVersion] = useState(0);
  return (
    <section aria-labelledby="verification-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="verification-heading" className="text-xl font-semibold text-ink">
          Listings awaiting verification
        </h2>
        <p className="mt-1 text-ink-soft">
          Listings by sellers who said they are not the owner. Check the proof of authority; each listing is verified or rejected on its
          own, and its chosen agents receive the request once verified.
        </p>
      </div>
      <PagedList
        key={version}
        label="Listings awaiting verification"
        query={ListingsAwaitingVerificationQuery}
        connectionOf={(data) => data.adminListingsAwaitingVerification}
        keyOf={(node) => node.id}
        emptyText="No listings are waiting for verification."
        renderItem={(node) => <ListingCard entry={node} onDecided={() => setVersion((v) => v + 1)} />}
      />
    </section>
  );
}
