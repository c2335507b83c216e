import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badgeForSales } from '@listwise/domain/badges';
import type { Deps } from '../apps/server/src/deps.ts';
import type { GraphQLContext } from '../apps/server/src/graphql/context.ts';
import { createLoaders } from '../apps/server/src/graphql/loaders.ts';
import { findSessionUser } from '../apps/server/src/modules/accounts/sessions.service.ts';
import { isAgentProfileComplete } from '../apps/server/src/modules/accounts/profile.service.ts';
import { findMyProperties } from '../apps/server/src/modules/listings/find-properties.service.ts';
import { listingLoaders } from '../apps/server/src/modules/listings/listing-loaders.ts';
import { mediaFileUrl } from '../apps/server/src/modules/media/media.service.ts';

/**
 * The bench's bare routes: what `me` and `myProperties(first: 10)` cost without GraphQL. Each runs the same
 * SQL as the resolvers (the same session look-up, services and per-request loaders) and answers the same JSON,
 * so the GraphQL/bare throughput ratio is the price of the GraphQL layer alone. Registered only by the bench on
 * the server it starts (`startServer({ extraRoutes })`); production never mounts them.
 */
export const BARE_ME_PATH = '/bench/bare/me';
export const BARE_MY_PROPERTIES_PATH = '/bench/bare/my-properties';

/** The fields of the bench's `me` query: { me { id email userType isEmailVerified profileComplete agentProfile { name badge } } } */
export const ME_QUERY = `{ me { id email userType isEmailVerified profileComplete agentProfile { name badge } } }`;

/** What the GraphQL context factory builds per request: the session's user and fresh loaders. */
async function requestContext(deps: Deps, req: FastifyRequest) {
  const token = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const session = token ? await findSessionUser(deps.db, token, deps.clock.now()) : null;
  return { deps, user: session?.user ?? null, loaders: createLoaders(deps.db) } as GraphQLContext;
}

async function bareMe(deps: Deps, req: FastifyRequest) {
  const { user, loaders } = await requestContext(deps, req);
  if (!user) return { data: { me: null } };
  const profile = user.userType === 'AGENT' ? await loaders.agentProfileByUserId.load(user.id) : null;
  return {
    data: {
      me: {
        id: user.id,
        email: user.email,
        userType: user.userType,
        isEmailVerified: !!user.emailVerifiedAt,
        profileComplete: isAgentProfileComplete(user, profile),
        agentProfile: profile ? { name: profile.name, badge: badgeForSales(profile.numberOfEngagements) } : null,
      },
    },
  };
}

async function bareMyProperties(deps: Deps, req: FastifyRequest) {
  const ctx = await requestContext(deps, req);
  if (ctx.user?.userType !== 'SELLER') return { data: null, errors: [{ message: 'forbidden' }] };
  const { after } = (req.body ?? {}) as { after?: string };
  const connection = await findMyProperties(deps.db, ctx.user, { first: 10, after });
  const loaders = listingLoaders(ctx);
  const edges = await Promise.all(
    connection.edges.map(async ({ node, cursor }) => {
      const [suburb, media, appraisalCount] = await Promise.all([
        node.suburbId == null ? null : loaders.suburbById.load(node.suburbId),
        loaders.mediaByPropertyId.load(node.id),
        loaders.appraisalCountByPropertyId.load(node.id),
      ]);
      const photos = await Promise.all(
        media
          .filter((m) => m.type === 'PHOTO')
          .map(async (m) => {
            const userMedia = (await ctx.loaders.userMediaById.load(m.userMediaId))!;
            const thumbnailUrl =
              userMedia.thumbnailReady && userMedia.thumbnailKey ? mediaFileUrl(deps.config.appUrl, userMedia.thumbnailKey) : null;
            return { id: m.id, userMedia: { thumbnailUrl } };
          }),
      );
      return {
        cursor,
        node: {
          id: node.id,
          state: node.state,
          streetName: node.streetName,
          suburb: suburb ? { name: suburb.name, state: suburb.state } : null,
          appraisalCount,
          completeType: node.completeType,
          photos,
        },
      };
    }),
  );
  const { endCursor, hasNextPage } = connection.pageInfo;
  return { data: { myProperties: { edges, pageInfo: { endCursor, hasNextPage } } } };
}

export function registerBareRoutes(app: FastifyInstance, deps: Deps) {
  app.post(BARE_ME_PATH, (req) => bareMe(deps, req));
  app.post(BARE_MY_PROPERTIES_PATH, (req) => bareMyProperties(deps, req));
}
