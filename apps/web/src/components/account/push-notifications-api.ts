import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '@/generated/graphql';

/** Profile Settings → Notifications: `User.pushNotifications` and its mutations. */
export const PushNotificationsQuery = graphql(`
  query PushNotifications {
    me {
      id
      pushNotifications {
        vapidPublicKey
        devices {
          id
          browser
          addedAt
        }
        kinds {
          kind
          label
          description
          enabled
          optional
          emailCategoryOff
        }
        quietHours {
          enabled
          start
          end
          timeZone
        }
      }
    }
  }
`);
export type PushNotifications = NonNullable<NonNullable<ResultOf<typeof PushNotificationsQuery>['me']>['pushNotifications']>;

export const AddPushDeviceMutation = graphql(`
  mutation AddPushDevice($input: AddPushDeviceInput!) {
    addPushDevice(input: $input) {
      id
      browser
      addedAt
    }
  }
`);

export const RemovePushDeviceMutation = graphql(`
  mutation RemovePushDevice($id: ID!) {
    removePushDevice(id: $id) {
      id
    }
  }
`);

export const UpdatePushPreferenceMutation = graphql(`
  mutation UpdatePushPreference($kind: PushKind!, $enabled: Boolean!) {
    updatePushPreference(kind: $kind, enabled: $enabled) {
      id
    }
  }
`);

export const UpdateQuietHoursMutation = graphql(`
  mutation UpdateQuietHours($enabled: Boolean!, $start: String!, $end: String!, $timeZone: String!) {
    updateQuietHours(enabled: $enabled, start: $start, end: $end, timeZone: $timeZone) {
      id
    }
  }
`);

export const usePushNotifications = () =>
  useQuery({ query: PushNotificationsQuery, requestPolicy: 'cache-and-network', context: PUSH_CONTEXT });
/** Every change reads the settings again (devices, switches and quiet hours live on one object). */
const PUSH_CONTEXT = { additionalTypenames: ['PushDevice', 'PushNotifications'] };
export const useAddPushDevice = () => useMutation(AddPushDeviceMutation);
export const useRemovePushDevice = () => useMutation(RemovePushDeviceMutation);
export const useUpdatePushPreference = () => useMutation(UpdatePushPreferenceMutation);
export const useUpdateQuietHours = () => useMutation(UpdateQuietHoursMutation);
