import { propertyAddressLine, suburbLabel } from '@listwise/domain/address-line';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';

/**
 * A property's address for e-mails: '2/14 Campbell Parade, Bondi Beach NSW', or only 'a property in
 * Bondi Beach NSW' when the reader may not see the street (an agent before the payment condition).
 */
export async function describePropertyAddress(
  db: Tx,
  property: Pick<typeof properties.$inferSelect, 'suburbId' | 'unitNumber' | 'streetNumber' | 'streetName'>,
  options: { withStreet: boolean },
): Promise<string> {
  const suburb = property.suburbId ? await db.query.suburbs.findFirst({ where: eq(suburbs.id, property.suburbId) }) : undefined;
  if (!options.withStreet || !property.streetName)
    return suburb ? `a property in ${suburbLabel(suburb, { postcode: false })}` : 'a property';
  return propertyAddressLine({ ...property, suburb }, { postcode: false });
}
