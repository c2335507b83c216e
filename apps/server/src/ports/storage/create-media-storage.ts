import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalMediaStorage } from './local-storage.ts';
import type { MediaStorage } from './media-storage.ts';

/** The configured storage: S3 when `S3_BUCKET` is set, otherwise local disk under `<DATA_DIR>/media`. */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.S3_BUCKET) {
    // Loaded only when configured: the AWS SDK is large and warns about the Node version at load.
    const { createS3MediaStorage } = await import('./s3-storage.ts');
    return createS3MediaStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalMediaStorage(path.join(config.dataDir, 'media'));
}
