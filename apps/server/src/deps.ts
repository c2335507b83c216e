import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { DatabaseHealth } from './db/database-health.ts';
import type { Jobs } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import type { SocialIdentityVerifiers } from './ports/identity/social-identity.ts';
import type { Mailer } from './ports/mailer/mailer.ts';
import type { PaymentGateway } from './ports/payments/payment-gateway.ts';
import type { Places } from './ports/places/places.ts';
import type { PushService } from './ports/push/push-service.ts';
import type { MediaStorage } from './ports/storage/media-storage.ts';

/** The process-wide dependencies handed to services and jobs (built once in main.ts or a test harness). */
export interface Deps {
  config: Config;
  db: Database;
  /** Whether PostgreSQL answers: while it does not, requests are refused at once with 503 (db/database-health.ts). */
  databaseHealth: DatabaseHealth;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Web Push to users' devices (VAPID keys from configuration, or DATA_DIR outside production). */
  push: PushService;
  jobs: Jobs;
  payments: PaymentGateway;
  storage: MediaStorage;
  /** Address suggestions: the suburb dataset, or Google Places when GOOGLE_MAPS_API_KEY is set. */
  places: Places;
  /** Social sign-in verifiers, one per configured provider. */
  socialIdentity: SocialIdentityVerifiers;
}
