import { builder } from '../../graphql/builder.ts';
import type { userMedia } from '../../db/schema/media.ts';

/** UserMedia as the API shows it. Upload and processing calls are added by the media module's service. */
export type UserMediaRow = typeof userMedia.$inferSelect;

export const UserMediaTypeEnum = builder.enumType('UserMediaType', { values: ['IMAGE', 'VIDEO'] as const });

export const UserMediaRef = builder.objectRef<UserMediaRow>('UserMedia').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.field({ type: UserMediaTypeEnum, resolve: (m) => m.type }),
    mimeType: t.exposeString('mimeType'),
    url: t.string({
      nullable: true,
      resolve: (m, _args, ctx) => (m.uploadedAt ? `${ctx.deps.config.appUrl}/media/${m.storageKey}` : null),
    }),
    thumbnailUrl: t.string({
      nullable: true,
      resolve: (m, _args, ctx) => (m.thumbnailReady && m.thumbnailKey ? `${ctx.deps.config.appUrl}/media/${m.thumbnailKey}` : null),
    }),
    mainFileReady: t.exposeBoolean('mainFileReady'),
    thumbnailReady: t.exposeBoolean('thumbnailReady'),
  }),
});
