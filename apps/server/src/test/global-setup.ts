import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { startJobs } from '../jobs/queue.ts';
import { queueNames, singleFlightQueueNames } from '../app/workers.ts';
import { ensureDatabase, prepareDatabase } from '../server.ts';

/**
 * One real PostgreSQL for the whole API suite: a template database is migrated and loaded with the suburb
 * dataset once; every test file then gets its own copy (CREATE DATABASE … TEMPLATE), isolated and fast.
 * The job system's schema and its queues (a partitioned table each) are made in the template too: made by every
 * test server on its fresh copy instead, they cost each server start about a second.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let stop = async () => undefined as void;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    const dir = path.resolve(import.meta.dirname, '../../../../.test-data', `pg-${process.pid}`);
    await fs.rm(dir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres(dir, undefined, { durable: false });
    adminUrl = embedded.url('postgres');
    stop = async () => {
      await embedded.stop();
      await fs.rm(dir, { recursive: true, force: true });
    };
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = '/listwise_template';
  await ensureDatabase(adminUrl, 'listwise_template');
  const logger = pino({ level: 'warn' });
  await prepareDatabase(templateUrl.toString(), logger);
  // startJobs itself, so the queues' options are the server's (creating a queue that exists changes nothing).
  const jobs = await startJobs(templateUrl.toString(), logger, queueNames(), singleFlightQueueNames());
  await jobs.stop();
  project.provide('adminDatabaseUrl', adminUrl);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
