import { describe, expect, it } from 'vitest';
import { loginPathFrom, safeInternalPath } from '@/lib/safe-redirect';

describe('safeInternalPath', () => {
  it('keeps same-site paths', () => {
    expect(safeInternalPath('/agent/profile-settings?tab=suburbs')).toBe('/agent/profile-settings?tab=suburbs');
  });

  it('refuses other origins and schemes', () => {
    for (const value of ['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', '', null, undefined]) {
      expect(safeInternalPath(value)).toBe('/');
    }
  });
});

describe('loginPathFrom', () => {
  it('remembers the origin except for home', () => {
    expect(loginPathFrom('/admin')).toBe('/login?from=%2Fadmin');
    expect(loginPathFrom('/')).toBe('/login');
  });
});
