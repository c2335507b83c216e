import path from 'node:path';
import { z } from 'zod';
import type { AbaPayer } from '@listwise/domain/aba-file';
import { normaliseBsb } from '@listwise/domain/sale-validation';
import { isValidAbn } from '@listwise/domain/tax-invoice';

/**
 * Environment, validated once at start. Every variable is documented in docs/configuration.md.
 * Defaults run the whole product on one machine with no outside service.
 */
/** A variable set to '' (compose passes `${VAR:-}` that way) counts as unset. */
const blankAsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address: loopback by default; production containers set 0.0.0.0. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  APP_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Listwise <no-reply@listwise.com.au>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('ap-southeast-2'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address suggestions through Google Places API (New); unset: the suburb dataset answers them. */
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** Where the Google Places adapter sends its requests (a stand-in in tests). */
  GOOGLE_PLACES_BASE_URL: z.string().url().default('https://places.googleapis.com'),
  /** Social sign-in on the listing address step (docs/decisions/0012-social-sign-in.md). A provider is on when its ids are set. */
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_SIGN_IN_CLIENT_ID: z.string().min(1).optional(),
  APPLE_JWKS_URL: z.string().url().default('https://appleid.apple.com/auth/keys'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  /** Secret for signing upload URLs and encrypting bank details and URL hashes (32+ chars). */
  APP_SECRET: z.string().min(32).optional(),
  /** AES-256 key (base64, 32 bytes) of the listing prefill links (docs/listing-prefill.md); derived from APP_SECRET when unset. */
  LISTING_PREFILL_KEY: z.string().optional(),
  /** Prometheus' /metrics on a listener of its own (docs/operating.md); unset: not served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where /metrics listens: loopback unless set (a container sets 0.0.0.0 for a scraper on its private network). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Web Push (VAPID, RFC 8292): the key pair push services check a push's signature with, base64url as
   * `npx web-push generate-vapid-keys` prints them (docs/configuration.md). Unset outside production: a pair kept in
   * DATA_DIR; unset in production: push notifications are off.
   */
  VAPID_PUBLIC_KEY: blankAsUnset(z.string().min(1).optional()),
  VAPID_PRIVATE_KEY: blankAsUnset(z.string().min(1).optional()),
  /** Who push services contact about this sender: a mailto: or https: URL; the MAIL_FROM address when unset. */
  VAPID_SUBJECT: blankAsUnset(
    z
      .string()
      .regex(/^(mailto:|https:)/, 'VAPID_SUBJECT is a mailto: or https: URL')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Lets tests move the clock through /dev/clock. Never on in production. */
  ENABLE_TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * 'false' runs the embedded PostgreSQL without fsync, for a database thrown away after a test run (the journeys'
   * servers). Ignored in production, and by a DATABASE_URL database, which is always as durable as it is set up.
   */
  EMBEDDED_DATABASE_DURABLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * 'fast' hashes passwords with a cheap argon2id profile, for test servers that make thousands of accounts (the API
   * suite, the journeys' servers). Ignored in production, where every password gets OWASP's profile.
   */
  PASSWORD_HASHING: z.enum(['owasp', 'fast']).default('owasp'),
  /** Time limits on the database: waiting for a connection, and one statement. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /**
   * The most connections this process holds to PostgreSQL for requests (the job system holds up to 5 more, never
   * more than this). Each new connection costs PostgreSQL a process whose caches and prepared statements start cold,
   * so a server with few cores does better with a few connections kept busy than with many opened now and then.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * The built-in test gateway waits this long before it records a charge and again before it answers, so a test
   * can kill the server while charges are in flight and just after the provider took the money. Stripe ignores it.
   */
  TEST_GATEWAY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /**
   * Agent accounts one client address may create per RATE_LIMIT_WINDOW_SECONDS: each sends a verification e-mail to
   * an address nobody has proved is theirs. Its own setting, since an office shares one address and the API tests
   * sign up hundreds of agents from 127.0.0.1 (the harness raises it).
   */
  SIGN_UPS_PER_ADDRESS_MAX: z.coerce.number().int().positive().default(10),
  WEB_DIST_DIR: z.string().optional(),
  /** The supplier on tax invoices (lead fees): Listwise's legal name and ABN. The ABN is required in production. */
  LISTWISE_LEGAL_NAME: z.string().trim().min(1).default('Listwise Pty Ltd'),
  LISTWISE_ABN: blankAsUnset(
    z
      .string()
      .optional()
      .refine((v) => v === undefined || isValidAbn(v), 'LISTWISE_ABN is not a valid ABN'),
  ),
  /**
   * The Listwise account cashback payouts are made from, as the Direct Entry (ABA) file names it
   * (docs/configuration.md 'Cashback payouts'). Unset outside production: a clearly fake test account.
   */
  PAYOUT_BANK_ABBREVIATION: blankAsUnset(
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'PAYOUT_BANK_ABBREVIATION is 3 capital letters (CBA, WBC, NAB, ANZ…)')
      .optional(),
  ),
  PAYOUT_USER_NAME: blankAsUnset(z.string().trim().min(1).max(26, 'PAYOUT_USER_NAME is at most 26 characters').optional()),
  PAYOUT_APCA_USER_ID: blankAsUnset(
    z
      .string()
      .regex(/^\d{6}$/, 'PAYOUT_APCA_USER_ID is 6 digits')
      .optional(),
  ),
  PAYOUT_BSB: blankAsUnset(
    z
      .string()
      .transform(normaliseBsb)
      .pipe(z.string().regex(/^\d{6}$/, 'PAYOUT_BSB is 6 digits (062-000)'))
      .optional(),
  ),
  PAYOUT_ACCOUNT_NUMBER: blankAsUnset(
    z
      .string()
      .regex(/^\d{5,9}$/, 'PAYOUT_ACCOUNT_NUMBER is 5 to 9 digits')
      .optional(),
  ),
  PAYOUT_REMITTER_NAME: z.string().trim().min(1).max(16, 'PAYOUT_REMITTER_NAME is at most 16 characters').default('LISTWISE'),
  PAYOUT_DESCRIPTION: z.string().trim().min(1).max(12, 'PAYOUT_DESCRIPTION is at most 12 characters').default('CASHBACK'),
  /** Behind a load balancer: trust X-Forwarded-For so rate limits see the real client address. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = ReturnType<typeof loadConfig>;
/** The argon2id profiles of lib/passwords.ts. */
export type PasswordHashing = Config['passwordHashing'];

const DEV_SECRET = 'listwise-development-secret-not-for-production-use';
/** A made-up ABN with a valid check digit, for invoices outside production. */
const DEV_ABN = '12 345 678 012';

/**
 * The payer of the cashback ABA file: all of PAYOUT_* set, or (outside production) a test account when none
 * is; null in production until configured (the ABA download then answers `payout_account_not_configured`).
 */
function payoutAccountOf(parsed: z.infer<typeof envSchema>, isProduction: boolean): AbaPayer | null {
  const { PAYOUT_BANK_ABBREVIATION, PAYOUT_USER_NAME, PAYOUT_APCA_USER_ID, PAYOUT_BSB, PAYOUT_ACCOUNT_NUMBER } = parsed;
  const given = [PAYOUT_BANK_ABBREVIATION, PAYOUT_USER_NAME, PAYOUT_APCA_USER_ID, PAYOUT_BSB, PAYOUT_ACCOUNT_NUMBER];
  const common = { remitterName: parsed.PAYOUT_REMITTER_NAME, description: parsed.PAYOUT_DESCRIPTION };
  if (given.every((v) => v !== undefined)) {
    return {
      ...common,
      financialInstitution: PAYOUT_BANK_ABBREVIATION!,
      userName: PAYOUT_USER_NAME!,
      apcaUserId: PAYOUT_APCA_USER_ID!,
      traceBsb: PAYOUT_BSB!,
      traceAccountNumber: PAYOUT_ACCOUNT_NUMBER!,
    };
  }
  if (given.some((v) => v !== undefined)) {
    throw new Error(
      'Cashback payouts need all of PAYOUT_BANK_ABBREVIATION, PAYOUT_USER_NAME, PAYOUT_APCA_USER_ID, PAYOUT_BSB and PAYOUT_ACCOUNT_NUMBER (see docs/configuration.md)',
    );
  }
  if (isProduction) return null;
  return {
    ...common,
    financialInstitution: 'CBA',
    userName: 'Listwise Test Account',
    apcaUserId: '999999',
    traceBsb: '062000',
    traceAccountNumber: '12345678',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  const isProduction = parsed.NODE_ENV === 'production';
  if (isProduction) {
    const missing = [
      !parsed.DATABASE_URL && 'DATABASE_URL',
      !parsed.SMTP_URL && 'SMTP_URL',
      !parsed.STRIPE_SECRET_KEY && 'STRIPE_SECRET_KEY',
      !parsed.STRIPE_PUBLISHABLE_KEY && 'STRIPE_PUBLISHABLE_KEY',
      !parsed.APP_SECRET && 'APP_SECRET',
      !parsed.APP_URL && 'APP_URL',
      !parsed.LISTWISE_ABN && 'LISTWISE_ABN',
    ].filter(Boolean);
    if (missing.length) throw new Error(`Production needs ${missing.join(', ')} (see docs/configuration.md)`);
    // Every link in every e-mail (the one-click unsubscribe address in List-Unsubscribe among them) is made from it:
    // over plain http a token could be read or altered on the way. A loopback address never leaves the machine (the
    // production smoke test runs there), so it may stay http.
    if (!isHttpsOrLoopback(parsed.APP_URL!)) throw new Error('Production needs an https: APP_URL (see docs/configuration.md)');
  }
  if (!parsed.VAPID_PUBLIC_KEY !== !parsed.VAPID_PRIVATE_KEY) {
    throw new Error('Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (see docs/configuration.md)');
  }
  if (!parsed.FACEBOOK_APP_ID !== !parsed.FACEBOOK_APP_SECRET) {
    throw new Error('Facebook sign-in needs both FACEBOOK_APP_ID and FACEBOOK_APP_SECRET (see docs/configuration.md)');
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(repoRoot, parsed.DATA_DIR);
  return {
    ...parsed,
    isProduction,
    repoRoot,
    dataDir,
    appUrl: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    appSecret: parsed.APP_SECRET ?? DEV_SECRET,
    webDistDir: parsed.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
    host: parsed.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    enableTestClock: parsed.ENABLE_TEST_CLOCK && !isProduction,
    embeddedDatabaseDurable: parsed.EMBEDDED_DATABASE_DURABLE || isProduction,
    passwordHashing: isProduction ? ('owasp' as const) : parsed.PASSWORD_HASHING,
    listwiseAbn: parsed.LISTWISE_ABN ?? DEV_ABN,
    payoutAccount: payoutAccountOf(parsed, isProduction),
    vapidSubject: parsed.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(parsed.MAIL_FROM)?.[1] ?? parsed.MAIL_FROM}`,
  };
}

/** An https: URL, or an http: one on a loopback host (localhost, 127.0.0.0/8, [::1]). */
function isHttpsOrLoopback(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(parsed.hostname);
}
