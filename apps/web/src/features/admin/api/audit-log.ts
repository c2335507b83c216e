/** The audit log: every operator action, newest first, filtered by action, operator and time range on the server. */
import { graphql } from '@/generated/graphql';
import type { AdminAuditAction, AdminAuditTouchedKind } from '@listwise/domain/audit-log';
import { type AdminUser } from '@/features/admin/api/types';

export interface AuditTouched {
  kind: AdminAuditTouchedKind;
  id: string;
  name: string;
  email: string | null;
}

export interface AuditLogEntry {
  id: string;
  action: AdminAuditAction;
  targetType: string;
  targetId: string;
  details: string;
  createdAt: string;
  admin: AdminUser;
  touched: AuditTouched[];
}

export interface AuditLogFilters {
  action: AdminAuditAction | null;
  adminUserId: string | null;
  createdFrom: string | null;
  createdBefore: string | null;
}

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
          id action targetType targetId details createdAt
          admin { ...AdminUserFields }
          touched { kind id name email }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const AdminOperatorsQuery = graphql(`
  query AdminOperators {
    adminOperators { ...AdminUserFields }
  }
`);
