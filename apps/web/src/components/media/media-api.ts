/**
 * GraphQL operations of media uploads (spec 000 §7): `createUserMedia`, `completeUserMediaUpload` and the
 * `userMedia(id)` query polled while the server processes a file. Features that show media select
 * `...UserMediaFields` so their lists and the uploader share Graphcache's one `UserMedia` entity.
 */
import { graphql } from '@/generated/graphql';
import type { UserMediaFieldsFragment } from '@/generated/graphql/graphql';

export type UserMedia = UserMediaFieldsFragment;

export const UserMediaFields = graphql(`
  fragment UserMediaFields on UserMedia {
    id
    type
    mimeType
    url
    thumbnailUrl
    mainFileReady
    thumbnailReady
    processingFailed
  }
`);

/** A photo, floor plan or video on a property: the draft, the seller's property page and 'Edit listing' select it alike. */
export const PropertyMediaFields = graphql(`
  fragment PropertyMediaFields on PropertyMedia {
    id
    type
    order
    userMedia {
      ...UserMediaFields
    }
  }
`);

export const CreateUserMediaMutation = graphql(`
  mutation CreateUserMedia($fileExtension: String!, $mimeType: String!) {
    createUserMedia(fileExtension: $fileExtension, mimeType: $mimeType) {
      uploadUrl
      userMedia {
        ...UserMediaFields
      }
    }
  }
`);

export const CompleteUserMediaUploadMutation = graphql(`
  mutation CompleteUserMediaUpload($id: ID!) {
    completeUserMediaUpload(id: $id) {
      ...UserMediaFields
    }
  }
`);

export const UserMediaQuery = graphql(`
  query UserMedia($id: ID!) {
    userMedia(id: $id) {
      ...UserMediaFields
    }
  }
`);

/** The file and its thumbnail exist: the media can be shown. */
export const isMediaProcessed = (media: Pick<UserMedia, 'mainFileReady' | 'thumbnailReady'>) => media.mainFileReady && media.thumbnailReady;
