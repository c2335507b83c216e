import type pg from 'pg';
import { ADMIN_AUDIT_ACTIONS } from '@listwise/domain/audit-log';
import { roundTo } from '@listwise/domain/numbers';

/**
 * A busy marketplace's volume, seeded with SQL: the plan test (`graphql/list-plans.test.ts`) seeds a
 * few thousand rows per table, `npm run bench:scale` a thousand and then a million appraisal requests.
 *
 * Every row's id is `md5(<kind>-<n>)::uuid`, so rows refer to each other by formula, without joins, and a second
 * run finds the rows of the first: each table is filled only when its last row is missing (idempotent, and a run
 * cut short resumes where it stopped). Three people sign in to read their lists: the focus agent, the focus
 * seller and an operator (emails below, password chosen by the caller); they own a fixed share of each
 * per-person list, so each of their lists holds well over ten pages at every volume.
 */
export interface ScaleVolumes {
  agents: number;
  sellers: number;
  properties: number;
  /** Appraisal requests; 30 % are COMPLETE and have a submitted appraisal. */
  requests: number;
  sales: number;
  cashbackClaims: number;
  charges: number;
  auditLog: number;
  subscriptions: number;
  /** The focus people's share: the agent's requests, the seller's properties, the agent's charges, the focus suburb's subscriptions. */
  focusRequests: number;
  focusProperties: number;
  focusCharges: number;
  focusSubscriptions: number;
}

/** The issue's volume: 60,000 users, 200,000 properties, 1,000,000 appraisal requests, 300,000 appraisals. */
export const MILLION: ScaleVolumes = {
  agents: 10_000,
  sellers: 50_000,
  properties: 200_000,
  requests: 1_000_000,
  sales: 20_000,
  cashbackClaims: 15_000,
  charges: 50_000,
  auditLog: 50_000,
  subscriptions: 20_000,
  focusRequests: 10_000,
  focusProperties: 2_000,
  focusCharges: 1_000,
  focusSubscriptions: 1_000,
};

/** About a thousand rows a list: the same lists, each still more than ten pages of ten long. */
export const THOUSAND: ScaleVolumes = {
  agents: 1_000,
  sellers: 1_000,
  properties: 1_000,
  requests: 1_000,
  sales: 1_000,
  cashbackClaims: 1_000,
  charges: 1_000,
  auditLog: 1_000,
  subscriptions: 1_000,
  focusRequests: 400,
  focusProperties: 300,
  focusCharges: 300,
  focusSubscriptions: 300,
};

/** The audit log's rows take every action in turn, so each action filter has a long list to page. */
const AUDIT_ACTIONS_SQL = ADMIN_AUDIT_ACTIONS.map((action) => `'${action}'`).join(', ');

export const SCALE_EMAILS = {
  agent: 'scale.agent1@listwise.test',
  seller: 'scale.seller1@listwise.test',
  admin: 'scale.admin@listwise.test',
} as const;

/** The focus suburb (the one with `focusSubscriptions` subscriptions): the first suburb by id. */
export const FOCUS_SUBURB_SQL = 'select min(id) as id from suburbs';

const id = (kind: string, n: string) => `md5('scale-${kind}-' || ${n})::uuid`;

/** Seeds `volumes` into the migrated database behind `pool` (suburbs must be loaded). Returns the seconds it took. */
/**
 * `acceptedTermsVersion`: the terms version the seeded sellers and agents accepted (the server refuses other calls
 * until the current one is accepted, so callers that sign in pass the current version).
 */
export async function seedScale(
  pool: pg.Pool,
  volumes: ScaleVolumes,
  passwordHash: string,
  acceptedTermsVersion: string | null = null,
): Promise<number> {
  const started = performance.now();
  const v = volumes;
  const A = v.agents;
  // Other people's rows go round the agents and sellers after the focus ones (agent 1, seller 1).
  const otherAgent = (n: string) => id('agent', `(2 + (${n}) % ${A - 1})`);
  const propertyOf = (n: string) => `(case when ${n} <= ${v.focusProperties} then 1 else 2 + (${n}) % ${v.sellers - 1} end)`;
  const suburbIds = `(select array_agg(id order by id) from suburbs)`;
  const at = (n: string, step = '1 minute') => `now() - (${n}) * interval '${step}'`;

  const step = async (table: string, lastId: string, insert: string, params: unknown[] = []) => {
    const done = await pool.query(`select 1 from ${table} where ${lastId} limit 1`);
    if (done.rowCount) return;
    await pool.query(insert, params);
  };

  await step(
    'users',
    `id = ${id('admin', "'1'")}`,
    `insert into users (id, email, user_type, password_hash, email_verified_at, created_at)
     values (${id('admin', "'1'")}, '${SCALE_EMAILS.admin}', 'ADMIN', $1::text, now(), now()) on conflict do nothing`,
    [passwordHash],
  );
  await step(
    'users',
    `id = ${id('agent', String(A))}`,
    `with g as (select g from generate_series(1, ${A}) g)
     , u as (insert into users (id, email, user_type, password_hash, mobile_number, email_verified_at, created_at,
         accepted_terms_version, accepted_terms_at)
       select ${id('agent', 'g')}, 'scale.agent' || g || '@listwise.test', 'AGENT',
         case when g = 1 then $1::text end, '+6141200' || lpad((g % 10000)::text, 4, '0'), now(), ${at('g')},
         $2::text, case when $2::text is not null then now() end
       from g on conflict do nothing returning id)
     insert into agent_profiles (user_id, name, agency_name)
       select id, 'Scale Agent', 'Scale Realty' from u on conflict do nothing`,
    [passwordHash, acceptedTermsVersion],
  );
  await step(
    'agent_licences',
    `agent_user_id = ${id('agent', String(A))}`,
    `insert into agent_licences (agent_user_id, number, state, status, submitted_at)
     select ${id('agent', 'g')}, 'L' || g, 'NSW', case when g % 3 = 0 then 'PENDING' else 'VERIFIED' end, ${at('g')}
     from generate_series(1, ${A}) g on conflict do nothing`,
  );
  await step(
    'users',
    `id = ${id('seller', String(v.sellers))}`,
    `with g as (select g from generate_series(1, ${v.sellers}) g)
     , u as (insert into users (id, email, user_type, password_hash, mobile_number, email_verified_at, created_at,
         accepted_terms_version, accepted_terms_at)
       select ${id('seller', 'g')}, 'scale.seller' || g || '@listwise.test', 'SELLER',
         case when g = 1 then $1::text end, '+61413000000', now(), ${at('g')},
         $2::text, case when $2::text is not null then now() end
       from g on conflict do nothing returning id, created_at)
     insert into seller_profiles (user_id, name, is_privacy_policy_accepted, status, created_at)
       select id, 'Scale Seller', true,
         case when id = ${id('seller', "'1'")} then 'APPROVED'
              else (array['APPROVED', 'APPROVED', 'PENDING_VERIFICATION', 'VERIFICATION_REJECTED'])[1 + abs(hashtext(id::text)) % 4] end,
         created_at
       from u on conflict do nothing`,
    [passwordHash, acceptedTermsVersion],
  );
  await step(
    'properties',
    `id = ${id('property', String(v.properties))}`,
    `insert into properties (id, seller_user_id, state, street_number, street_name, suburb_id, property_type,
       number_of_bedrooms, number_of_bathrooms, number_of_car_spaces, submitted_at, created_at, updated_at,
       are_you_the_property_owner, verification_status, verification_requested_at)
     select ${id('property', 'g')}, ${id('seller', propertyOf('g'))}, case when g % 5 = 0 then 'COMPLETE' else 'ACTIVE' end,
       (g % 200 + 1)::text, 'Scale Street', s.ids[1 + g % array_length(s.ids, 1)], 'HOUSE', 3, 2, 1, ${at('g')}, ${at('g')}, ${at('g')},
       -- One listing in seven by a non-owner waits for verification (the console's queue), one in seven was rejected.
       case when g % 7 in (3, 4) then 'NO' else 'YES' end,
       case g % 7 when 3 then 'PENDING' when 4 then 'REJECTED' else 'NOT_REQUIRED' end,
       case when g % 7 in (3, 4) then ${at('g')} end
     from generate_series(1, ${v.properties}) g, ${suburbIds} s(ids) on conflict do nothing`,
  );
  // Request n: the focus agent's first, then others' round the agents; property and agent never repeat as a pair.
  const requestAgent = (n: string) => `case when ${n} <= ${v.focusRequests} then ${id('agent', "'1'")} else ${otherAgent(n)} end`;
  const requestState = (n: string) =>
    `(array['COMPLETE', 'COMPLETE', 'COMPLETE', 'EXPIRED', 'NOT_REQUIRED', 'PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING'])[1 + ${n} % 10]`;
  await step(
    'property_appraisal_requests',
    `id = ${id('request', String(v.requests))}`,
    `insert into property_appraisal_requests (id, property_id, agent_user_id, state, requested_at, expires_at, seen_by_agent_at, completed_at)
     select ${id('request', 'g')}, ${id('property', `(1 + (g - 1) % ${v.properties})`)}, ${requestAgent('g')}, ${requestState('g')},
       ${at('g', '10 seconds')}, ${at('g', '10 seconds')} + interval '3 days', case when g % 3 = 0 then null else ${at('g', '10 seconds')} end,
       case when g % 10 < 3 then ${at('g', '10 seconds')} + interval '1 day' end
     from generate_series(1, ${v.requests}) g on conflict do nothing`,
  );
  // The appraisal of every COMPLETE request (n % 10 < 3), and the seller's appointment request for one in three
  // (for every one of the focus agent's, so their list is as long at a thousand requests as the others).
  await step(
    'property_appraisals',
    `id = ${id('appraisal', String(lastWith(v.requests, (n) => n % 10 < 3)))}`,
    `insert into property_appraisals (id, appraisal_request_id, property_id, agent_user_id, state, selling_range_min, selling_range_max,
       commission_type, percentage_rate, sent_at, created_at, updated_at)
     select ${id('appraisal', 'g')}, ${id('request', 'g')}, ${id('property', `(1 + (g - 1) % ${v.properties})`)}, ${requestAgent('g')}, 'SUBMITTED',
       90000000, 100000000, 'PERCENTAGE', 2.0, ${at('g', '10 seconds')} + interval '1 day', ${at('g', '10 seconds')}, ${at('g', '10 seconds')}
     from generate_series(1, ${v.requests}) g where g % 10 < 3 on conflict do nothing`,
  );
  await step(
    'appointment_requests',
    `property_appraisal_id = ${id('appraisal', String(lastWith(v.requests, (n) => n % 10 < 3 && (n % 3 === 0 || n <= v.focusRequests))))}`,
    `insert into appointment_requests (id, property_appraisal_id, property_id, agent_user_id, seller_user_id,
       requested_appointment_date, requested_appointment_time, requested_by_seller_at, seen_by_agent_at)
     select ${id('appointment', 'g')}, ${id('appraisal', 'g')}, ${id('property', `(1 + (g - 1) % ${v.properties})`)}, ${requestAgent('g')},
       ${id('seller', propertyOf(`(1 + (g - 1) % ${v.properties})`))},
       (now() + interval '7 days')::date, '10:00', ${at('g', '10 seconds')} + interval '2 days', case when g % 2 = 0 then now() end
     from generate_series(1, ${v.requests}) g where g % 10 < 3 and (g % 3 = 0 or g <= ${v.focusRequests}) on conflict do nothing`,
  );
  // A review of every appraisal by its property's seller: eight in ten published, one held, one reported
  // then removed; the held and reported ones wait for an operator.
  await step(
    'agent_reviews',
    `property_appraisal_id = ${id('appraisal', String(lastWith(v.requests, (n) => n % 10 < 3)))}`,
    `insert into agent_reviews (id, property_appraisal_id, property_id, agent_user_id, seller_user_id, rating, text,
       reviewer_first_name, suburb_name, status, created_at, awaiting_moderation_since, removal_reason)
     select ${id('review', 'g')}, ${id('appraisal', 'g')}, ${id('property', `(1 + (g - 1) % ${v.properties})`)}, ${requestAgent('g')},
       ${id('seller', propertyOf(`(1 + (g - 1) % ${v.properties})`))}, 1 + g % 5, 'A scale review of the appraisal, long enough to pass.',
       'Scale', 'Sydney', case g % 10 when 1 then 'HELD' when 2 then 'REMOVED' else 'PUBLISHED' end, ${at('g', '10 seconds')} + interval '3 days',
       case when g % 10 = 1 then ${at('g', '10 seconds')} + interval '3 days' end, case when g % 10 = 2 then 'OFFENSIVE' end
     from generate_series(1, ${v.requests}) g where g % 10 < 3 on conflict do nothing`,
  );
  // Sale n is of property n (its seller's); a quarter each awaiting confirmation, confirmed (one in eight of
  // those with a failed lead fee), disputed, and confirmed with the fee collected.
  await step(
    'property_sales',
    `id = ${id('sale', String(v.sales))}`,
    `insert into property_sales (id, property_id, seller_user_id, selling_agent_user_id, reported_at, confirmed_at, sale_price_cents,
       contract_date, lead_fee_status, lead_fee_attempts, lead_fee_cents, disputed_at)
     select ${id('sale', 'g')}, ${id('property', 'g')}, ${id('seller', propertyOf('g'))}, ${otherAgent('g')}, ${at('g')},
       case when g % 4 in (1, 3) then ${at('g')} + interval '1 day' end, 95000000, (now() - interval '30 days')::date,
       case when g % 4 in (1, 3) then case when g % 8 = 1 then 'FAILED' else 'SUCCEEDED' end else 'NOT_DUE' end,
       case when g % 4 in (1, 3) then 1 else 0 end, case when g % 4 in (1, 3) then 110000 end,
       case when g % 4 = 2 then ${at('g')} + interval '1 day' end
     from generate_series(1, ${v.sales}) g on conflict do nothing`,
  );
  await step(
    'cashback_claims',
    `id = ${id('claim', String(v.cashbackClaims))}`,
    `insert into cashback_claims (id, property_sale_id, seller_user_id, amount_cents, bsb_encrypted, account_number_encrypted,
       bsb_masked, account_number_masked, status, claimed_at, payable_at, paid_at)
     select ${id('claim', 'g')}, ${id('sale', 'g')}, ${id('seller', propertyOf('g'))}, 25000, 'x', 'x', '***-***', '*****678',
       (array['PENDING_CONFIRMATION', 'PAYABLE', 'PAID', 'DISPUTED'])[1 + g % 4], ${at('g')},
       case when g % 4 in (1, 2) then ${at('g')} + interval '1 day' end, case when g % 4 = 2 then ${at('g')} + interval '2 days' end
     from generate_series(1, ${v.cashbackClaims}) g on conflict do nothing`,
  );
  await step(
    'charges',
    `id = ${id('charge', String(v.charges))}`,
    `insert into charges (id, user_id, kind, description, amount_cents, gst_cents, status, idempotency_key, provider,
       provider_customer_id, provider_payment_method_id, created_at, purpose)
     select ${id('charge', 'g')}, case when g <= ${v.focusCharges} then ${id('agent', "'1'")} else ${otherAgent('g')} end,
       (array['SUBSCRIPTION', 'RENEWAL', 'LEAD_FEE'])[1 + g % 3], 'Scale charge', 9900, 900,
       (array['SUCCEEDED', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'PENDING'])[1 + g % 5], 'scale-' || g, 'TEST', 'cus_scale', 'pm_scale', ${at('g')},
       '{"type": "none"}'::jsonb
     from generate_series(1, ${v.charges}) g on conflict do nothing`,
  );
  await step(
    'admin_audit_log',
    `id = ${id('audit', String(v.auditLog))}`,
    `insert into admin_audit_log (id, admin_user_id, action, target_type, target_id, details, created_at)
     select ${id('audit', 'g')}, ${id('admin', "'1'")}, (array[${AUDIT_ACTIONS_SQL}])[1 + g % ${ADMIN_AUDIT_ACTIONS.length}], 'USER', g::text, '{}', ${at('g')}
     from generate_series(1, ${v.auditLog}) g on conflict do nothing`,
  );
  // Payout batches (a thousandth as many at a million: one a week for years is far fewer), and the e-mail outbox, one
  // in ten of it left SENDING (the console's stuck e-mails; in life far fewer, the partial index reads them either way).
  await step(
    'cashback_payout_batches',
    `id = ${id('batch', String(v.auditLog))}`,
    `insert into cashback_payout_batches (id, created_at, format, processing_date, claim_count, total_cents, checksum)
     select ${id('batch', 'g')}, ${at('g')}, 'ABA', (${at('g')})::date, 1, 50000, md5('batch-' || g)
     from generate_series(1, ${v.auditLog}) g on conflict do nothing`,
  );
  await step(
    'email_messages',
    `id = ${id('email', String(v.charges))}`,
    `insert into email_messages (id, to_address, subject, html, text, template, status, attempts, created_at, sending_started_at, sent_at)
     select ${id('email', 'g')}, 'scale' || g || '@example.com', 'Scale e-mail', '<p>x</p>', 'x', 'scale',
       case when g % 10 = 0 then 'SENDING' else 'SENT' end, 1, ${at('g')}, ${at('g')}, case when g % 10 <> 0 then ${at('g')} end
     from generate_series(1, ${v.charges}) g on conflict do nothing`,
  );
  // Subscriptions: the focus suburb's first, then round the suburbs; nine in ten cancelled, so no suburb is over its maximum for long.
  await step(
    'suburb_subscriptions',
    `id = ${id('subscription', String(v.subscriptions))}`,
    `insert into suburb_subscriptions (id, agent_user_id, suburb_id, starts_at, expires_at, cancelled_at, created_at)
     select ${id('subscription', 'g')}, ${otherAgent('g')},
       case when g <= ${v.focusSubscriptions} then s.ids[1] else s.ids[1 + g % array_length(s.ids, 1)] end,
       ${at('g')}, ${at('g')} + interval '30 days', case when g % 10 <> 0 then ${at('g')} + interval '1 day' end, ${at('g')}
     from generate_series(1, ${v.subscriptions}) g, ${suburbIds} s(ids) on conflict do nothing`,
  );
  // Public profiles: every other agent with a verified licence (g % 6 = 2 or 4) turned it on, with a
  // complete profile: bio, agency bio, a photo and an agency logo (media rows of their own, as uploads make).
  const publicAgent = 'g % 6 in (2, 4)';
  await step(
    'user_media',
    `id = ${id('agency-logo', String(lastWith(A, (n) => n % 6 === 2 || n % 6 === 4)))}`,
    `with g as (select g from generate_series(1, ${A}) g where ${publicAgent})
     , media as (insert into user_media (id, owner_user_id, type, mime_type, file_extension, storage_key, main_file_ready, thumbnail_ready, created_at)
       select ${id('photo', 'g')}, ${id('agent', 'g')}, 'IMAGE', 'image/jpeg', 'jpg', 'scale/photo-' || g || '.jpg', true, true, now() from g
       union all
       select ${id('agency-logo', 'g')}, ${id('agent', 'g')}, 'IMAGE', 'image/jpeg', 'jpg', 'scale/logo-' || g || '.jpg', true, true, now() from g
       on conflict do nothing returning 1)
     update agent_profiles set public_profile_visible = true, profile_picture_media_id = ${id('photo', 'g')},
       agency_logo_media_id = ${id('agency-logo', 'g')}, bio = 'Scale agent selling homes in the suburbs they serve.',
       agency_bio = 'Scale Realty, an agency of the scale bench.'
     from g where user_id = ${id('agent', 'g')} and (select count(*) from media) >= 0`,
  );
  // Fresh statistics for the planner, and the visibility map for index-only counts.
  await pool.query('vacuum analyze');
  return roundTo((performance.now() - started) / 1000, 1);
}

/** The highest n up to `max` a table holds a row for. */
function lastWith(max: number, holds: (n: number) => boolean): number {
  for (let n = max; n > 0; n--) if (holds(n)) return n;
  return 0;
}
