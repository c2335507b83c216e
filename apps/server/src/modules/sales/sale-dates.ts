import { eq } from 'drizzle-orm';
import { calendarDateIn, timeZoneOfState } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';

/** The calendar of a sale: read in the time zone of the property's state. */

/** The zone of the property's state: its calendar dates (contract date, e-mails) are read there. */
export async function timeZoneOfProperty(db: Tx, propertyId: string): Promise<string> {
  const [row] = await db
    .select({ state: suburbs.state })
    .from(properties)
    .innerJoin(suburbs, eq(suburbs.id, properties.suburbId))
    .where(eq(properties.id, propertyId));
  return timeZoneOfState(row?.state);
}

/**
 * The contract dates a sale may have: from the day the listing was published to today, both as calendar dates
 * where the property is (a Perth sale signed this evening is not 'in the future' because Sydney is past midnight).
 */
export async function contractDateBounds(db: Tx, sale: PropertySaleRow, now: Date): Promise<{ today: string; listedOn: string | null }> {
  const zone = await timeZoneOfProperty(db, sale.propertyId);
  const property = await db.query.properties.findFirst({ where: eq(properties.id, sale.propertyId), columns: { submittedAt: true } });
  return { today: calendarDateIn(now, zone), listedOn: property?.submittedAt ? calendarDateIn(property.submittedAt, zone) : null };
}
