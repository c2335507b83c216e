import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { agentProfiles, sellerProfiles } from '../db/schema/accounts.ts';
import { userMedia } from '../db/schema/media.ts';

/**
 * Per-request batch loaders, so a list of N items costs one query per related table, not N.
 * Modules add their own loaders here as `<thing>By<Key>`.
 */
export function byKey<K, V>(load: (keys: readonly K[]) => Promise<V[]>, keyOf: (value: V) => K) {
  return new DataLoader<K, V | null>(async (keys) => {
    const rows = await load(keys);
    const map = new Map(rows.map((row) => [keyOf(row), row]));
    return keys.map((key) => map.get(key) ?? null);
  });
}

/** The loaders every request has (modules keep their own beside them: `perRequest` in request-loaders.ts). */
export function createLoaders(db: Database) {
  return {
    userMediaById: byKey(
      (ids: readonly string[]) =>
        db
          .select()
          .from(userMedia)
          .where(inArray(userMedia.id, [...ids])),
      (row) => row.id,
    ),
    agentProfileByUserId: byKey(
      (ids: readonly string[]) =>
        db
          .select()
          .from(agentProfiles)
          .where(inArray(agentProfiles.userId, [...ids])),
      (row) => row.userId,
    ),
    sellerProfileByUserId: byKey(
      (ids: readonly string[]) =>
        db
          .select()
          .from(sellerProfiles)
          .where(inArray(sellerProfiles.userId, [...ids])),
      (row) => row.userId,
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
