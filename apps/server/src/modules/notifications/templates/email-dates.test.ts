import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubscriptionReceiptEmail, SubscriptionRenewalReminderEmail } from './subscription-emails.tsx';

/**
 * Issue 14: e-mails print dates in Australian time whatever the server's zone. A subscription ending at 14:00 UTC
 * on 30 June ends on 1 July in Sydney, as the web app (in the reader's browser) shows it; a server on UTC used to
 * print 30 June. The test process runs in the machine's zone, so it forces one west of Australia for the check.
 */
describe('dates in e-mails', () => {
  it('are the calendar date in Sydney, not the server’s', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const endsAt = new Date('2026-06-30T14:00:00Z');
      const receipt = renderToStaticMarkup(
        SubscriptionReceiptEmail({ suburbNames: ['Bondi'], amountCents: 49_500, gstCents: 4_500, expiresAt: endsAt, link: 'x' }),
      );
      expect(receipt).toContain('run until 1 Jul 2026');
      const reminder = renderToStaticMarkup(
        SubscriptionRenewalReminderEmail({ suburbName: 'Bondi', renewsAt: endsAt, priceCents: 49_500, isFreeTrial: false, link: 'x' }),
      );
      expect(reminder).toContain('ends on 1 Jul 2026');
      expect(reminder).toContain('$495');
    } finally {
      // process.env turns undefined into the string 'undefined': restore by deleting (the files share a process).
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
