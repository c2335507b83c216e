import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { reconcileCharges } from '../modules/payments/charges.service.ts';
import { startTestServer } from '../test/harness.ts';
import { connectDatabase, MIGRATIONS_DIR, runMigrations } from './client.ts';

/**
 * Migration 0040 brings rows written before charges carried their purpose and sales their fixed lead fee to today's
 * shape. Each case builds a database on the schema before it (the migrations up to 0038), writes rows as the older
 * code left them, migrates, and reads what the migration made of them.
 */
const MIGRATION = '0040_legacy_rows_in_todays_shape';
const adminUrl = inject('adminDatabaseUrl');
const databases: string[] = [];
const folders: string[] = [];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** A fresh database migrated up to the migration before 0040, and a pool on it. */
async function databaseBeforeTheMigration() {
  const name = `listwise_legacy_${crypto.randomBytes(4).toString('hex')}`;
  databases.push(name);
  await admin(`create database ${name}`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'listwise-migrations-'));
  folders.push(folder);
  await fs.cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const handle = connectDatabase(url, { max: 2 });
  await migrate(handle.db, { migrationsFolder: folder });
  return { url, handle, query: (text: string, values: unknown[] = []) => handle.pool.query(text, values) };
}

type Query = Awaited<ReturnType<typeof databaseBeforeTheMigration>>['query'];

async function insertUser(query: Query, userType: 'AGENT' | 'SELLER') {
  const { rows } = await query(`insert into users (user_type, email) values ($1, $2) returning id`, [
    userType,
    `${crypto.randomUUID()}@example.com`,
  ]);
  return rows[0].id as string;
}

async function insertSale(
  query: Query,
  values: { seller: string; agent: string; suburbId: number; status: string; attempts: number; leadFeeCents?: number | null },
) {
  const property = await query(
    `insert into properties (seller_user_id, suburb_id, unit_number, street_number, street_name, state, complete_type)
       values ($1, $2, '2', '14', 'Campbell Parade', 'COMPLETE', 'SOLD_UNCONDITIONALLY') returning id`,
    [values.seller, values.suburbId],
  );
  const { rows } = await query(
    `insert into property_sales (property_id, seller_user_id, selling_agent_user_id, reported_at, confirmed_at, lead_fee_status,
       lead_fee_attempts, lead_fee_cents, lead_fee_last_attempt_at)
     values ($1, $2, $3, now() - interval '30 days', case when $4 = 'NOT_DUE' then null else now() - interval '29 days' end, $4, $5, $6,
       case when $4 = 'NOT_DUE' then null else now() - interval '29 days' end)
     returning id`,
    [property.rows[0].id, values.seller, values.agent, values.status, values.attempts, values.leadFeeCents ?? null],
  );
  return rows[0].id as string;
}

async function insertCharge(
  query: Query,
  values: { user: string; kind: string; key: string; referenceId?: string; status: string; open?: boolean; purpose?: object },
) {
  const { rows } = await query(
    `insert into charges (user_id, kind, description, amount_cents, gst_cents, status, idempotency_key, reference_id, provider,
       provider_customer_id, provider_payment_method_id, created_at, settled_at, fulfilled_at, purpose)
     values ($1, $2, 'An older charge', 110000, 10000, $3, $4, $5, 'TEST', 'cus_legacy', 'pm_legacy', now() - interval '29 days',
       case when $6 then null else now() - interval '29 days' end, case when $6 then null else now() - interval '29 days' end, $7)
     returning id`,
    [values.user, values.kind, values.status, values.key, values.referenceId ?? null, values.open ?? false, values.purpose ?? null],
  );
  return rows[0].id as string;
}

const chargeByKey = async (query: Query, key: string) =>
  (await query(`select * from charges where idempotency_key = $1`, [key])).rows[0] as Record<string, unknown> | undefined;
const saleRow = async (query: Query, id: string) =>
  (await query(`select * from property_sales where id = $1`, [id])).rows[0] as Record<string, unknown>;

describe('migration 0040: older rows in today’s shape', { timeout: 180_000 }, () => {
  it('fixes due lead fees, gives every charge its purpose and every attempt under way its ledger row', async () => {
    const { url, handle, query } = await databaseBeforeTheMigration();
    try {
      await query(`insert into suburbs (id, name, search_name, state, postcode, latitude, longitude)
        values (1, 'Bondi Beach', 'bondi beach', 'NSW', '2026', -33.89, 151.27)`);
      // The lead fee setting in force: $1,200 before GST.
      await query(`insert into app_settings (key, value) values ('leadFeeExcludingGstCents', '120000')`);
      const seller = await insertUser(query, 'SELLER');
      const withCard = await insertUser(query, 'AGENT');
      const withoutCard = await insertUser(query, 'AGENT');
      await query(`insert into payment_customers (user_id, provider, provider_customer_id) values ($1, 'TEST', 'cus_legacy')`, [withCard]);
      await query(
        `insert into payment_methods (user_id, provider, provider_payment_method_id, card_brand, card_suffix, is_default)
         values ($1, 'TEST', 'pm_legacy', 'visa', '4242', true)`,
        [withCard],
      );
      // The test gateway's own record of that customer and card, for the charge the reconciler makes below.
      await query(`insert into test_gateway_customers (id) values ('cus_legacy')`);
      await query(
        `insert into test_gateway_payment_methods (id, customer_id, card_brand, last4, exp_month, exp_year, charge_behaviour)
         values ('pm_legacy', 'cus_legacy', 'visa', '4242', 12, 2040, 'succeed')`,
      );

      const sale = (status: string, attempts: number, agent = withCard, leadFeeCents: number | null = null) =>
        insertSale(query, { seller, agent, suburbId: 1, status, attempts, leadFeeCents });
      const declined = await sale('FAILED', 1);
      const interrupted = await sale('PENDING', 2);
      const interruptedWithoutCard = await sale('PENDING', 1, withoutCard);
      const notDue = await sale('NOT_DUE', 0);
      const paid = await sale('SUCCEEDED', 3, withCard, 110_000);

      await insertCharge(query, { user: withCard, kind: 'LEAD_FEE', key: `lead-fee:${declined}`, referenceId: declined, status: 'FAILED' });
      await insertCharge(query, {
        user: withCard,
        kind: 'LEAD_FEE',
        key: `lead-fee:${paid}:attempt-3`,
        referenceId: paid,
        status: 'SUCCEEDED',
      });
      await insertCharge(query, { user: withCard, kind: 'SUBSCRIPTION', key: 'suburb-purchase:older', status: 'SUCCEEDED' });
      const renewal = { type: 'renewal', subscriptionId: crypto.randomUUID(), periodEnd: '2026-01-01T00:00:00.000Z' };
      await insertCharge(query, { user: withCard, kind: 'RENEWAL', key: 'renewal:with-purpose', status: 'SUCCEEDED', purpose: renewal });

      await runMigrations(handle.db);

      // Due fees hold the setting in force with GST; a fee not due stays open; a fixed fee is kept.
      expect(await saleRow(query, declined)).toMatchObject({ lead_fee_cents: 132_000, lead_fee_status: 'FAILED' });
      expect(await saleRow(query, notDue)).toMatchObject({ lead_fee_cents: null, lead_fee_status: 'NOT_DUE' });
      expect(await saleRow(query, paid)).toMatchObject({ lead_fee_cents: 110_000, lead_fee_status: 'SUCCEEDED' });

      // Each charge names its purpose: a lead fee its sale and attempt (from its key), anything else with its outcome none.
      expect((await chargeByKey(query, `lead-fee:${declined}`))!.purpose).toEqual({ type: 'lead-fee', saleId: declined, attempt: 1 });
      expect((await chargeByKey(query, `lead-fee:${paid}:attempt-3`))!.purpose).toEqual({ type: 'lead-fee', saleId: paid, attempt: 3 });
      expect((await chargeByKey(query, 'suburb-purchase:older'))!.purpose).toEqual({ type: 'none' });
      expect((await chargeByKey(query, 'renewal:with-purpose'))!.purpose).toEqual(renewal);

      // The attempt under way has the intent its charging writes, with the agent's card.
      expect(await chargeByKey(query, `lead-fee:${interrupted}:attempt-2`)).toMatchObject({
        user_id: withCard,
        kind: 'LEAD_FEE',
        status: 'PENDING',
        amount_cents: 132_000,
        gst_cents: 12_000,
        description: 'Lead fee for the sale of 2/14 Campbell Parade, Bondi Beach NSW',
        reference_id: interrupted,
        provider: 'TEST',
        provider_customer_id: 'cus_legacy',
        provider_payment_method_id: 'pm_legacy',
        fulfilled_at: null,
        purpose: { type: 'lead-fee', saleId: interrupted, attempt: 2 },
      });
      expect(await saleRow(query, interrupted)).toMatchObject({ lead_fee_status: 'PENDING', lead_fee_cents: 132_000 });
      // Without a card, the attempt fails as charging it would.
      expect(await chargeByKey(query, `lead-fee:${interruptedWithoutCard}`)).toBeUndefined();
      expect(await saleRow(query, interruptedWithoutCard)).toMatchObject({
        lead_fee_status: 'FAILED',
        lead_fee_failure_code: 'user_missing_stripe_customer',
        lead_fee_cents: 132_000,
      });

      // The columns the code relies on now hold: no charge without a purpose, no due fee without its amount.
      await expect(
        insertCharge(query, { user: withCard, kind: 'SUBSCRIPTION', key: 'suburb-purchase:no-purpose', status: 'SUCCEEDED' }),
      ).rejects.toMatchObject({ code: '23502' });
      await expect(query(`update property_sales set lead_fee_cents = null where id = $1`, [declined])).rejects.toMatchObject({
        code: '23514',
      });

      // Today's code finishes the attempt from its ledger row: the reconciler charges it with its key.
      await handle.close();
      const server = await startTestServer({}, { databaseUrl: url });
      try {
        await reconcileCharges(server.deps, { staleAfterMs: 0 });
        const charged = await server.deps.db.query.propertySales.findFirst({ where: (s, { eq }) => eq(s.id, interrupted) });
        expect(charged).toMatchObject({ leadFeeStatus: 'SUCCEEDED', leadFeeAttempts: 2, leadFeeCents: 132_000 });
      } finally {
        await server.stop();
      }
    } finally {
      await handle.close().catch(() => undefined);
    }
  });

  it('waits, changing nothing, while an open charge without a purpose has no outcome yet', async () => {
    const { handle, query } = await databaseBeforeTheMigration();
    try {
      const agent = await insertUser(query, 'AGENT');
      await insertCharge(query, { user: agent, kind: 'SUBSCRIPTION', key: 'suburb-purchase:open', status: 'PENDING', open: true });

      await expect(runMigrations(handle.db)).rejects.toThrow();

      expect((await chargeByKey(query, 'suburb-purchase:open'))!.purpose).toBeNull();
      const applied = await query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = (await import('./migrations/meta/_journal.json')).default.entries;
      expect(applied.rows[0].n).toBe(journal.length - 1);
    } finally {
      await handle.close();
    }
  });
});
