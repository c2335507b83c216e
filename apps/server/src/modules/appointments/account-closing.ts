import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appointmentRequests } from '../../db/schema/appraisals.ts';

/**
 * The appointments module's part of closing a seller's account: the seller's notes to agents are their words (a gate
 * code, a family matter) and are erased. The request itself stays with the agent (date and time, no name).
 */
export async function eraseSellerAppointmentNotes(tx: Tx, sellerUserId: string): Promise<void> {
  await tx.update(appointmentRequests).set({ note: null }).where(eq(appointmentRequests.sellerUserId, sellerUserId));
}
