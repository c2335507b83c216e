/**
 * The signed-in homes' code and first data, shared by / (which starts fetching them as soon as it knows the visitor
 * is signed in) and home routing (which renders them once `me` has said where to go).
 */
import type { Client } from 'urql';
import type { UserType } from '@listwise/domain/enums';
import { CurrentUserQuery } from '@/lib/current-user';

export const loadSellerHome = () => import('@/features/seller-properties/routes/seller-home');
export const loadAgentHome = () => import('@/features/agent-home/routes/agent-home');

const ignore = () => undefined;

/**
 * The session already says whether this is a seller or an agent, before `me` answers: fetch `me`, that home's code
 * and a seller's first page of properties at once, rather than one after the other. Where to go still waits for
 * `me` (an unfinished profile or funnel goes elsewhere); a failed prefetch only means the page asks again.
 */
export function prefetchSignedInHome(userType: UserType | null, client: Client) {
  void client.query(CurrentUserQuery, {}).toPromise();
  if (userType === 'SELLER') {
    loadSellerHome().catch(ignore);
    import('@/features/seller-properties/api/properties').then((api) => api.prefetchFirstPropertiesPage(client), ignore);
  }
  if (userType === 'AGENT') loadAgentHome().catch(ignore);
}
