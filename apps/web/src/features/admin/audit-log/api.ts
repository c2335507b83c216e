/** The audit log: every operator action, newest first, filtered by action, operator and time range on the server. */
import { graphql } from '@/generated/graphql';
import type { ResultOf, VariablesOf } from '@graphql-typed-document-node/core';

export type AuditLogEntry = ResultOf<typeof AdminAuditLogQuery>['adminAuditLog']['edges'][number]['node'];

/** The log's filters: its query's variables less the page. */
export type AuditLogFilters = Required<Omit<VariablesOf<typeof AdminAuditLogQuery>, 'first' | 'after'>>;

export const AdminAuditLogQuery = graphql(`
  query AdminAuditLog(
    $first: Int
    $after: String
    $action: AdminAuditAction
    $adminUserId: ID
    $createdFrom: String
    $createdBefore: String
  ) {
    adminAuditLog(
      first: $first
      after: $after
      action: $action
      adminUserId: $adminUserId
      createdFrom: $createdFrom
      createdBefore: $createdBefore
    ) {
      edges {
        cursor
        node {
          id
          action
          targetType
          targetId
          details
          createdAt
          admin {
            ...AdminUserFields
          }
          touched {
            kind
            id
            name
            email
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const AdminOperatorsQuery = graphql(`
  query AdminOperators {
    adminOperators {
      ...AdminUserFields
    }
  }
`);
