import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/**
 * E-mails about appointment requests: to the agent and to the seller when the seller asks,
 * changes or cancels, and when a completed property cancels what was still open. `when` is already written in the
 * property's zone ('Saturday 3 April, 10:30am Sydney time'). The seller's note is plain text: React escapes it, and
 * it is one line by the time it gets here.
 */

function SellerNote({ note }: { note: string | null }) {
  if (!note) return null;
  return <EmailText>Their note: “{note}”</EmailText>;
}

/** The seller's phone and e-mail, as the agent is asked to use them: only what the seller gave. */
function sellerContact(phone: string | null, email: string | null): string {
  if (phone && email) return `Please call them on ${phone} or e-mail ${email} within 24 hours.`;
  if (phone) return `Please call them on ${phone} within 24 hours.`;
  if (email) return `Please e-mail them at ${email} within 24 hours.`;
  return 'Their contact details are in your appointment requests: please contact them within 24 hours.';
}

export function AppointmentRequestedEmail({
  sellerName,
  sellerPhone,
  sellerEmail,
  address,
  when,
  note,
  link,
}: {
  sellerName: string;
  sellerPhone: string | null;
  sellerEmail: string | null;
  address: string;
  when: string;
  note: string | null;
  link: string;
}) {
  return (
    <EmailLayout heading="A seller has requested an appointment">
      <EmailText>
        {sellerName} would like to meet about {address} on {when}. {sellerContact(sellerPhone, sellerEmail)}
      </EmailText>
      <SellerNote note={note} />
      <EmailButton href={link}>View appointment requests</EmailButton>
    </EmailLayout>
  );
}

export function AppointmentRequestConfirmationEmail({
  agentName,
  agentPhone,
  address,
  when,
  link,
}: {
  agentName: string;
  agentPhone: string | null;
  address: string;
  when: string;
  link: string;
}) {
  return (
    <EmailLayout heading="Your appointment request has been sent">
      <EmailText>
        We have asked {agentName} to meet you about {address} on {when}. They will contact you to confirm
        {agentPhone ? `; you can also call them on ${agentPhone}` : ''}. The attached invite adds it to your calendar.
      </EmailText>
      <EmailButton href={link}>View the appraisal</EmailButton>
    </EmailLayout>
  );
}

export function AppointmentChangedEmail({
  sellerName,
  address,
  when,
  previousWhen,
  note,
  link,
}: {
  sellerName: string;
  address: string;
  when: string;
  previousWhen: string;
  note: string | null;
  link: string;
}) {
  return (
    <EmailLayout heading="A seller has changed their appointment request">
      <EmailText>
        {sellerName} would now like to meet about {address} on {when}
        {previousWhen !== when ? ` (instead of ${previousWhen})` : ''}. The attached invite updates your calendar.
      </EmailText>
      <SellerNote note={note} />
      <EmailButton href={link}>View appointment requests</EmailButton>
    </EmailLayout>
  );
}

export function AppointmentChangeConfirmationEmail({
  agentName,
  address,
  when,
  link,
}: {
  agentName: string;
  address: string;
  when: string;
  link: string;
}) {
  return (
    <EmailLayout heading="Your appointment request has been changed">
      <EmailText>
        We have asked {agentName} to meet you about {address} on {when} instead. They will contact you to confirm. The attached invite
        updates your calendar.
      </EmailText>
      <EmailButton href={link}>View the appraisal</EmailButton>
    </EmailLayout>
  );
}

/** Why an appointment was cancelled, as the agent reads it. */
export type AppointmentCancelReason = 'SELLER' | 'SOLD' | 'NOT_SELLING';

const AGENT_CANCEL_REASONS: Record<AppointmentCancelReason, (sellerName: string) => string> = {
  SELLER: (sellerName) => `${sellerName} has cancelled their appointment request`,
  SOLD: () => 'The property has sold through another agent, so the seller’s appointment request',
  NOT_SELLING: () => 'The seller has closed the listing, so their appointment request',
};

export function AppointmentCancelledEmail({
  sellerName,
  address,
  when,
  reason,
  link,
}: {
  sellerName: string;
  address: string;
  when: string;
  reason: AppointmentCancelReason;
  link: string;
}) {
  const opening = AGENT_CANCEL_REASONS[reason](sellerName);
  return (
    <EmailLayout heading="An appointment request has been cancelled">
      <EmailText>
        {opening} {reason === 'SELLER' ? 'for' : 'is cancelled:'} {address} on {when}. The attached cancellation removes it from your
        calendar.
      </EmailText>
      <EmailButton href={link}>View appointment requests</EmailButton>
    </EmailLayout>
  );
}

export function AppointmentCancelConfirmationEmail({
  agentName,
  address,
  when,
  byListwise,
  link,
}: {
  agentName: string;
  address: string;
  when: string;
  /** The property completed, so Listwise cancelled it (not the seller's own click). */
  byListwise: boolean;
  link: string;
}) {
  return (
    <EmailLayout heading="Your appointment request has been cancelled">
      <EmailText>
        {byListwise
          ? `As your property is no longer for sale through Listwise, we have cancelled your appointment request with ${agentName} about ${address} on ${when}, and told them.`
          : `We have told ${agentName} that you cancelled your appointment request about ${address} on ${when}.`}{' '}
        The attached cancellation removes it from your calendar.
      </EmailText>
      <EmailButton href={link}>View the appraisal</EmailButton>
    </EmailLayout>
  );
}
