/**
 * The lead fee agents pay Listwise on a confirmed sale, read from the one server setting that charges it: every
 * page that discloses it (sellers' select-agents step, appraisals, the comparison, the terms; agents' payment
 * condition) shows this, never a number of its own.
 */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import { CARD_BRAND_LABELS } from '@listwise/domain/payments';
import { LEAD_FEE_NAME, leadFeeWordsOfDollars } from '@listwise/domain/agent-fees';

export interface LeadFee {
  excludingGstDollars: number;
  includingGstDollars: number;
}

export const LeadFeeQuery = graphql(`
  query LeadFee {
    leadFee {
      excludingGstDollars
      includingGstDollars
    }
  }
`);

export const useLeadFee = (): LeadFee | undefined => {
  const [{ data }] = useQuery({ query: LeadFeeQuery });
  return data?.leadFee;
};

/**
 * '$1,000 plus GST' and '$1,100': the two ways pages state the fee, in the domain's words (a neutral word until it
 * has loaded).
 */
export const leadFeeWords = (fee: LeadFee | undefined) => {
  if (!fee) return { plusGst: `the ${LEAD_FEE_NAME}`, total: `the ${LEAD_FEE_NAME}`, gst: 'GST' };
  const { plusGst, total, gst } = leadFeeWordsOfDollars(fee);
  return { plusGst, total, gst };
};

/** 'Charge $1,100 to Visa ending 4242?' (asked before the card is charged), or without a card on file, says so. */
export function chargeQuestion(totalDollars: string, card: { cardBrand: string; cardSuffix: string } | null | undefined): string {
  if (!card) return `Charge ${totalDollars} to your card?`;
  return `Charge ${totalDollars} to ${CARD_BRAND_LABELS[card.cardBrand] ?? card.cardBrand} ending ${card.cardSuffix}?`;
}
