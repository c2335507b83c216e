import { UserMediaType, valuesOf } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import * as media from './media.service.ts';

/**
 * UserMedia as the API shows it (spec 000 §3), and the upload calls: `createUserMedia`, `completeUserMediaUpload`
 * and `userMedia(id)` (owner only; other modules expose media through their own types with `UserMediaRef`).
 */
export type UserMediaRow = media.UserMediaRow;

// Not accounts' `currentUser`: accounts.graphql.ts imports this file, and the cycle would bite at load time.
const currentUserId = (ctx: GraphQLContext): string => {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
};

export const UserMediaTypeEnum = builder.enumType('UserMediaType', { values: valuesOf(UserMediaType) });

export const UserMediaRef = builder.objectRef<UserMediaRow>('UserMedia').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.field({ type: UserMediaTypeEnum, resolve: (m) => m.type }),
    mimeType: t.exposeString('mimeType'),
    url: t.string({
      nullable: true,
      description: 'The file, once it is uploaded and known to decode.',
      resolve: (m, _args, ctx) => (m.mainFileReady ? media.mediaFileUrl(ctx.deps.config.appUrl, m.storageKey) : null),
    }),
    thumbnailUrl: t.string({
      nullable: true,
      description: 'A WebP thumbnail 480 px wide (a poster frame for videos).',
      resolve: (m, _args, ctx) => (m.thumbnailReady && m.thumbnailKey ? media.mediaFileUrl(ctx.deps.config.appUrl, m.thumbnailKey) : null),
    }),
    mainFileReady: t.exposeBoolean('mainFileReady'),
    thumbnailReady: t.exposeBoolean('thumbnailReady'),
    processingFailed: t.boolean({
      description: 'The uploaded file could not be read as an image or video; it was discarded and this media cannot be used.',
      resolve: (m) => !!m.processingError,
    }),
  }),
});

const CreateUserMediaPayloadRef = builder.objectRef<{ uploadUrl: string; userMedia: UserMediaRow }>('CreateUserMediaPayload').implement({
  fields: (t) => ({
    uploadUrl: t.exposeString('uploadUrl', {
      description: 'PUT the file here with the same Content-Type as `mimeType`; the upload succeeded only on status 200.',
    }),
    userMedia: t.field({ type: UserMediaRef, resolve: (p) => p.userMedia }),
  }),
});

builder.queryField('userMedia', (t) =>
  t.field({
    type: UserMediaRef,
    authScopes: { loggedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => media.getUserMedia(ctx.deps, currentUserId(ctx), String(args.id)),
  }),
);

builder.mutationFields((t) => ({
  createUserMedia: t.field({
    type: CreateUserMediaPayloadRef,
    authScopes: { loggedIn: true },
    args: {
      fileExtension: t.arg.string({ required: true }),
      mimeType: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) => media.createUserMedia(ctx.deps, currentUserId(ctx), args),
  }),
  completeUserMediaUpload: t.field({
    type: UserMediaRef,
    authScopes: { loggedIn: true },
    description: 'Call after the PUT to uploadUrl answered 200: starts processing (S3) or confirms it started (local).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => media.completeUserMediaUpload(ctx.deps, currentUserId(ctx), String(args.id)),
  }),
}));
