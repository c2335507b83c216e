import { describe, expect, it } from 'vitest';
import { throttledSubject } from './rate-limit.ts';

describe('throttledSubject', () => {
  it('names the account a refusal throttles, whichever limit refused it', () => {
    expect(throttledSubject('login:email-ip:sam@example.com:2001:db8::1')).toEqual({ kind: 'account', subject: 'email:sam@example.com' });
    expect(throttledSubject('login:email:sam@example.com')).toEqual({ kind: 'account', subject: 'email:sam@example.com' });
    expect(throttledSubject('current-password:user:7c9e')).toEqual({ kind: 'account', subject: 'user:7c9e' });
  });

  it('names the client address, IPv6 included', () => {
    expect(throttledSubject('login:ip:2001:db8::1')).toEqual({ kind: 'client', subject: 'ip:2001:db8::1' });
    expect(throttledSubject('places-search:ip:10.0.0.1')).toEqual({ kind: 'client', subject: 'ip:10.0.0.1' });
  });

  it('refuses a key that does not say whom it limits', () => {
    expect(() => throttledSubject('createUserMedia:7c9e')).toThrow(/scope/);
    expect(() => throttledSubject('login:ip:')).toThrow(/scope/);
  });
});
