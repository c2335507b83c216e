import type { UserMediaType } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
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

export const UserMediaTypeEnum = builder.enumType('UserMediaType', {
  description: 'What an uploaded file is, from its extension.',
  values: describedValues<UserMediaType>({
    IMAGE: 'A photo: JPEG, PNG or WebP, up to 15 MB and 50 megapixels.',
    VIDEO: 'A video: MP4, M4V, MOV or WebM, up to 200 MB.',
  }),
});

export const UserMediaRef = builder.objectRef<UserMediaRow>('UserMedia').implement({
  description:
    'A file a user uploaded (a photo, a video, a logo): made by `createUserMedia`, then processed after the upload until `mainFileReady` and `thumbnailReady`.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The media id, which listings and profiles take to attach it.' }),
    type: t.field({ type: UserMediaTypeEnum, description: 'Photo or video.', resolve: (m) => m.type }),
    mimeType: t.exposeString('mimeType', { description: "The file's content type ('image/jpeg')." }),
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
    mainFileReady: t.exposeBoolean('mainFileReady', { description: 'Whether `url` can be shown: the file is uploaded and decodes.' }),
    thumbnailReady: t.exposeBoolean('thumbnailReady', {
      description: 'Whether `thumbnailUrl` can be shown. Poll `userMedia(id)` (every second) until both are true.',
    }),
    processingFailed: t.boolean({
      description: 'The uploaded file could not be read as an image or video; it was discarded and this media cannot be used.',
      resolve: (m) => !!m.processingError,
    }),
  }),
});

const CreateUserMediaPayloadRef = builder.objectRef<{ uploadUrl: string; userMedia: UserMediaRow }>('CreateUserMediaPayload').implement({
  description: 'An upload slot.',
  fields: (t) => ({
    uploadUrl: t.exposeString('uploadUrl', {
      description:
        'PUT the file here with the same Content-Type as `mimeType`, within 15 minutes; the upload succeeded only on status 200.',
    }),
    userMedia: t.field({ type: UserMediaRef, description: 'The media the file becomes, not ready yet.', resolve: (p) => p.userMedia }),
  }),
});

builder.queryField('userMedia', (t) =>
  t.field({
    type: UserMediaRef,
    authScopes: { loggedIn: true },
    description: "One of the signed-in user's own uploads (not_found for anyone else's), to poll while it is processed.",
    args: { id: t.arg.id({ required: true, description: 'The media id.' }) },
    resolve: (_r, args, ctx) => media.getUserMedia(ctx.deps, currentUserId(ctx), String(args.id)),
  }),
);

builder.mutationFields((t) => ({
  createUserMedia: t.field({
    type: CreateUserMediaPayloadRef,
    authScopes: { loggedIn: true },
    description:
      'Makes an upload slot for the signed-in user: the media and the URL to PUT the file to. user_media_file_extension_not_supported for an extension or content type not listed in `UserMediaType`.',
    args: {
      fileExtension: t.arg.string({ required: true, description: "The file's extension without the dot ('jpg')." }),
      mimeType: t.arg.string({ required: true, description: "The file's content type, one the extension allows ('image/jpeg')." }),
    },
    resolve: (_r, args, ctx) => media.createUserMedia(ctx.deps, currentUserId(ctx), args),
  }),
  completeUserMediaUpload: t.field({
    type: UserMediaRef,
    authScopes: { loggedIn: true },
    description:
      'Call after the PUT to `uploadUrl` answered 200: the file is checked (size, content) and processing starts. invalid_state when the file was not uploaded; user_media_content_not_supported when its bytes are not what its type says.',
    args: { id: t.arg.id({ required: true, description: 'The media id.' }) },
    resolve: (_r, args, ctx) => media.completeUserMediaUpload(ctx.deps, currentUserId(ctx), String(args.id)),
  }),
}));
