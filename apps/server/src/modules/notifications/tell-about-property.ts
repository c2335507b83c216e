import { eq } from 'drizzle-orm';
import type { EmailCategory } from '@listwise/domain/email-categories';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { properties, type PropertyRow } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import { queueEmail, type EmailToQueue } from './email.service.ts';
import { describeListing, describePropertyAddress } from './property-address.ts';
import type { PushToQueue } from './push.service.ts';

/**
 * Telling a person about a property: the one way a service e-mails a seller or an agent (and pushes to their
 * devices) about a listing, its appraisals, appointments or sale. The person and the property are read from their
 * tables (the db layer), not through the accounts or listings modules, so every module may tell, and notifications
 * still imports no module.
 */

/** Who is told about which property. */
export interface PropertyNotice {
  /** The person told: an account without an e-mail address (a closed one) is told nothing. */
  userId: string;
  /** The property, by id, or as the row the caller already holds (perhaps locked in its transaction). */
  property: string | PropertyRow;
  /**
   * How the property is named: `address`, its full address (the default); `suburb`, only 'a property in Bondi Beach
   * NSW', for an agent who may not see the street yet; `listing`, its kind and place ('3 bedroom House in Bondi NSW
   * 2026'), for a listing's news to the agents asked about it.
   */
  described?: 'address' | 'suburb' | 'listing';
  /** An optional e-mail's category: a person who switched it off is told nothing (the push is its e-mail's twin). */
  optional?: EmailCategory;
}

/** What a message knows of the property: the row, and the property named for the person told (`described`). */
export interface AboutProperty {
  property: PropertyRow;
  address: string;
}

function describeFor(tx: Tx, property: PropertyRow, described: PropertyNotice['described']): Promise<string> {
  if (described === 'listing') return describeListing(tx, property);
  return describePropertyAddress(tx, property, { withStreet: described !== 'suburb' });
}

/** The e-mail, and the push beside it, to the person the notice names. */
export type PropertyMessage = Omit<EmailToQueue, 'to' | 'optional' | 'push'> & { push?: Omit<PushToQueue, 'userId'> };

/**
 * Queues the message to the person, in the caller's transaction (so it is sent only when the change it tells of
 * commits). Answers whether the person was told: false for a closed account, a property that does not exist, or an
 * optional category the person switched off.
 */
export async function tellAboutProperty(
  deps: Pick<Deps, 'jobs' | 'logger' | 'config' | 'clock'>,
  tx: Tx,
  notice: PropertyNotice,
  message: (about: AboutProperty) => PropertyMessage | Promise<PropertyMessage>,
): Promise<boolean> {
  const [person] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, notice.userId));
  if (!person?.email) return false;
  const property =
    typeof notice.property === 'string'
      ? await tx.query.properties.findFirst({ where: eq(properties.id, notice.property) })
      : notice.property;
  if (!property) return false;
  const address = await describeFor(tx, property, notice.described);
  const { push, ...email } = await message({ property, address });
  const withPush = push ? { push: { ...push, userId: person.id } } : {};
  if (!notice.optional) {
    await queueEmail(deps, tx, { ...email, ...withPush, to: person.email });
    return true;
  }
  const queued = await queueEmail(deps, tx, {
    ...email,
    ...withPush,
    to: person.email,
    optional: { category: notice.optional, userId: person.id },
  });
  return queued !== null;
}
