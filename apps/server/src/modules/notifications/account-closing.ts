import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { emailMessages } from '../../db/schema/platform.ts';

/**
 * The notifications module's part of closing an account: the copies of e-mails sent to the address (none still being
 * handed to SMTP, which finishes on its own).
 */
export async function deleteEmailsSentTo(tx: Tx, email: string | null): Promise<void> {
  if (!email) return;
  await tx.delete(emailMessages).where(and(eq(emailMessages.toAddress, email), ne(emailMessages.status, 'SENDING')));
}
