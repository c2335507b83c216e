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

/** An operator settled a disputed sale as void: no cashback is paid, and the seller is told why. */
export function SaleVoidEmail(props: { address: string; reason: string; link: string }) {
  return (
    <EmailLayout heading="Your cashback claim was closed">
      <EmailText>
        We looked into the sale of {props.address} with you and the agent, and found that it was not a sale through a Listwise agent, so no
        cashback is paid for it.
      </EmailText>
      <EmailText>Why: {props.reason}</EmailText>
      <EmailText>If you think this is wrong, reply to this e-mail with what you can show us.</EmailText>
      <EmailButton href={props.link}>View my property</EmailButton>
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
