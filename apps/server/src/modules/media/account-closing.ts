import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { userMedia } from '../../db/schema/media.ts';

/**
 * The media module's part of closing an account: every upload's row goes (property media with it); the storage keys
 * are answered so the files are deleted after the commit.
 */
export async function deleteMediaOfUser(tx: Tx, userId: string): Promise<string[]> {
  const media = await tx
    .delete(userMedia)
    .where(eq(userMedia.ownerUserId, userId))
    .returning({ storageKey: userMedia.storageKey, originalKey: userMedia.originalKey, thumbnailKey: userMedia.thumbnailKey });
  return media.flatMap((m) => [m.storageKey, m.originalKey, m.thumbnailKey]).filter((key): key is string => !!key);
}
