/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Parent domain for the `listwise_logged_in` cookie flag read by the main marketing site, e.g. `.listwise.com.au`. */
  readonly VITE_COOKIE_DOMAIN?: string;
  /** Where /logout sends the browser afterwards (the external main site). Defaults to /login. */
  readonly VITE_MAIN_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
