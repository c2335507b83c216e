import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { pushDevices, pushMessages } from '../../db/schema/push-notifications.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { createSeller } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setEmailPreference } from './email-preferences.service.ts';
import { listUnsubscribeHeaders } from './email.service.ts';
import { tellAboutProperty, type AboutProperty, type PropertyNotice } from './tell-about-property.ts';

/**
 * The one way to tell a person about a property: the person's e-mail address and the property's address read once,
 * the same way for every message; nothing for a closed account or a category switched off; the push beside the
 * e-mail goes to the same person; and all of it inside the caller's transaction.
 */
let server: TestServer;
let suburbId: number;
beforeAll(async () => {
  server = await startTestServer();
  suburbId = 900_000 + crypto.randomInt(90_000);
  await server.deps.db.insert(suburbs).values({
    id: suburbId,
    name: 'Testhaven',
    searchName: 'testhaven',
    state: 'NSW',
    postcode: '2999',
    latitude: -33.89,
    longitude: 151.27,
  });
});
afterAll(() => server?.stop());

async function sellerWithProperty() {
  const seller = await createSeller(server);
  const [property] = await server.deps.db
    .insert(properties)
    .values({
      sellerUserId: seller.userId,
      unitNumber: '2',
      streetNumber: '14',
      streetName: 'Campbell Parade',
      suburbId,
      propertyType: 'HOUSE',
      numberOfBedrooms: 3,
    })
    .returning();
  return { seller, property: property! };
}

/** Tells the person in a transaction of its own (or the caller's), recording what the message was given. */
async function tell(notice: PropertyNotice, options: { rollBack?: boolean } = {}) {
  const given: AboutProperty[] = [];
  const told = await server.deps.db
    .transaction(async (tx) => {
      const isTold = await tellAboutProperty(server.deps, tx, notice, (about) => {
        given.push(about);
        return {
          subject: 'About your property',
          template: 'property-notice-test',
          body: createElement('p', null, `News about ${about.address}.`),
          push: { kind: 'APPRAISAL_RECEIVED', content: { title: 'News', body: about.address, url: `/property/${about.property.id}` } },
        };
      });
      if (options.rollBack) throw new Error('the change the notice told of failed');
      return isTold;
    })
    .catch((error: Error) => (options.rollBack ? 'rolled back' : Promise.reject(error)));
  return { told, given };
}

async function addDevice(userId: string) {
  const [device] = await server.deps.db
    .insert(pushDevices)
    .values({
      userId,
      // Nothing listens there: the test reads the stored push, not its delivery.
      endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
      p256dh: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      browser: 'Chrome on Android',
      createdAt: new Date(),
    })
    .returning();
  return device!;
}

const pushesTo = (deviceId: string) => server.deps.db.select().from(pushMessages).where(eq(pushMessages.deviceId, deviceId));

describe('tellAboutProperty', () => {
  it("e-mails the person with the property's full address, and pushes to that person's devices", async () => {
    const { seller, property } = await sellerWithProperty();
    const device = await addDevice(seller.userId);
    const { told, given } = await tell({ userId: seller.userId, property: property.id });
    expect(told).toBe(true);
    expect(given).toEqual([{ property, address: '2/14 Campbell Parade, Testhaven NSW' }]);
    const [email] = await server.emailsTo(seller.email);
    expect(email).toMatchObject({ subject: 'About your property', template: 'property-notice-test', category: null });
    expect(email!.text).toContain('News about 2/14 Campbell Parade, Testhaven NSW.');
    const [push] = await pushesTo(device.id);
    expect(push).toMatchObject({
      kind: 'APPRAISAL_RECEIVED',
      content: { title: 'News', body: '2/14 Campbell Parade, Testhaven NSW', url: `/property/${property.id}` },
    });
  });

  it('describes the property the same way whether given by id or as the row the caller holds', async () => {
    const { seller, property } = await sellerWithProperty();
    const byId = await tell({ userId: seller.userId, property: property.id });
    const byRow = await tell({ userId: seller.userId, property });
    expect(byRow.given).toEqual(byId.given);
  });

  it('names only the suburb when the street is hidden from the reader', async () => {
    const { seller, property } = await sellerWithProperty();
    const { told, given } = await tell({ userId: seller.userId, property, described: 'suburb' });
    expect(told).toBe(true);
    expect(given[0]!.address).toBe('a property in Testhaven NSW');
    expect((await server.emailsTo(seller.email))[0]!.text).toContain('News about a property in Testhaven NSW.');
  });

  it('names a listing by its kind and place for the agents asked about it', async () => {
    const { seller, property } = await sellerWithProperty();
    const { given } = await tell({ userId: seller.userId, property, described: 'listing' });
    expect(given[0]!.address).toBe('3 bedroom House in Testhaven NSW 2999');
  });

  it('tells a person whose account is closed nothing, not even a push', async () => {
    const { seller, property } = await sellerWithProperty();
    const device = await addDevice(seller.userId);
    await server.deps.db.update(users).set({ email: null, deletedAt: new Date() }).where(eq(users.id, seller.userId));
    const { told, given } = await tell({ userId: seller.userId, property });
    expect(told).toBe(false);
    expect(given).toEqual([]);
    expect(await server.emailsTo(seller.email)).toEqual([]);
    expect(await pushesTo(device.id)).toEqual([]);
  });

  it('tells a person who switched the optional category off nothing, and one who keeps it on the e-mail with its unsubscribe headers', async () => {
    const { seller, property } = await sellerWithProperty();
    const device = await addDevice(seller.userId);
    await setEmailPreference(server.deps, seller.userId, 'REMINDERS', false);
    const off = await tell({ userId: seller.userId, property, optional: 'REMINDERS' });
    expect(off.told).toBe(false);
    expect(await server.emailsTo(seller.email)).toEqual([]);
    expect(await pushesTo(device.id)).toEqual([]);

    await setEmailPreference(server.deps, seller.userId, 'REMINDERS', true);
    const on = await tell({ userId: seller.userId, property, optional: 'REMINDERS' });
    expect(on.told).toBe(true);
    const [email] = await server.emailsTo(seller.email);
    expect(email).toMatchObject({ category: 'REMINDERS', userId: seller.userId });
    expect(listUnsubscribeHeaders(server.deps, email!)?.['List-Unsubscribe']).toMatch(/\/unsubscribe\//);
  });

  it("queues nothing when the caller's transaction rolls back", async () => {
    const { seller, property } = await sellerWithProperty();
    const device = await addDevice(seller.userId);
    const { told, given } = await tell({ userId: seller.userId, property }, { rollBack: true });
    expect(told).toBe('rolled back');
    expect(given).toHaveLength(1);
    expect(await server.emailsTo(seller.email)).toEqual([]);
    expect(await pushesTo(device.id)).toEqual([]);
  });

  it('tells nobody about a property that does not exist', async () => {
    const { seller } = await sellerWithProperty();
    const { told, given } = await tell({ userId: seller.userId, property: crypto.randomUUID() });
    expect(told).toBe(false);
    expect(given).toEqual([]);
    expect(await server.emailsTo(seller.email)).toEqual([]);
  });
});
