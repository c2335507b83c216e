import { formatAbn } from '@listwise/domain/tax-invoice';
import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/**
 * E-mails about money: the seller's cashback paid, the seller told an agent disputes the sale, and the
 * agent's tax invoice for a lead fee. Amounts and dates arrive formatted (dates in the property's zone).
 */

export function CashbackPaidEmail(props: { amount: string; address: string; paidOn: string; maskedAccount: string; link: string }) {
  return (
    <EmailLayout heading="Your cashback has been paid">
      <EmailText>
        We paid your {props.amount} cashback for the sale of {props.address} on {props.paidOn}, into the account {props.maskedAccount}.
        Banks usually show a transfer within one to two business days.
      </EmailText>
      <EmailButton href={props.link}>View my property</EmailButton>
    </EmailLayout>
  );
}

export function SaleDisputedEmail(props: { agentName: string; address: string; link: string }) {
  return (
    <EmailLayout heading="Your agent did not confirm the sale">
      <EmailText>
        {props.agentName} told us that the sale of {props.address} was not theirs. Your cashback claim is on hold while our team looks into
        it; we will contact you. If you named the wrong agent, reply to this e-mail.
      </EmailText>
      <EmailButton href={props.link}>View my property</EmailButton>
    </EmailLayout>
  );
}

/** An operator settled a sale as void: no cashback is paid for it, the seller is told why and what they can do now. */
export function SaleVoidEmail(props: { address: string; reason: string; link: string }) {
  return (
    <EmailLayout heading="Your cashback claim was closed">
      <EmailText>
        We looked into the sale of {props.address} with you and the agent, and found that it was not a sale through the agent you named, so
        no cashback is paid for this claim.
      </EmailText>
      <EmailText>Why: {props.reason}</EmailText>
      <EmailText>
        If another agent who appraised the property through Listwise sold it, report the sale again naming them and your cashback is claimed
        afresh. If it did not sell, you can list it again. If you think this is wrong, reply to this e-mail with what you can show us.
      </EmailText>
      <EmailButton href={props.link}>View my property</EmailButton>
    </EmailLayout>
  );
}

/** An operator settled a sale the agent did not answer as standing: the seller's cashback follows the lead fee. */
export function SaleStandsEmail(props: { address: string; reason: string; link: string }) {
  return (
    <EmailLayout heading="We confirmed your sale">
      <EmailText>
        The agent you named did not answer us about the sale of {props.address}, so our team looked into it with you and confirmed the sale.
        Your cashback is now on its way: we will e-mail you when it is paid.
      </EmailText>
      <EmailText>Why: {props.reason}</EmailText>
      <EmailButton href={props.link}>View my property</EmailButton>
    </EmailLayout>
  );
}

/** The agent named in a sale they did not answer is told how an operator settled it, and why. */
export function SaleSettledForAgentEmail(props: { address: string; stands: boolean; reason: string; link: string }) {
  return (
    <EmailLayout heading="A sale naming you was settled">
      <EmailText>
        The seller of {props.address} reported that you sold it, and we did not hear from you. Our team has settled it:{' '}
        {props.stands
          ? 'the sale stands as yours, and the lead fee is charged to your card as for any confirmed sale.'
          : 'the sale is void. Nothing is charged to you and it does not count towards your record.'}
      </EmailText>
      <EmailText>Why: {props.reason}</EmailText>
      <EmailText>If you think this is wrong, reply to this e-mail.</EmailText>
      <EmailButton href={props.link}>View the sale</EmailButton>
    </EmailLayout>
  );
}

export interface TaxInvoiceEmailProps {
  number: string;
  issuedOn: string;
  supplierName: string;
  supplierAbn: string;
  customerName: string;
  customerAgencyName: string | null;
  customerAgencyAbn: string | null;
  description: string;
  excludingGst: string;
  gst: string;
  total: string;
  link: string;
}

const cell = { padding: '6px 0', borderBottom: '1px solid #e4e7eb' } as const;

export function TaxInvoiceEmail(props: TaxInvoiceEmailProps) {
  return (
    <EmailLayout heading={`Tax invoice ${props.number}`}>
      <EmailText>
        Thank you for your payment. This is your tax invoice; it is also in your profile settings, where you can print it.
      </EmailText>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ fontSize: 15, lineHeight: '22px' }}>
        <tbody>
          <tr>
            <td style={cell}>Tax invoice</td>
            <td style={cell} align="right">
              {props.number}
            </td>
          </tr>
          <tr>
            <td style={cell}>Date</td>
            <td style={cell} align="right">
              {props.issuedOn}
            </td>
          </tr>
          <tr>
            <td style={cell}>From</td>
            <td style={cell} align="right">
              {props.supplierName}, ABN {formatAbn(props.supplierAbn)}
            </td>
          </tr>
          <tr>
            <td style={cell}>To</td>
            <td style={cell} align="right">
              {/* The buyer is the agency, with its ABN when the agent has given it. */}
              {props.customerAgencyName
                ? `${props.customerAgencyName}${props.customerAgencyAbn ? `, ABN ${formatAbn(props.customerAgencyAbn)}` : ''} (${props.customerName})`
                : props.customerName}
            </td>
          </tr>
          <tr>
            <td style={cell}>{props.description}</td>
            <td style={cell} align="right">
              {props.excludingGst}
            </td>
          </tr>
          <tr>
            <td style={cell}>GST</td>
            <td style={cell} align="right">
              {props.gst}
            </td>
          </tr>
          <tr>
            <td style={{ ...cell, fontWeight: 700 }}>Total paid (including GST)</td>
            <td style={{ ...cell, fontWeight: 700 }} align="right">
              {props.total}
            </td>
          </tr>
        </tbody>
      </table>
      <EmailButton href={props.link}>View and print the invoice</EmailButton>
    </EmailLayout>
  );
}
