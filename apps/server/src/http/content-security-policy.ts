import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of every HTML response (the web app, the dev mailbox). Scripts come only from the
 * app's own origin (no inline scripts, no eval); a third party is allowed only when the feature that talks to it
 * is configured, so a default install allows nothing outside the origin:
 *
 * - Stripe (STRIPE_PUBLISHABLE_KEY): Stripe.js, its card field frames and its API (Stripe's published CSP list);
 * - Google, Apple and Facebook sign-in (their client ids): each SDK's script and the frames and calls it makes;
 * - S3 media (S3_BUCKET): photos and videos are presigned redirects to the bucket and uploads a presigned PUT.
 *
 * Google Places needs nothing here: the server calls it (GOOGLE_MAPS_API_KEY never reaches the browser).
 * Styles allow 'unsafe-inline' (style attributes set by React Aria, Stripe and the e-mails in the dev mailbox):
 * CSS cannot run code, so the policy keeps its strength where it matters.
 */
type CspConfig = Pick<
  Config,
  | 'STRIPE_PUBLISHABLE_KEY'
  | 'GOOGLE_OAUTH_CLIENT_ID'
  | 'APPLE_SIGN_IN_CLIENT_ID'
  | 'FACEBOOK_APP_ID'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
>;

interface Sources {
  script: string[];
  style: string[];
  img: string[];
  media: string[];
  connect: string[];
  frame: string[];
}

const STRIPE: Partial<Sources> = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  img: ['https://*.stripe.com'],
};
const GOOGLE_SIGN_IN: Partial<Sources> = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  connect: ['https://accounts.google.com/gsi/'],
  frame: ['https://accounts.google.com/gsi/'],
};
const APPLE_SIGN_IN: Partial<Sources> = {
  script: ['https://appleid.cdn-apple.com'],
  connect: ['https://appleid.apple.com'],
  frame: ['https://appleid.apple.com'],
};
const FACEBOOK_SIGN_IN: Partial<Sources> = {
  script: ['https://connect.facebook.net'],
  connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
  frame: ['https://www.facebook.com', 'https://web.facebook.com'],
  img: ['https://www.facebook.com'],
};

/**
 * Where browsers fetch media from when it lives in S3: the endpoint's origin for S3-compatible services
 * (path-style URLs), otherwise AWS's virtual-hosted bucket host (path-style for bucket names with dots, which
 * is what the AWS SDK presigns).
 */
export function mediaOrigin(config: CspConfig): string | null {
  if (!config.S3_BUCKET) return null;
  if (config.S3_ENDPOINT) return new URL(config.S3_ENDPOINT).origin;
  const region = config.S3_REGION;
  return config.S3_BUCKET.includes('.') ? `https://s3.${region}.amazonaws.com` : `https://${config.S3_BUCKET}.s3.${region}.amazonaws.com`;
}

export function contentSecurityPolicy(config: CspConfig): string {
  const sources: Sources = {
    script: ["'self'"],
    style: ["'self'", "'unsafe-inline'"],
    img: ["'self'", 'data:', 'blob:'],
    media: ["'self'", 'blob:'],
    connect: ["'self'"],
    frame: [],
  };
  const add = (extra: Partial<Sources>) => {
    for (const [kind, list] of Object.entries(extra) as [keyof Sources, string[]][]) sources[kind].push(...list);
  };
  if (config.STRIPE_PUBLISHABLE_KEY) add(STRIPE);
  if (config.GOOGLE_OAUTH_CLIENT_ID) add(GOOGLE_SIGN_IN);
  if (config.APPLE_SIGN_IN_CLIENT_ID) add(APPLE_SIGN_IN);
  if (config.FACEBOOK_APP_ID) add(FACEBOOK_SIGN_IN);
  const media = mediaOrigin(config);
  if (media) add({ img: [media], media: [media], connect: [media] });

  const list = (values: string[]) => (values.length ? values.join(' ') : "'none'");
  return [
    "default-src 'self'",
    `script-src ${list(sources.script)}`,
    `style-src ${list(sources.style)}`,
    `img-src ${list(sources.img)}`,
    `media-src ${list(sources.media)}`,
    "font-src 'self' data:",
    `connect-src ${list(sources.connect)}`,
    `frame-src ${list(sources.frame)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
