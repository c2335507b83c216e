/** Build-time configuration of the web app (Vite `VITE_*` variables), read in one place. */
const trimmed = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return v ? v : undefined;
};

export const env = {
  isDevelopment: import.meta.env.DEV,
  /** Parent domain for the logged-in cookie flag; unset means the current host only. */
  cookieDomain: trimmed(import.meta.env.VITE_COOKIE_DOMAIN),
  /** The external main site /logout returns to; unset means the app's own /login. */
  mainSiteUrl: trimmed(import.meta.env.VITE_MAIN_SITE_URL),
  graphqlUrl: '/graphql',
} as const;
