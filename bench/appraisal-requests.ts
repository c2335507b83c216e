import { sql } from 'drizzle-orm';
import { agentProfiles, sellerProfiles, users } from '../apps/server/src/db/schema/accounts.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { encodeCursor } from '../apps/server/src/lib/pagination.ts';
import { findSuburbId } from '../apps/server/src/modules/listings/listing-fixtures.ts';
import { BENCH_PASSWORD as PASSWORD, load, loginToken, printTable, startBenchServer, timeRequest } from './lib.ts';
import { theRow } from '../apps/server/src/lib/rows.ts';

/**
 * The appraisal loop's two hot reads:
 * - `myPendingAppraisalRequests(first: 10)` (and the complete tab) for an agent holding 10,000 requests, among
 *   40,000 requests to other agents: the first page and a page deep in the list. The pending tab spans three
 *   states; each is one range of the (agent_user_id, state, requested_at desc, id desc) index, limited to a page,
 *   merged by UNION ALL.
 * - the seller's property detail with 5 submitted appraisals (agent, photos, fees, comparable sales, video).
 */
const OWN = 10_000;
const OTHERS = 40_000;

const CARD = `id state seenByAgent detailsHidden requestedAt expiresAt
  property { id state streetNumber streetName numberOfBedrooms numberOfBathrooms numberOfCarSpaces suburb { id name state } photos { id userMedia { id thumbnailUrl } } }
  propertyAppraisal { id sentAt sellingRangeMin sellingRangeMax marketingFee { id costDollars } commission { id commissionType percentageRate flatFeeCostDollars } }`;
const PENDING = `query($after: String) { myPendingAppraisalRequests(first: 10, after: $after) { edges { cursor node { ${CARD} } } pageInfo { endCursor hasNextPage } } }`;
const COMPLETE = `query($after: String) { myCompleteAppraisalRequests(first: 10, after: $after) { edges { cursor node { ${CARD} } } pageInfo { endCursor hasNextPage } } }`;
const PROPERTY = `query($id: ID!) { property(id: $id) {
  id streetName suburb { name } photos { id userMedia { thumbnailUrl } }
  propertyAppraisals {
    id sentAt sellingRangeMin sellingRangeMax additionalNotes appointmentRequestedBySeller agentMobileNumber
    agent { id name agencyName badge profilePicture { id thumbnailUrl } agencyLogo { id thumbnailUrl } }
    commission { id commissionType percentageRate flatFeeCostDollars } marketingFee { id costDollars marketingInclusions }
    comparableSales { id address salePriceDollars url } appraisalVideo { id url thumbnailUrl }
  } } }`;

export async function benchAppraisalRequests() {
  const server = await startBenchServer();
  try {
    const { db } = server.deps;
    const bondi = await findSuburbId(db, 'Bondi', 'NSW');
    const passwordHash = await hashPassword(PASSWORD);
    const agent = await db
      .insert(users)
      .values({
        email: 'bench.agent@example.com',
        userType: 'AGENT',
        passwordHash,
        mobileNumber: '+61412000000',
        emailVerifiedAt: new Date(),
      })
      .returning()
      .then(theRow);
    await db.insert(agentProfiles).values({ userId: agent.id, name: 'Bench Agent', agencyName: 'Bench Realty' });
    const seller = await db
      .insert(users)
      .values({
        email: 'bench.vendor@example.com',
        userType: 'SELLER',
        passwordHash,
        mobileNumber: '+61412111111',
        emailVerifiedAt: new Date(),
      })
      .returning()
      .then(theRow);
    await db.insert(sellerProfiles).values({ userId: seller.id, name: 'Bench Vendor', isPrivacyPolicyAccepted: true });

    // 50,000 published properties with a photo each, and 40,000 other agents' worth of requests.
    await db.execute(sql`
      insert into users (email, user_type) select 'bench.other.' || i || '@example.com', 'AGENT' from generate_series(1, 50) as i`);
    await db.execute(sql`
      insert into properties (seller_user_id, state, street_number, street_name, suburb_id, property_type, number_of_bedrooms,
        number_of_bathrooms, number_of_car_spaces, submitted_at, created_at, updated_at)
      select ${seller.id}::uuid, case when i % 20 = 0 then 'COMPLETE' else 'ACTIVE' end, i::text, 'Bench Street', ${bondi}, 'HOUSE', 3, 2, 1,
        now() - i * interval '1 minute', now() - i * interval '1 minute', now()
      from generate_series(1, ${OWN + OTHERS}) as i`);
    await db.execute(sql`
      with media as (
        insert into user_media (owner_user_id, type, mime_type, file_extension, storage_key, thumbnail_key, uploaded_at, main_file_ready, thumbnail_ready)
        select ${seller.id}::uuid, 'IMAGE', 'image/jpeg', 'jpg', gen_random_uuid() || '.jpg', gen_random_uuid() || '.webp', now(), true, true
        from generate_series(1, ${OWN + OTHERS}) returning id),
      numbered_media as (select id, row_number() over () as n from media),
      numbered_properties as (select id, row_number() over () as n from properties where seller_user_id = ${seller.id}::uuid)
      insert into property_media (property_id, user_media_id, type, "order")
      select p.id, m.id, 'PHOTO', 0 from numbered_properties p join numbered_media m on m.n = p.n`);

    // The agent's 10,000 requests: half answered, a third expired, a tenth pending, the rest not required.
    await db.execute(sql`
      with numbered as (select id, submitted_at, row_number() over (order by created_at desc) as n from properties
        where seller_user_id = ${seller.id}::uuid)
      insert into property_appraisal_requests (property_id, agent_user_id, state, requested_at, expires_at, payment_condition_accepted_at, seen_by_agent_at)
      select id,
        case when n <= ${OWN} then ${agent.id}::uuid else (select id from users where email = 'bench.other.' || (n % 50 + 1) || '@example.com') end,
        case when n % 20 = 0 then 'NOT_REQUIRED' when n % 10 < 5 then 'COMPLETE' when n % 10 < 8 then 'EXPIRED' else 'PENDING' end,
        submitted_at, submitted_at + interval '48 hours', case when n % 2 = 0 then submitted_at end, case when n % 3 = 0 then submitted_at end
      from numbered`);
    await db.execute(sql`
      insert into property_appraisals (appraisal_request_id, property_id, agent_user_id, state, selling_range_min, selling_range_max,
        commission_type, percentage_rate, marketing_fee_cost_cents, marketing_inclusions, additional_notes, sent_at)
      select id, property_id, agent_user_id, 'SUBMITTED', 1200000, 1320000, 'PERCENTAGE', 2.2, 450000, array['Photography', 'Signboard'],
        'Bench notes', requested_at + interval '6 hours'
      from property_appraisal_requests where state = 'COMPLETE'`);
    await db.execute(sql`
      insert into comparable_sales (property_appraisal_id, "order", address, sale_price_cents, url)
      select a.id, o, o || ' Comparable Street', 125000000, 'example.com/sold' from property_appraisals a, generate_series(0, 1) as o`);

    // The seller's property with 5 appraisals from agents with complete profiles and a video each.
    const [showcase] = (
      await db.execute<{ id: string }>(sql`
      insert into properties (seller_user_id, state, street_number, street_name, suburb_id, property_type, submitted_at)
      values (${seller.id}::uuid, 'ACTIVE', '1', 'Showcase Street', ${bondi}, 'HOUSE', now()) returning id`)
    ).rows;
    for (let i = 1; i <= 5; i++) {
      await db.execute(sql`
        with agent as (
          insert into users (email, user_type, mobile_number) values (${`bench.appraiser.${i}@example.com`}, 'AGENT', '+61412000009') returning id),
        picture as (
          insert into user_media (owner_user_id, type, mime_type, file_extension, storage_key, thumbnail_key, uploaded_at, main_file_ready, thumbnail_ready)
          select id, 'IMAGE', 'image/jpeg', 'jpg', gen_random_uuid() || '.jpg', gen_random_uuid() || '.webp', now(), true, true from agent returning id, owner_user_id),
        video as (
          insert into user_media (owner_user_id, type, mime_type, file_extension, storage_key, thumbnail_key, uploaded_at, main_file_ready, thumbnail_ready)
          select id, 'VIDEO', 'video/mp4', 'mp4', gen_random_uuid() || '.mp4', gen_random_uuid() || '.webp', now(), true, true from agent returning id, owner_user_id),
        profile as (
          insert into agent_profiles (user_id, name, bio, agency_name, agency_bio, profile_picture_media_id, agency_logo_media_id, number_of_engagements)
          select a.id, ${`Appraiser ${i}`}, 'Bio', 'Agency', 'Agency bio', p.id, p.id, 25 from agent a join picture p on p.owner_user_id = a.id returning user_id),
        request as (
          insert into property_appraisal_requests (property_id, agent_user_id, state, requested_at, expires_at, payment_condition_accepted_at, completed_at)
          select ${showcase!.id}::uuid, id, 'COMPLETE', now(), now() + interval '48 hours', now(), now() from agent returning id, agent_user_id),
        appraisal as (
          insert into property_appraisals (appraisal_request_id, property_id, agent_user_id, state, selling_range_min, selling_range_max,
            commission_type, flat_fee_cost_cents, marketing_fee_cost_cents, marketing_inclusions, additional_notes, video_user_media_id, sent_at)
          select r.id, ${showcase!.id}::uuid, r.agent_user_id, 'SUBMITTED', 1300000, 1430000, 'FLAT_FEE', 2400000, 390000, array['Drone'], 'Notes',
            v.id, now() - ${i} * interval '1 hour'
          from request r join video v on v.owner_user_id = r.agent_user_id returning id)
        insert into comparable_sales (property_appraisal_id, "order", address, sale_price_cents)
        select id, o, 'Comparable ' || o, 135000000 from appraisal, generate_series(0, 2) as o`);
    }
    await db.execute(sql`vacuum analyze`);

    const agentToken = await loginToken(server.url, 'bench.agent@example.com');
    const sellerToken = await loginToken(server.url, 'bench.vendor@example.com');

    // A cursor deep in the pending tab (after 3,000 of its ~5,000 requests), as the API hands them out.
    const deep = await db.execute<{ id: string; at: string }>(sql`
      select id, to_char(requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from property_appraisal_requests
      where agent_user_id = ${agent.id}::uuid and state <> 'COMPLETE' order by requested_at desc, id desc offset 2999 limit 1`);
    const deepCursor = encodeCursor({ sortKey: deep.rows[0]!.at, id: deep.rows[0]!.id });

    const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`
      explain analyze
      (select * from property_appraisal_requests where agent_user_id = ${agent.id}::uuid and state = 'PENDING'
        and (requested_at, id) < (${deep.rows[0]!.at}::timestamptz, ${deep.rows[0]!.id}::uuid)
        order by requested_at desc nulls last, id desc nulls last limit 11)
      union all
      (select * from property_appraisal_requests where agent_user_id = ${agent.id}::uuid and state = 'EXPIRED'
        and (requested_at, id) < (${deep.rows[0]!.at}::timestamptz, ${deep.rows[0]!.id}::uuid)
        order by requested_at desc nulls last, id desc nulls last limit 11)
      union all
      (select * from property_appraisal_requests where agent_user_id = ${agent.id}::uuid and state = 'NOT_REQUIRED'
        and (requested_at, id) < (${deep.rows[0]!.at}::timestamptz, ${deep.rows[0]!.id}::uuid)
        order by requested_at desc nulls last, id desc nulls last limit 11)
      order by requested_at desc nulls last, id desc nulls last limit 11`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));

    const bodies = {
      pendingFirst: { query: PENDING, variables: {} },
      pendingDeep: { query: PENDING, variables: { after: deepCursor } },
      completeFirst: { query: COMPLETE, variables: {} },
      property: { query: PROPERTY, variables: { id: showcase!.id } },
    };
    const single = [
      { request: 'pending tab, first page', ...(await timeRequest(server.url, bodies.pendingFirst, agentToken, 30)) },
      { request: 'pending tab, after 3,000', ...(await timeRequest(server.url, bodies.pendingDeep, agentToken, 30)) },
      { request: 'complete tab, first page', ...(await timeRequest(server.url, bodies.completeFirst, agentToken, 30)) },
      { request: 'property with 5 appraisals', ...(await timeRequest(server.url, bodies.property, sellerToken, 30)) },
    ];
    printTable(single);
    // Warm-up (connection pool, query plans), not measured.
    await load('warm-up', server.url, bodies.pendingFirst, { token: agentToken, durationSeconds: 3 });
    const rows = [
      await load('myPendingAppraisalRequests first page', server.url, bodies.pendingFirst, { token: agentToken }),
      await load('myPendingAppraisalRequests after 3,000', server.url, bodies.pendingDeep, { token: agentToken }),
      await load('myCompleteAppraisalRequests first page', server.url, bodies.completeFirst, { token: agentToken }),
      await load('property with 5 appraisals', server.url, bodies.property, { token: sellerToken }),
    ];
    printTable(rows);
    return { single, rows };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAppraisalRequests();
