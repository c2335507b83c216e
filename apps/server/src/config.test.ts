import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on built-in defaults in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', isProduction: false });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.embeddedDatabaseDurable).toBe(true);
    expect(loadConfig({ EMBEDDED_DATABASE_DURABLE: 'false' }).embeddedDatabaseDurable).toBe(false);
    expect(config.passwordHashing).toBe('owasp');
    expect(loadConfig({ PASSWORD_HASHING: 'fast' }).passwordHashing).toBe('fast');
    expect(() => loadConfig({ PASSWORD_HASHING: 'md5' })).toThrow(/PASSWORD_HASHING/);
  });

  it('refuses to start in production on the built-in mailer, test gateway or development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL.*SMTP_URL.*STRIPE_SECRET_KEY.*STRIPE_PUBLISHABLE_KEY.*APP_SECRET.*LISTWISE_ABN/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/listwise',
      SMTP_URL: 'smtp://mail:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      APP_SECRET: 'x'.repeat(40),
      APP_URL: 'https://app.listwise.com.au/',
      LISTWISE_ABN: '51 824 753 556',
      EMBEDDED_DATABASE_DURABLE: 'false',
      PASSWORD_HASHING: 'fast',
    });
    expect(config).toMatchObject({ host: '0.0.0.0', appUrl: 'https://app.listwise.com.au', enableTestClock: false });
    // A throwaway (fsync-less) embedded database is for test runs only.
    expect(config.embeddedDatabaseDurable).toBe(true);
    // Every real password gets OWASP's argon2id profile.
    expect(config.passwordHashing).toBe('owasp');
    // No payout account configured: the ABA download is refused, never made from a test account.
    expect(config.payoutAccount).toBeNull();
  });

  it('refuses to start in production on an http: APP_URL (e-mail links and one-click unsubscribe addresses are made from it)', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/listwise',
      SMTP_URL: 'smtp://mail:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      APP_SECRET: 'x'.repeat(40),
      LISTWISE_ABN: '51 824 753 556',
    };
    expect(() => loadConfig({ ...production, APP_URL: 'http://app.listwise.com.au' })).toThrow('Production needs an https: APP_URL');
    expect(loadConfig({ ...production, APP_URL: 'https://app.listwise.com.au' }).appUrl).toBe('https://app.listwise.com.au');
    expect(() => loadConfig({ ...production, APP_URL: 'http://127.example.com' })).toThrow('Production needs an https: APP_URL');
    // A loopback address never leaves the machine (the production smoke test), and outside production any http is fine.
    expect(loadConfig({ ...production, APP_URL: 'http://127.0.0.1:3000' }).appUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:3000' }).appUrl).toBe('http://127.0.0.1:3000');
  });

  it('reads the payout account whole, and refuses half of one or a bad ABN', () => {
    const payout = {
      PAYOUT_BANK_ABBREVIATION: 'WBC',
      PAYOUT_USER_NAME: 'Listwise Pty Ltd',
      PAYOUT_APCA_USER_ID: '301500',
      PAYOUT_BSB: '032-000',
      PAYOUT_ACCOUNT_NUMBER: '123456',
    };
    expect(loadConfig(payout).payoutAccount).toEqual({
      financialInstitution: 'WBC',
      userName: 'Listwise Pty Ltd',
      apcaUserId: '301500',
      traceBsb: '032000',
      traceAccountNumber: '123456',
      remitterName: 'LISTWISE',
      description: 'CASHBACK',
    });
    expect(loadConfig({}).payoutAccount).toMatchObject({ traceBsb: '062000', userName: 'Listwise Test Account' });
    expect(() => loadConfig({ PAYOUT_BSB: '032000' })).toThrow(/PAYOUT_BANK_ABBREVIATION/);
    // compose passes unset variables as '': they count as unset.
    const blank = {
      PAYOUT_BANK_ABBREVIATION: '',
      PAYOUT_USER_NAME: '',
      PAYOUT_APCA_USER_ID: '',
      PAYOUT_BSB: '',
      PAYOUT_ACCOUNT_NUMBER: '',
    };
    expect(loadConfig({ ...blank, LISTWISE_ABN: '' }).payoutAccount).toMatchObject({ userName: 'Listwise Test Account' });
    expect(() => loadConfig({ ...payout, PAYOUT_BSB: '03200' })).toThrow(/PAYOUT_BSB/);
    expect(() => loadConfig({ LISTWISE_ABN: '51 824 753 557' })).toThrow(/LISTWISE_ABN/);
  });
});
