/** The audit log: every operator action, newest first. */
import { gql } from 'urql';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

export interface AuditLogEntry {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  details: string;
  createdAt: string;
  admin: AdminUser;
}

export const AdminAuditLogQuery = gql<{ adminAuditLog: Connection<AuditLogEntry> }, PageVariables>`
  query AdminAuditLog($first: Int, $after: String) {
    adminAuditLog(first: $first, after: $after) {
      edges { cursor node { id action targetType targetId details createdAt admin { ${ADMIN_USER_FIELDS} } } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;
