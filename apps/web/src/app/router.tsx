/**
 * Every route of the web app. Each page (and each layout) is its own lazy chunk.
 * Other features add their routes here: public ones under the public layout, signed-in ones under the
 * app layout (wrapped in a <RouteGuard> with the role they need).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from '@/components/app-shell';
import { RootLayout } from '@/app/layouts/root-layout';
import { RouteErrorPage } from '@/app/routes/route-error';
import { RouteGuard } from '@/app/route-guard';

/** Adapts a module whose default export is the page component to a lazy route. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const publicRoutes: RouteObject[] = [
  // Marketing pages
  { path: 'about-the-company', lazy: page(() => import('@/features/public/routes/about')) },
  { path: 'how-it-works', lazy: page(() => import('@/features/public/routes/how-it-works')) },
  { path: 'real-state-agent-info', lazy: page(() => import('@/features/public/routes/for-agents')) },
  { path: 'find-real-estate-agents', lazy: page(() => import('@/features/public/routes/for-sellers')) },

  // Authentication and account screens
  { path: 'login', lazy: page(() => import('@/features/auth/routes/login')) },
  { path: 'reset-password', lazy: page(() => import('@/features/auth/routes/reset-password')) },
  { path: 'reset-password/success', lazy: page(() => import('@/features/auth/routes/reset-password-success')) },
  { path: 'change-password/user/:userId/token/:token', lazy: page(() => import('@/features/auth/routes/change-password')) },
  { path: 'change-password/success', lazy: page(() => import('@/features/auth/routes/change-password-success')) },
  { path: 'get-started', lazy: page(() => import('@/features/auth/routes/get-started')) },
  { path: 'continue-signup', lazy: page(() => import('@/features/auth/routes/continue-signup')) },
  { path: 'continue/:token', lazy: page(() => import('@/features/auth/routes/continue-token')) },
  { path: 'verify-email/:token', lazy: page(() => import('@/features/auth/routes/verify-email')) },
  { path: 'agent/signup', lazy: page(() => import('@/features/auth/routes/agent-signup')) },
  { path: 'terms-and-conditions', lazy: page(() => import('@/features/auth/routes/terms-and-conditions')) },

  // Listing wizard (seller) — features/listing. The address step is open to everyone; the listing steps take a
  // seller with an unfinished account (ghost users too); choosing agents needs a finished, verified account.
  { path: 'new-property', lazy: page(() => import('@/features/listing/routes/new-property-index')) },
  { path: 'new-property/address', lazy: page(() => import('@/features/listing/routes/address')) },
  {
    element: <RouteGuard role="SELLER" requireCompleteProfile={false} />,
    children: [
      { path: 'new-property/details', lazy: page(() => import('@/features/listing/routes/details')) },
      { path: 'new-property/features', lazy: page(() => import('@/features/listing/routes/features')) },
      { path: 'new-property/sale-info', lazy: page(() => import('@/features/listing/routes/sale-info')) },
      { path: 'new-property/photos', lazy: page(() => import('@/features/listing/routes/photos')) },
      { path: 'new-property/additional-info', lazy: page(() => import('@/features/listing/routes/additional-info')) },
      { path: 'new-property/account-details', lazy: page(() => import('@/features/listing/routes/account-details')) },
      { path: 'new-property/account-password', lazy: page(() => import('@/features/listing/routes/account-password')) },
    ],
  },
  {
    element: <RouteGuard role="SELLER" requireVerifiedEmail />,
    children: [
      { path: 'new-property/details-complete', lazy: page(() => import('@/features/listing/routes/details-complete')) },
      { path: 'new-property/select-agents', lazy: page(() => import('@/features/listing/routes/select-agents')) },
      { path: 'new-property/no-agents', lazy: page(() => import('@/features/listing/routes/no-agents')) },
      { path: 'new-property/request-sent', lazy: page(() => import('@/features/listing/routes/request-sent')) },
    ],
  },

  // Agent sign-up funnel (agent) — features/agent-signup; its first step, /agent/signup, is the auth feature's.
  {
    element: <RouteGuard role="AGENT" requireCompleteProfile={false} />,
    children: [
      { path: 'agent/signup/basic-details', lazy: page(() => import('@/features/agent-signup/routes/basic-details')) },
      { path: 'agent/signup/suburbs', lazy: page(() => import('@/features/agent-signup/routes/suburbs')) },
      { path: 'agent/signup/summary', lazy: page(() => import('@/features/agent-signup/routes/summary')) },
      { path: 'agent/signup/payment', lazy: page(() => import('@/features/agent-signup/routes/payment')) },
      { path: 'agent/signup/payment-processed', lazy: page(() => import('@/features/agent-signup/routes/payment-processed')) },
      { path: 'agent/signup/profile-details', lazy: page(() => import('@/features/agent-signup/routes/profile-details')) },
      { path: 'agent/signup/complete', lazy: page(() => import('@/features/agent-signup/routes/complete')) },
    ],
  },

  // Anything else
  { path: '*', lazy: page(() => import('@/app/routes/not-found')) },
];

const signedInRoutes: RouteObject[] = [
  { path: 'email-verification', lazy: page(() => import('@/features/auth/routes/email-verification')) },
  { path: 'admin', lazy: page(() => import('@/app/routes/admin')) },

  // Sale status and cashback claim (seller) — features/sale
  {
    element: <RouteGuard role="SELLER" />,
    children: [
      { path: 'property/:propertyId/sale-status', lazy: page(() => import('@/features/sale/routes/sale-status')) },
      { path: 'property/:propertyId/sale-status/sold/agent', lazy: page(() => import('@/features/sale/routes/select-agent')) },
      { path: 'property/:propertyId/sale-status/sold/agent/:agentId/claim', lazy: page(() => import('@/features/sale/routes/claim')) },
      { path: 'property/:propertyId/sold', lazy: page(() => import('@/features/sale/routes/sold')) },
      { path: 'property/:propertyId/not-sold', lazy: page(() => import('@/features/sale/routes/not-sold')) },
    ],
  },
  // Sale confirmation (agent) — features/sale
  {
    element: <RouteGuard role="AGENT" />,
    children: [
      { path: 'agent/property-sale/:id/confirm', lazy: page(() => import('@/features/sale/routes/confirm-sale')) },
      { path: 'agent/property-sale/:id/confirm/details', lazy: page(() => import('@/features/sale/routes/confirm-sale-details')) },
      { path: 'agent/property-sale/:id/confirm/finalized', lazy: page(() => import('@/features/sale/routes/confirm-sale-finalized')) },
    ],
  },
  // Appraisal loop (agent) — features/agent-home, features/appraisal-drafting, features/appointments
  {
    element: <RouteGuard role="AGENT" />,
    children: [
      { path: 'agent/appraisal-request/:id', lazy: page(() => import('@/features/agent-home/routes/appraisal-request-detail')) },
      { path: 'agent/appraisal-request/:id/appraise', lazy: page(() => import('@/features/appraisal-drafting/routes/appraise-index')) },
      {
        path: 'agent/appraisal-request/:id/appraise/selling-range',
        lazy: page(() => import('@/features/appraisal-drafting/routes/selling-range')),
      },
      { path: 'agent/appraisal-request/:id/appraise/fees', lazy: page(() => import('@/features/appraisal-drafting/routes/fees')) },
      {
        path: 'agent/appraisal-request/:id/appraise/comparable-sales',
        lazy: page(() => import('@/features/appraisal-drafting/routes/comparable-sales')),
      },
      { path: 'agent/appraisal-request/:id/appraise/video', lazy: page(() => import('@/features/appraisal-drafting/routes/video')) },
      {
        path: 'agent/appraisal-request/:id/appraise/additional-notes',
        lazy: page(() => import('@/features/appraisal-drafting/routes/additional-notes')),
      },
      { path: 'agent/appraisal-request/:id/appraise/summary', lazy: page(() => import('@/features/appraisal-drafting/routes/summary')) },
      {
        path: 'agent/appraisal-request/:id/appraise/submitted',
        lazy: page(() => import('@/features/appraisal-drafting/routes/submitted')),
      },
      { path: 'agent/appointment-requests', lazy: page(() => import('@/features/appointments/routes/appointment-requests')) },
    ],
  },
  // Profile settings (agent) — features/agent-settings
  {
    element: <RouteGuard role="AGENT" />,
    children: [
      { path: 'agent/profile-settings', lazy: page(() => import('@/features/agent-settings/routes/profile-settings')) },
      { path: 'agent/invoices/:id', lazy: page(() => import('@/features/agent-settings/routes/tax-invoice')) },
    ],
  },
  // Property detail (seller) — features/seller-properties; profile settings — features/seller-profile
  {
    element: <RouteGuard role="SELLER" />,
    children: [
      { path: 'property/:propertyId', lazy: page(() => import('@/features/seller-properties/routes/property-detail')) },
      { path: 'property/:propertyId/edit', lazy: page(() => import('@/features/seller-properties/routes/edit-listing')) },
      { path: 'profile-settings', lazy: page(() => import('@/features/seller-profile/routes/profile-settings')) },
    ],
  },
  // Appraisals received (seller) — features/seller-appraisals
  {
    element: <RouteGuard role="SELLER" />,
    children: [
      { path: 'property/:propertyId/compare', lazy: page(() => import('@/features/seller-appraisals/routes/compare')) },
      {
        path: 'property/:propertyId/appraisal/:appraisalId',
        lazy: page(() => import('@/features/seller-appraisals/routes/appraisal-detail')),
      },
      {
        path: 'property/:propertyId/appraisal/:appraisalId/request-appointment',
        lazy: page(() => import('@/features/seller-appraisals/routes/request-appointment')),
      },
      {
        path: 'property/:propertyId/appraisal/:appraisalId/request-complete',
        lazy: page(() => import('@/features/seller-appraisals/routes/request-complete')),
      },
    ],
  },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <AppShell />,
    children: [
      // / picks its shell itself: the homepage for visitors, home routing for signed-in users.
      { index: true, lazy: page(() => import('@/app/routes/index')) },
      { lazy: page(() => import('@/app/layouts/public-layout')), children: publicRoutes },
      { lazy: page(() => import('@/app/layouts/app-layout')), children: signedInRoutes },
      { path: 'logout', lazy: page(() => import('@/features/auth/routes/logout')) },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
