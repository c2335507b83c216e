/** The agent's appointment requests (spec 000 §7 `myAppointmentRequests`, `unreadAppointmentRequestsCount`, `appointmentRequestSeenByAgent`). */
import { useCallback } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type AppointmentRequestItem = ResultOf<typeof MyAppointmentRequestsQuery>['myAppointmentRequests']['edges'][number]['node'];

export const MyAppointmentRequestsQuery = graphql(`
  query MyAppointmentRequests($first: Int!, $after: String) {
    myAppointmentRequests(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          requestedAppointmentDate
          requestedAppointmentTime
          requestedBySellerAt
          seenByAgent
          note
          changedAt
          cancelledAt
          cancelledBy
          sellerName
          sellerEmail
          sellerMobileNumber
          calendar {
            ics
            googleCalendarUrl
          }
          property {
            id
            streetNumber
            streetName
            unitNumber
            suburb {
              ...SuburbRefFields
            }
            photos {
              id
              userMedia {
                id
                thumbnailUrl
              }
            }
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export const UnreadAppointmentRequestsCountQuery = graphql(`
  query UnreadAppointmentRequestsCount {
    unreadAppointmentRequestsCount
  }
`);

/** The agent menu's badge. Paused for anyone but agents. */
export const useUnreadAppointmentRequestsCount = (isAgent: boolean) => {
  const [{ data }] = useQuery({ query: UnreadAppointmentRequestsCountQuery, requestPolicy: 'cache-and-network', pause: !isAgent });
  return data?.unreadAppointmentRequestsCount ?? 0;
};

const SeenMutation = graphql(`
  mutation AppointmentRequestSeenByAgent($id: ID!) {
    appointmentRequestSeenByAgent(id: $id) {
      id
      seenByAgent
    }
  }
`);

/** Marks a request read and re-reads the menu badge. */
export const useMarkAppointmentSeen = () => {
  const [, mark] = useMutation(SeenMutation);
  const client = useClient();
  return useCallback(
    async (id: string) => {
      await mark({ id });
      await client.query(UnreadAppointmentRequestsCountQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    },
    [mark, client],
  );
};
