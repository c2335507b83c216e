import { formatCents, formatDateInZone } from '@listwise/domain/format';
import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/**
 * E-mails about an agent's suburb subscriptions: receipts, renewal reminders, renewals, failures and endings.
 * Dates are read in Sydney time, never the server's zone (a UTC server would show the day before the web app).
 */

const money = formatCents;

export function SubscriptionReceiptEmail(props: {
  suburbNames: string[];
  amountCents: number;
  gstCents: number;
  expiresAt: Date;
  link: string;
}) {
  return (
    <EmailLayout heading="Your suburb subscription is confirmed">
      <EmailText>
        Thank you. We charged your card {money(props.amountCents)} (including {money(props.gstCents)} GST) for 12 months in:
      </EmailText>
      <ul>
        {props.suburbNames.map((name) => (
          <li key={name} style={{ fontSize: 15, lineHeight: '22px' }}>
            {name}
          </li>
        ))}
      </ul>
      <EmailText>These subscriptions run until {formatDateInZone(props.expiresAt)} and renew automatically each year.</EmailText>
      <EmailButton href={props.link}>View my suburbs</EmailButton>
    </EmailLayout>
  );
}

export function SubscriptionRenewalReminderEmail(props: {
  suburbName: string;
  renewsAt: Date;
  /** Where the suburb is: the date the agent reads is its calendar date there, as in the e-mail's subject. */
  timeZone?: string;
  priceCents: number;
  isFreeTrial: boolean;
  link: string;
}) {
  return (
    <EmailLayout heading={`Your ${props.suburbName} subscription renews soon`}>
      <EmailText>
        {props.isFreeTrial ? 'Your free trial' : 'Your subscription'} for {props.suburbName} ends on{' '}
        {formatDateInZone(props.renewsAt, props.timeZone)}. On that day it renews for another 12 months and we charge{' '}
        {money(props.priceCents)} (including GST) to your default card.
      </EmailText>
      <EmailText>To cancel or change a suburb, please contact Listwise support before then.</EmailText>
      <EmailButton href={props.link}>View my suburbs</EmailButton>
    </EmailLayout>
  );
}

export function SubscriptionRenewedEmail(props: {
  suburbName: string;
  amountCents: number;
  gstCents: number;
  expiresAt: Date;
  link: string;
}) {
  return (
    <EmailLayout heading={`Your ${props.suburbName} subscription has renewed`}>
      <EmailText>
        We charged your card {money(props.amountCents)} (including {money(props.gstCents)} GST). Your subscription for {props.suburbName}{' '}
        now runs until {formatDateInZone(props.expiresAt)}.
      </EmailText>
      <EmailButton href={props.link}>View my suburbs</EmailButton>
    </EmailLayout>
  );
}

export function SubscriptionRenewalFailedEmail(props: { suburbName: string; reason: string; endsAt: Date; link: string }) {
  return (
    <EmailLayout heading={`We couldn't renew your ${props.suburbName} subscription`}>
      <EmailText>{props.reason}</EmailText>
      <EmailText>
        Your subscription for {props.suburbName} ends on {formatDateInZone(props.endsAt)}. You can renew it from your profile settings once
        your payment details are up to date.
      </EmailText>
      <EmailButton href={props.link}>Renew my subscription</EmailButton>
    </EmailLayout>
  );
}

export function SubscriptionEndedEmail(props: { suburbName: string; link: string }) {
  return (
    <EmailLayout heading={`Your ${props.suburbName} subscription has ended`}>
      <EmailText>You will no longer receive appraisal requests from sellers in {props.suburbName}.</EmailText>
      <EmailText>If a place is still free, you can renew it from your profile settings.</EmailText>
      <EmailButton href={props.link}>View my suburbs</EmailButton>
    </EmailLayout>
  );
}
