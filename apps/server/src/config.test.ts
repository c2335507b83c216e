import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on built-in defaults in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', isProduction: false });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('refuses to start in production on the built-in mailer, test gateway or development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL.*SMTP_URL.*STRIPE_SECRET_KEY.*STRIPE_PUBLISHABLE_KEY.*APP_SECRET/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/listwise',
      SMTP_URL: 'smtp://mail:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      APP_SECRET: 'x'.repeat(40),
      APP_URL: 'https://app.listwise.com.au/',
    });
    expect(config).toMatchObject({ host: '0.0.0.0', appUrl: 'https://app.listwise.com.au', enableTestClock: false });
  });
});
