/**
 * E-mails stuck in SENDING (docs/decisions/0003): a delivery cut off after the message went to the mail
 * server is never sent again by itself, since it may have arrived. Once the operator has found out (ask the
 * recipient, or the mail server's log), they send it again or mark it sent.
 */
import { formatDateTimeInZone } from '@listwise/domain/format';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { AdminStuckEmailsQuery, useMarkStuckEmailSent, useResendStuckEmail, type StuckEmail } from '@/features/admin/emails/api';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';

/** '25 Nov 2026, 9:41 am AEDT', in Listwise's zone (as the audit log writes it). */
const formatDateTime = (value: string) => formatDateTimeInZone(value);

function StuckEmailCard({ email }: { email: StuckEmail }) {
  const [, resend] = useResendStuckEmail();
  const [, markSent] = useMarkStuckEmailSent();
  return (
    <ItemCard title={email.subject} aside={<Pill tone="warn">Sending since {formatDateTime(email.sendingSince)}</Pill>}>
      <Facts>
        <Fact label="To" isWide>
          <span className="break-all">{email.to}</span>
        </Fact>
        <Fact label="Kind">{email.template}</Fact>
        <Fact label="Attempts">{email.attempts}</Fact>
        <Fact label="Queued">{formatDateTime(email.createdAt)}</Fact>
      </Facts>
      {email.lastError && <p className="mt-3 text-sm break-words text-ink-soft">Last error: {email.lastError}</p>}
      <div className="mt-4 flex flex-wrap gap-3">
        <ConfirmAction
          label="Send again"
          title="Send this e-mail again?"
          confirmLabel="Send again"
          variant="primary"
          onConfirm={async () => {
            const result = await resend({ emailId: email.id });
            if (result.error) return errorMessage(result.error);
            showToast(`The e-mail to ${email.to} is queued again.`, { tone: 'success' });
            return null;
          }}
        >
          It may already have arrived: if the recipient has it, mark it sent instead, or they get it twice.
        </ConfirmAction>
        <ConfirmAction
          label="Mark sent"
          title="Mark this e-mail sent?"
          confirmLabel="Mark sent"
          onConfirm={async () => {
            const result = await markSent({ emailId: email.id });
            if (result.error) return errorMessage(result.error);
            showToast(`The e-mail to ${email.to} is marked sent.`, { tone: 'success' });
            return null;
          }}
        >
          Only when you know it arrived (the recipient has it, or the mail server&apos;s log shows it delivered). It is not sent again.
        </ConfirmAction>
      </div>
    </ItemCard>
  );
}

export function EmailsPanel() {
  return (
    <section aria-labelledby="stuck-emails-heading" className="flex flex-col gap-4">
      <h2 id="stuck-emails-heading" className="text-xl font-semibold text-ink">
        E-mails stuck in sending
      </h2>
      <p className="leading-7 text-ink-soft">
        These e-mails were handed to the mail server, but the delivery was cut off before it answered (a restart, a lost connection), so
        nobody knows whether they arrived. They are never sent again by themselves. Find out, then send one again or mark it sent.
      </p>
      <PagedList
        label="E-mails stuck in sending"
        query={AdminStuckEmailsQuery}
        connectionOf={(data) => data.adminStuckEmails}
        keyOf={(node) => node.id}
        emptyText="No e-mail is stuck."
        renderItem={(node) => <StuckEmailCard email={node} />}
      />
    </section>
  );
}
