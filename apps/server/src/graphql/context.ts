import type { Deps } from '../deps.ts';
import type { users } from '../db/schema/accounts.ts';
import type { Loaders } from './loaders.ts';

export type UserRow = typeof users.$inferSelect;

/** What every resolver receives: the process-wide dependencies, who is calling, and per-request loaders. */
export interface GraphQLContext {
  deps: Deps;
  user: UserRow | null;
  sessionId: string | null;
  clientAddress: string;
  requestId: string;
  loaders: Loaders;
}
