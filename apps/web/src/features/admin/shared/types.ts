/** Shapes shared by the console's operations (the server's Admin* and Ledger* types). */
import { graphql } from '@/generated/graphql';
import type { AdminUserFieldsFragment } from '@/generated/graphql/graphql';

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: PageInfo;
}

/** What a paged console list adds to its query's variables (the generated types accept null for both). */
export interface PageVariables {
  first?: number | null;
  after?: string | null;
}

/** A person as the console shows them (a closed account has name, e-mail and phone erased). */
export type AdminUser = AdminUserFieldsFragment;

export const AdminUserFields = graphql(`
  fragment AdminUserFields on AdminUser {
    id
    email
    name
    mobileNumber
    deletedAt
  }
`);

/**
 * How the console names a person: their name, else their e-mail, else `fallback`. A closed account has neither (both
 * are erased), so it is named as deleted rather than left blank or taken for an unfinished sign-up.
 */
export const adminUserName = (user: Pick<AdminUser, 'name' | 'email' | 'deletedAt'>, fallback: string) =>
  user.deletedAt ? DELETED_ACCOUNT : (user.name ?? user.email ?? fallback);

export const DELETED_ACCOUNT = 'Deleted account';
/** Console lists load this many rows per page. */
export const ADMIN_PAGE_SIZE = 20;
