/**
 * The plain block of text `npm start` ends with: where Listwise runs, the mailbox, and the demo logins.
 * Written to stdout as it is, after the JSON log lines, so a newcomer reads it without a log viewer.
 */
export interface StartupBannerInput {
  appUrl: string;
  /** The dev mailbox; absent in production. */
  mailboxUrl: string | null;
  demo: { password: string; accounts: { role: string; email: string }[] } | null;
}

export function startupBanner({ appUrl, mailboxUrl, demo }: StartupBannerInput): string {
  const lines = ['', `Listwise is running at ${appUrl}`];
  if (mailboxUrl) lines.push(`E-mails it sends land in the mailbox at ${mailboxUrl}`);
  if (demo && demo.accounts.length) {
    lines.push('', `Demo logins (password for all: ${demo.password}):`);
    const width = Math.max(...demo.accounts.map((a) => a.role.length));
    for (const account of demo.accounts) lines.push(`  ${account.role.padEnd(width)}  ${account.email}`);
  }
  lines.push('', 'Press Ctrl+C to stop.', '');
  return lines.join('\n');
}
