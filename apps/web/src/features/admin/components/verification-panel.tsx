/** Sellers awaiting verification: what each listed and why they are not the owner; approving sends their requests. */
import { useState } from 'react';
import { formatDate } from '@listwise/domain/format';
import { toNationalPhone } from '@listwise/domain/phone';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { SellersAwaitingVerificationQuery, useApproveSeller, type SellerAwaitingVerification } from '@/features/admin/api/verification';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/components/admin-ui';
import { PagedList } from '@/features/admin/components/paged-list';

function SellerCard({ entry, onApproved }: { entry: SellerAwaitingVerification; onApproved: () => void }) {
  const [, approve] = useApproveSeller();
  const name = entry.seller.name ?? entry.seller.email ?? 'Seller';
  const held = entry.properties.reduce((sum, p) => sum + p.heldAgentCount, 0);
  return (
    <ItemCard
      title={name}
      aside={
        <ConfirmAction
          label="Approve"
          title={`Approve ${name}?`}
          confirmLabel="Approve seller"
          variant="primary"
          onConfirm={async () => {
            const result = await approve({ userId: entry.id });
            if (result.error) return errorMessage(result.error);
            showToast(`${name} approved. Their appraisal requests have been sent.`, { tone: 'success' });
            onApproved();
            return null;
          }}
        >
          The seller becomes verified and the {held === 1 ? 'agent they chose receives' : `${held} agents they chose receive`} the appraisal
          request.
        </ConfirmAction>
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
      {entry.properties.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3 border-t border-line pt-4">
          {entry.properties.map((p) => (
            <li key={p.id} className="flex flex-col gap-1">
              <p className="font-medium text-ink">
                {p.address} {p.areYouThePropertyOwner === 'NO' && <Pill tone="warn">Not the owner</Pill>}
              </p>
              {p.noPropertyOwnerReason && <p className="text-sm leading-6 text-ink-soft">Reason given: {p.noPropertyOwnerReason}</p>}
            </li>
          ))}
        </ul>
      )}
    </ItemCard>
  );
}

export function VerificationPanel() {
  const [version, setVersion] = useState(0);
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
      <PagedList
        key={version}
        label="Sellers awaiting verification"
        query={SellersAwaitingVerificationQuery}
        connectionOf={(data) => data.adminSellersAwaitingVerification}
        keyOf={(node) => node.id}
        emptyText="No sellers are waiting for verification."
        renderItem={(node) => <SellerCard entry={node} onApproved={() => setVersion((v) => v + 1)} />}
      />
    </section>
  );
}
