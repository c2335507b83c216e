import { LEAD_FEE_NAME, leadFeeWords, type LeadFeeAmount } from '@listwise/domain/agent-fees';
import { CASHBACK_PAID_WITHIN_BUSINESS_DAYS } from '@listwise/domain/constants';
import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/** E-mails of a sale (modules/sales): the agent asked to confirm it, and the seller told their cashback is payable. */

/** `leadFee`: the fee confirming will charge (the setting of the day; it is fixed for the sale when the agent confirms). */
export function ConfirmPropertySaleEmail(props: { sellerName: string; address: string; link: string; leadFee: LeadFeeAmount }) {
  const { sellerName, address, link } = props;
  return (
    <EmailLayout heading="Please confirm a property sale">
      <EmailText>
        {sellerName} has told us that {address} sold unconditionally with you as their agent. Congratulations!
      </EmailText>
      <EmailText>
        Please confirm the sale price and the contract date. As agreed when you accepted the request, the {LEAD_FEE_NAME} of{' '}
        {leadFeeWords(props.leadFee).plusGstWithTotal} is charged to your card on file when you confirm.
      </EmailText>
      <EmailButton href={link}>Confirm the sale</EmailButton>
    </EmailLayout>
  );
}

export function CashbackPayableEmail({ amount, address, link }: { amount: string; address: string; link: string }) {
  return (
    <EmailLayout heading="Your cashback is confirmed">
      <EmailText>
        Your agent has confirmed the unconditional sale of {address}, so your {amount} cashback is confirmed. We pay it into the bank
        account you gave us within {CASHBACK_PAID_WITHIN_BUSINESS_DAYS} business days, and e-mail you on the day it is paid.
      </EmailText>
      <EmailButton href={link}>View my property</EmailButton>
    </EmailLayout>
  );
}

/** `leadFee`: the fee the sale recorded when it was confirmed (what was tried, whatever the setting says now). */
export function LeadFeeDeclinedEmail({ address, link, leadFee }: { address: string; link: string; leadFee: LeadFeeAmount }) {
  return (
    <EmailLayout heading={`We could not charge your ${LEAD_FEE_NAME}`}>
      <EmailText>
        Your sale of {address} is confirmed, but the card on file declined the {LEAD_FEE_NAME} of {leadFeeWords(leadFee).plusGstWithTotal}.
        Please update your card in your profile settings; we will try again.
      </EmailText>
      <EmailButton href={link}>Update my card</EmailButton>
    </EmailLayout>
  );
}
