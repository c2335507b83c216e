import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { properties, type PropertyRow } from '../../db/schema/properties.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import { describePropertyAddress } from '../listings/property-address.ts';
import { queueEmail, type EmailToQueue } from '../notifications/email.service.ts';

type SaleEmail = Omit<EmailToQueue, 'to' | 'optional'>;

/**
 * Queues a service e-mail about a sale to one of its parties (the seller or the named agent), given the property and
 * its full address. Nothing is sent to an account with no e-mail address (a closed one).
 */
export async function emailPartyOfSale(
  deps: Deps,
  tx: Tx,
  sale: Pick<PropertySaleRow, 'propertyId'>,
  userId: string,
  message: (property: PropertyRow, address: string) => SaleEmail | Promise<SaleEmail>,
): Promise<void> {
  const user = await tx.query.users.findFirst({ where: eq(users.id, userId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  if (!user?.email || !property) return;
  const address = await describePropertyAddress(tx, property, { withStreet: true });
  await queueEmail(deps, tx, { to: user.email, ...(await message(property, address)) });
}
