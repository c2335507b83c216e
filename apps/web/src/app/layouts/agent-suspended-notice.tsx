import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { formatDateInZone } from '@listwise/domain/format';

/**
 * Shown above every page of a suspended agent: an operator suspended them, so no new appraisal
 * requests arrive and sellers no longer see them. Without it the agent only sees a quiet inbox and would guess at
 * why; it says so, gives the operator's reason (the one the agent was e-mailed) and how to reach Listwise.
 */
export function AgentSuspendedNotice({ suspension }: { suspension: { reason: string; suspendedAt: string } }) {
  return (
    <aside aria-labelledby="agent-suspended-heading" className="border-b border-red-300 bg-red-50">
      <div className="flex flex-col gap-2 px-5 py-4 text-sm text-red-950 md:px-8">
        <h2 id="agent-suspended-heading" className="text-base font-semibold">
          Your agent account is suspended
        </h2>
        <p>
          Since {formatDateInZone(suspension.suspendedAt)}, no new appraisal requests reach you and sellers do not see your profile.
          Requests you already have stay open, and your suburbs keep their place.
        </p>
        <p className="break-words">
          <span className="font-semibold">The reason our team gave:</span> {suspension.reason}
        </p>
        <p>
          To resolve it, e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold underline underline-offset-4">
            {SUPPORT_EMAIL}
          </a>{' '}
          or call{' '}
          <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`} className="font-semibold whitespace-nowrap underline underline-offset-4">
            {SUPPORT_PHONE}
          </a>
          .
        </p>
      </div>
    </aside>
  );
}
