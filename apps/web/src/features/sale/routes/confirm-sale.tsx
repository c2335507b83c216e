/**
 * /agent/property-sale/{id}/confirm: the client's name and the address, read-only, then on to the sale details,
 * or 'This is not my sale' (nothing charged; the claim goes to an operator); a sale disputed or settled as void says so.
 */
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/button';
import { TextField } from '@/components/text-field';
import { DisputedNotice, NotMySaleButton, VoidNotice } from '@/features/sale/components/not-my-sale';
import { isSaleFinalized, PropertySalePage, saleAddress } from '@/features/sale/components/property-sale-page';
import { leadFeeWords } from '@/lib/lead-fee';

/** The lead fee disclosed to the vendor, as agents in NSW, QLD and SA must: wording they can copy. */
function VendorDisclosure({ wording }: { wording: string }) {
  return (
    <section
      aria-labelledby="vendor-disclosure-title"
      className="rounded-lg border border-line bg-white p-4 text-sm leading-6 text-ink-soft"
    >
      <h2 id="vendor-disclosure-title" className="text-base font-semibold text-ink">
        Disclosing the {LEAD_FEE_NAME} to your vendor
      </h2>
      <p className="mt-2">
        In NSW, Queensland and South Australia the law requires you to tell the vendor about the {LEAD_FEE_NAME} you pay Listwise. You can
        use or adapt this wording:
      </p>
      <blockquote className="mt-2 border-l-4 border-brand-800/40 pl-3 text-ink">{wording}</blockquote>
    </section>
  );
}

export default function ConfirmSaleRoute() {
  return (
    <PropertySalePage title="Confirm Property Sale">
      {(sale) =>
        isSaleFinalized(sale) ? (
          <Navigate to={`/agent/property-sale/${sale.id}/confirm/finalized`} replace />
        ) : sale.disputedAt || sale.voidedAt ? (
          <div className="flex flex-col gap-5">
            <TextField label="Client name" value={sale.sellerName} readOnly />
            <TextField label="Property address" value={saleAddress(sale)} readOnly />
            {sale.voidedAt ? <VoidNotice sale={sale} /> : <DisputedNotice sale={sale} />}
          </div>
        ) : (
          <div className="flex flex-col gap-5">
            <TextField label="Client name" value={sale.sellerName} readOnly />
            <TextField label="Property address" value={saleAddress(sale)} readOnly />
            <p className="leading-7 text-ink-soft">
              {sale.confirmedAt
                ? `You have confirmed this sale, but its ${LEAD_FEE_NAME} of ${leadFeeWords(sale.leadFee).plusGst} has not been paid yet. Continue to pay it with your card on file.`
                : `Please check these details, then confirm the sale price and the contract date. The ${LEAD_FEE_NAME} of ${leadFeeWords(sale.leadFee).plusGst} is charged to your card on file when you confirm.`}
            </p>
            <VendorDisclosure wording={sale.leadFeeVendorDisclosure} />
            <ButtonLink to={`/agent/property-sale/${sale.id}/confirm/details`}>Next</ButtonLink>
            {!sale.confirmedAt && <NotMySaleButton sale={sale} />}
          </div>
        )
      }
    </PropertySalePage>
  );
}
