import type { GraphQLContext } from './context.ts';

/**
 * `create` run once per GraphQL request: a module's loaders batch and cache for one request only, so nothing
 * outlives it (and a second server instance never sees stale data).
 */
export function perRequest<T>(create: (ctx: GraphQLContext) => T): (ctx: GraphQLContext) => T {
  const byContext = new WeakMap<GraphQLContext, T>();
  return (ctx) => {
    let value = byContext.get(ctx);
    if (value === undefined) {
      value = create(ctx);
      byContext.set(ctx, value);
    }
    return value;
  };
}
