import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner.ts';

describe('the block of text npm start ends with (issue 23)', () => {
  it('names the address, the mailbox and every demo login, as plain lines', () => {
    const text = startupBanner({
      appUrl: 'http://localhost:3000',
      mailboxUrl: 'http://localhost:3000/dev/mailbox',
      demo: {
        password: 'listwise-demo',
        accounts: [
          { role: 'admin', email: 'admin@listwise.test' },
          { role: 'seller', email: 'seller@listwise.test' },
        ],
      },
    });
    expect(text).toContain('Listwise is running at http://localhost:3000\n');
    expect(text).toContain('http://localhost:3000/dev/mailbox');
    expect(text).toContain('Demo logins (password for all: listwise-demo):\n  admin   admin@listwise.test\n  seller  seller@listwise.test');
    // Not a log line: no JSON, no escaped line breaks.
    expect(text).not.toMatch(/[{}]|\\n/);
  });

  it('leaves out the mailbox and the logins where there are none (production)', () => {
    const text = startupBanner({ appUrl: 'https://listwise.com.au', mailboxUrl: null, demo: null });
    expect(text).toContain('Listwise is running at https://listwise.com.au');
    expect(text).not.toMatch(/mailbox|Demo logins/);
  });
});
