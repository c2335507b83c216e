import { sql } from 'drizzle-orm';
import { sellerProfiles, users } from '../apps/server/src/db/schema/accounts.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { encodeCursor } from '../apps/server/src/lib/pagination.ts';
import { findSuburbId } from '../apps/server/src/modules/listings/listing-fixtures.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import { BENCH_PASSWORD, load, loginToken, printTable, startBenchServer, timeRequest } from './lib.ts';
import { theRow } from '../apps/server/src/lib/rows.ts';

/**
 * `myProperties(first: 10)` for a seller with 10,000 published properties (each with a photo), among 40,000
 * properties of other sellers: the first page and a deep page (after the 9,000th property). Keyset pagination on
 * (seller_user_id, created_at desc, id desc) should make both cost the same.
 */
const OWN = 10_000;
const OTHERS = 40_000;
export const MY_PROPERTIES_QUERY = `query($after: String) { myProperties(first: 10, after: $after) {
  edges { cursor node { id state streetName suburb { name state } appraisalCount completeType photos { id userMedia { thumbnailUrl } } } }
  pageInfo { endCursor hasNextPage } } }`;

/**
 * A verified seller holding `own` published properties (each with a ready photo) among `others` of another
 * seller, all in Bondi; returns the seller and a session token from a real `login`.
 */
export async function seedSellerWithProperties(server: RunningServer, own: number, others: number) {
  const { db } = server.deps;
  const bondi = await findSuburbId(db, 'Bondi', 'NSW');
  const email = 'bench.seller@example.com';
  const [seller] = await db
    .insert(users)
    .values({
      email,
      userType: 'SELLER',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      mobileNumber: '+61412345678',
      emailVerifiedAt: new Date(),
    })
    .returning();
  await db.insert(sellerProfiles).values({ userId: seller!.id, name: 'Bench Seller', isPrivacyPolicyAccepted: true });
  const other = await db.insert(users).values({ email: 'bench.other@example.com', userType: 'SELLER' }).returning().then(theRow);

  const insertProperties = (sellerId: string, count: number) =>
    db.execute(sql`
      insert into properties (seller_user_id, state, street_number, street_name, suburb_id, property_type, number_of_bedrooms,
        submitted_at, created_at, updated_at)
      select ${sellerId}::uuid, case when i % 10 = 0 then 'COMPLETE' else 'ACTIVE' end, i::text, 'Bench Street', ${bondi}, 'HOUSE', 3,
        now() - i * interval '1 minute', now() - i * interval '1 minute', now()
      from generate_series(1, ${count}) as i`);
  await insertProperties(seller!.id, own);
  await insertProperties(other.id, others);
  await db.execute(sql`
    with media as (
      insert into user_media (owner_user_id, type, mime_type, file_extension, storage_key, thumbnail_key, uploaded_at, main_file_ready, thumbnail_ready)
      select ${seller!.id}::uuid, 'IMAGE', 'image/jpeg', 'jpg', gen_random_uuid() || '.jpg', gen_random_uuid() || '.webp', now(), true, true
      from generate_series(1, ${own})
      returning id),
    numbered_media as (select id, row_number() over () as n from media),
    numbered_properties as (select id, row_number() over () as n from properties where seller_user_id = ${seller!.id}::uuid)
    insert into property_media (property_id, user_media_id, type, "order")
    select p.id, m.id, 'PHOTO', 0 from numbered_properties p join numbered_media m on m.n = p.n`);
  await db.execute(sql`analyze properties; analyze property_media; analyze user_media`);
  return { seller: seller!, token: await loginToken(server.url, email, BENCH_PASSWORD) };
}

export async function benchMyProperties() {
  const server = await startBenchServer();
  try {
    const { db } = server.deps;
    const { seller, token } = await seedSellerWithProperties(server, OWN, OTHERS);

    // The cursor of the 9,000th property, as the API would have handed it out.
    const deep = await db.execute<{ id: string; created: string }>(sql`
      select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created from properties
      where seller_user_id = ${seller.id}::uuid order by created_at desc, id desc offset 8999 limit 1`);
    const deepCursor = encodeCursor({ sortKey: deep.rows[0]!.created, id: deep.rows[0]!.id });

    const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`
      explain analyze select * from properties where seller_user_id = ${seller.id}::uuid and state <> 'DRAFT'
        and (created_at, id) < (${deep.rows[0]!.created}::timestamptz, ${deep.rows[0]!.id}::uuid)
      order by created_at desc nulls last, id desc nulls last limit 11`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    const firstPlan = await db.execute<{ 'QUERY PLAN': string }>(sql`
      explain analyze select * from properties where seller_user_id = ${seller.id}::uuid and state <> 'DRAFT'
      order by created_at desc nulls last, id desc nulls last limit 11`);
    console.log(firstPlan.rows.map((r) => r['QUERY PLAN']).join('\n'));

    const firstBody = { query: MY_PROPERTIES_QUERY, variables: {} };
    const deepBody = { query: MY_PROPERTIES_QUERY, variables: { after: deepCursor } };
    const single = [
      { page: 'first', ...(await timeRequest(server.url, firstBody, token, 30)) },
      { page: 'after 9,000', ...(await timeRequest(server.url, deepBody, token, 30)) },
    ];
    printTable(single);
    const rows = [
      await load('myProperties first page', server.url, firstBody, { token }),
      await load('myProperties after 9,000', server.url, deepBody, { token }),
    ];
    printTable(rows);
    return { single, rows };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMyProperties();
