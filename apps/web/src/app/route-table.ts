/**
 * Every route of the web app, as data: its path, the module that renders it (a page or a layout, each its own lazy
 * chunk) and the guard it sits behind. The one list of routes: router.tsx builds React Router's routes from it, and
 * the build (build/route-preloads.ts) reads it to tell the server which chunks each route loads, so the page's HTML
 * can preload them with the entry script instead of after it.
 * Other features add their routes here: public ones under the public layout, signed-in ones under the app layout
 * (with the guard of the role they need).
 *
 * Plain data, no React: the build reads this file in Node. A `module` is a file under src/ written as an import
 * (`@/…`, no extension) whose default export is the component.
 */
import type { UserType } from '@listwise/domain/enums';

/** The <RouteGuard> props a group of routes sits behind (see route-guard.tsx). */
export interface RouteGuardOptions {
  role: UserType;
  requireCompleteProfile?: boolean;
  requireVerifiedEmail?: boolean;
}

export interface RouteEntry {
  path?: string;
  index?: true;
  module?: `@/${string}`;
  guard?: RouteGuardOptions;
  children?: RouteEntry[];
}

const publicRoutes: RouteEntry[] = [
  // The public site's pages (the homepage for visitors, how it works, for agents, for sellers, about, the terms and
  // privacy policy, the review policy) are the server's (PUBLIC_SITE_PATHS): the app opens them as whole documents.

  // Authentication and account screens
  { path: 'login', module: '@/features/auth/routes/login' },
  { path: 'reset-password', module: '@/features/auth/routes/reset-password' },
  { path: 'reset-password/success', module: '@/features/auth/routes/reset-password-success' },
  { path: 'change-password/user/:userId/token/:token', module: '@/features/auth/routes/change-password' },
  { path: 'change-password/success', module: '@/features/auth/routes/change-password-success' },
  { path: 'get-started', module: '@/features/auth/routes/get-started' },
  { path: 'continue-signup', module: '@/features/auth/routes/continue-signup' },
  { path: 'continue/:token', module: '@/features/auth/routes/continue-token' },
  { path: 'verify-email/:token', module: '@/features/auth/routes/verify-email' },
  { path: 'unsubscribe/:token', module: '@/features/auth/routes/unsubscribe' },
  { path: 'undo-email-change/:token', module: '@/features/auth/routes/undo-email-change' },
  // Closing an account: the e-mailed link of an account without a password, and where closing ends.
  { path: 'close-account/:token', module: '@/features/auth/routes/close-account' },
  { path: 'account-closed', module: '@/features/auth/routes/account-closed' },
  { path: 'agent/signup', module: '@/features/auth/routes/agent-signup' },

  // Listing wizard (seller) — features/listing. The address step is open to everyone; the listing steps take a
  // seller with an unfinished account (ghost users too); choosing agents needs a finished, verified account.
  { path: 'new-property', module: '@/features/listing/routes/new-property-index' },
  { path: 'new-property/address', module: '@/features/listing/routes/address' },
  {
    guard: { role: 'SELLER', requireCompleteProfile: false },
    children: [
      { path: 'new-property/continue', module: '@/features/listing/routes/resume-listing' },
      { path: 'new-property/details', module: '@/features/listing/routes/details' },
      { path: 'new-property/features', module: '@/features/listing/routes/features' },
      { path: 'new-property/sale-info', module: '@/features/listing/routes/sale-info' },
      { path: 'new-property/photos', module: '@/features/listing/routes/photos' },
      { path: 'new-property/additional-info', module: '@/features/listing/routes/additional-info' },
      { path: 'new-property/account-details', module: '@/features/listing/routes/account-details' },
      { path: 'new-property/account-password', module: '@/features/listing/routes/account-password' },
    ],
  },
  {
    guard: { role: 'SELLER', requireVerifiedEmail: true },
    children: [
      { path: 'new-property/details-complete', module: '@/features/listing/routes/details-complete' },
      { path: 'new-property/select-agents', module: '@/features/listing/routes/select-agents' },
      { path: 'new-property/no-agents', module: '@/features/listing/routes/no-agents' },
      { path: 'new-property/request-sent', module: '@/features/listing/routes/request-sent' },
    ],
  },

  // Agent sign-up funnel (agent) — features/agent-signup; its first step, /agent/signup, is the auth feature's.
  // The e-mail is verified before anything else, not after 'You're all set'.
  {
    guard: { role: 'AGENT', requireCompleteProfile: false, requireVerifiedEmail: true },
    children: [
      { path: 'agent/signup/basic-details', module: '@/features/agent-signup/routes/basic-details' },
      { path: 'agent/signup/suburbs', module: '@/features/agent-signup/routes/suburbs' },
      { path: 'agent/signup/summary', module: '@/features/agent-signup/routes/summary' },
      { path: 'agent/signup/payment', module: '@/features/agent-signup/routes/payment' },
      { path: 'agent/signup/payment-processed', module: '@/features/agent-signup/routes/payment-processed' },
      { path: 'agent/signup/profile-details', module: '@/features/agent-signup/routes/profile-details' },
      { path: 'agent/signup/complete', module: '@/features/agent-signup/routes/complete' },
    ],
  },

  // Anything else
  { path: '*', module: '@/app/routes/not-found' },
];

const signedInRoutes: RouteEntry[] = [
  { path: 'email-verification', module: '@/features/auth/routes/email-verification' },
  { path: 'admin', module: '@/app/routes/admin' },

  // Sale status and cashback claim (seller) — features/sale
  {
    guard: { role: 'SELLER' },
    children: [
      { path: 'property/:propertyId/sale-status', module: '@/features/sale/routes/sale-status' },
      { path: 'property/:propertyId/sale-status/sold/agent', module: '@/features/sale/routes/select-agent' },
      { path: 'property/:propertyId/sale-status/sold/agent/:agentId/claim', module: '@/features/sale/routes/claim' },
      { path: 'property/:propertyId/sold', module: '@/features/sale/routes/sold' },
      { path: 'property/:propertyId/not-sold', module: '@/features/sale/routes/not-sold' },
    ],
  },
  // Sale confirmation (agent) — features/sale
  {
    guard: { role: 'AGENT' },
    children: [
      { path: 'agent/property-sale/:id/confirm', module: '@/features/sale/routes/confirm-sale' },
      { path: 'agent/property-sale/:id/confirm/details', module: '@/features/sale/routes/confirm-sale-details' },
      { path: 'agent/property-sale/:id/confirm/finalized', module: '@/features/sale/routes/confirm-sale-finalized' },
    ],
  },
  // Appraisal loop (agent) — features/agent-home, features/appraisal-drafting, features/appointments
  {
    guard: { role: 'AGENT' },
    children: [
      { path: 'agent/appraisal-request/:id', module: '@/features/agent-home/routes/appraisal-request-detail' },
      { path: 'agent/appraisal-request/:id/appraise', module: '@/features/appraisal-drafting/routes/appraise-index' },
      {
        path: 'agent/appraisal-request/:id/appraise/selling-range',
        module: '@/features/appraisal-drafting/routes/selling-range',
      },
      { path: 'agent/appraisal-request/:id/appraise/fees', module: '@/features/appraisal-drafting/routes/fees' },
      {
        path: 'agent/appraisal-request/:id/appraise/comparable-sales',
        module: '@/features/appraisal-drafting/routes/comparable-sales',
      },
      { path: 'agent/appraisal-request/:id/appraise/video', module: '@/features/appraisal-drafting/routes/video' },
      {
        path: 'agent/appraisal-request/:id/appraise/additional-notes',
        module: '@/features/appraisal-drafting/routes/additional-notes',
      },
      { path: 'agent/appraisal-request/:id/appraise/summary', module: '@/features/appraisal-drafting/routes/summary' },
      {
        path: 'agent/appraisal-request/:id/appraise/submitted',
        module: '@/features/appraisal-drafting/routes/submitted',
      },
      { path: 'agent/appointment-requests', module: '@/features/appointments/routes/appointment-requests' },
    ],
  },
  // Profile settings (agent) — features/agent-settings
  {
    guard: { role: 'AGENT' },
    children: [
      { path: 'agent/profile-settings', module: '@/features/agent-settings/routes/profile-settings' },
      { path: 'agent/invoices/:id', module: '@/features/agent-settings/routes/tax-invoice' },
    ],
  },
  // Property detail (seller) — features/seller-properties; profile settings — features/seller-profile
  {
    guard: { role: 'SELLER' },
    children: [
      { path: 'property/:propertyId', module: '@/features/seller-properties/routes/property-detail' },
      { path: 'property/:propertyId/edit', module: '@/features/seller-properties/routes/edit-listing' },
      { path: 'profile-settings', module: '@/features/seller-profile/routes/profile-settings' },
    ],
  },
  // Agent reviews — features/reviews: the seller's form (the invitation's link), the agent's reviews
  {
    guard: { role: 'SELLER' },
    children: [{ path: 'property/:propertyId/appraisal/:appraisalId/review', module: '@/features/reviews/routes/review-form' }],
  },
  { guard: { role: 'AGENT' }, children: [{ path: 'agent/reviews', module: '@/features/reviews/routes/agent-reviews' }] },
  // Appraisals received (seller) — features/seller-appraisals
  {
    guard: { role: 'SELLER' },
    children: [
      { path: 'property/:propertyId/compare', module: '@/features/seller-appraisals/routes/compare' },
      {
        path: 'property/:propertyId/appraisal/:appraisalId',
        module: '@/features/seller-appraisals/routes/appraisal-detail',
      },
      {
        path: 'property/:propertyId/appraisal/:appraisalId/request-appointment',
        module: '@/features/seller-appraisals/routes/request-appointment',
      },
      {
        path: 'property/:propertyId/appraisal/:appraisalId/request-complete',
        module: '@/features/seller-appraisals/routes/request-complete',
      },
    ],
  },
];

/** The children of the root layout (root-layout.tsx, loaded with the entry). */
export const routeTable: RouteEntry[] = [
  // / is the signed-in member's home (the server answers / with the public homepage to everyone else).
  { index: true, module: '@/app/routes/index' },
  { module: '@/app/layouts/public-layout', children: publicRoutes },
  { module: '@/app/layouts/app-layout', children: signedInRoutes },
  { path: 'logout', module: '@/features/auth/routes/logout' },
];

/** One route as React Router flattens it: its full path and the modules of its layouts and page, outermost first. */
export interface FlatRoute {
  path: string;
  index?: true;
  modules: string[];
}

/**
 * The table's routes in React Router's own flattening order (children before their parent, siblings in order), which
 * is the order it breaks ranking ties in. Paths are joined as React Router joins them ('/login', '/' for the index).
 */
export function flattenRouteTable(entries: RouteEntry[], parentPath = '', parentModules: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => {
    const routePath = `${parentPath}/${entry.path ?? ''}`.replace(/\/\/+/g, '/');
    const modules = entry.module ? [...parentModules, entry.module] : parentModules;
    const children = flattenRouteTable(entry.children ?? [], routePath, modules);
    const isRoute = entry.path !== undefined || entry.index;
    return isRoute ? [...children, { path: routePath, ...(entry.index && { index: entry.index }), modules }] : children;
  });
}
