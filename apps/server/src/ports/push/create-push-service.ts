import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { PushService } from './push-service.ts';
import { createDisabledPushService, createWebPushService, type VapidKeys } from './web-push-service.ts';

/** The development key pair, made once and kept so devices switched on stay on across restarts. */
async function dataDirectoryKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  // 'wx': of two servers starting on one data directory, the second reads the first's pair.
  await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; else outside production a pair kept in DATA_DIR; else push is
 * off, since a pair made on one production server would differ from its neighbours' and from the next deploy's.
 */
export async function createPushService(config: Config, logger: Logger): Promise<PushService> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return createWebPushService({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }, config.vapidSubject);
  }
  if (config.isProduction) {
    logger.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (docs/configuration.md)');
    return createDisabledPushService();
  }
  return createWebPushService(await dataDirectoryKeys(config.dataDir), config.vapidSubject);
}
