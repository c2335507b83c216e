import { propertyAddressLine, suburbLabel } from '@listwise/domain/address-line';
import { PROPERTY_TYPE_LABELS, type PropertyType } from '@listwise/domain/enums';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PropertyRow } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';

const suburbOf = (db: Tx, property: Pick<PropertyRow, 'suburbId'>) =>
  property.suburbId ? db.query.suburbs.findFirst({ where: eq(suburbs.id, property.suburbId) }) : Promise.resolve(undefined);

/**
 * A property's address for e-mails: '2/14 Campbell Parade, Bondi Beach NSW', or only 'a property in
 * Bondi Beach NSW' when the reader may not see the street (an agent before the payment condition).
 */
export async function describePropertyAddress(
  db: Tx,
  property: Pick<PropertyRow, 'suburbId' | 'unitNumber' | 'streetNumber' | 'streetName'>,
  options: { withStreet: boolean },
): Promise<string> {
  const suburb = await suburbOf(db, property);
  if (!options.withStreet || !property.streetName)
    return suburb ? `a property in ${suburbLabel(suburb, { postcode: false })}` : 'a property';
  return propertyAddressLine({ ...property, suburb }, { postcode: false });
}

/**
 * A listing's kind and place for the agents asked about it, who may not see the street: '3 bedroom House in
 * Bondi NSW 2026'.
 */
export async function describeListing(
  db: Tx,
  property: Pick<PropertyRow, 'suburbId' | 'propertyType' | 'numberOfBedrooms'>,
): Promise<string> {
  const suburb = await suburbOf(db, property);
  const type = property.propertyType ? PROPERTY_TYPE_LABELS[property.propertyType as PropertyType] : 'Property';
  const bedrooms = property.numberOfBedrooms ? `${property.numberOfBedrooms >= 5 ? '5+' : property.numberOfBedrooms} bedroom ` : '';
  const place = suburb ? ` in ${suburbLabel(suburb)}` : '';
  return `${bedrooms}${type}${place}`;
}
