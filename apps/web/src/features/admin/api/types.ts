/** Shapes shared by the console's operations (the server's Admin* and Ledger* types). */
export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: PageInfo;
}

export interface PageVariables {
  first?: number;
  after?: string | null;
}

export interface AdminUser {
  id: string;
  email: string | null;
  name: string | null;
  mobileNumber: string | null;
}

export const ADMIN_USER_FIELDS = 'id email name mobileNumber';
export const PAGE_INFO_FIELDS = 'pageInfo { hasNextPage endCursor }';
/** Console lists load this many rows per page. */
export const ADMIN_PAGE_SIZE = 20;
