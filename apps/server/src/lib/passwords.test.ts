import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, passwordHashingInUse, usePasswordHashing, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  // A worker shares this module between test files, and a test server before this file may have chosen 'fast'.
  let before: ReturnType<typeof passwordHashingInUse>;
  beforeEach(() => {
    before = passwordHashingInUse();
    usePasswordHashing('owasp');
  });
  afterEach(() => usePasswordHashing(before));

  it("hashes with OWASP's argon2id profile unless a test server chose the fast one", async () => {
    expect(await hashPassword('correct-horse-battery')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    usePasswordHashing('fast');
    expect(await hashPassword('correct-horse-battery')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verifies a hash made under either profile, whichever is in use, and refuses a wrong password', async () => {
    const slow = await hashPassword('correct-horse-battery');
    usePasswordHashing('fast');
    const fast = await hashPassword('correct-horse-battery');
    for (const hash of [slow, fast]) {
      expect(await verifyPassword(hash, 'correct-horse-battery')).toBe(true);
      expect(await verifyPassword(hash, 'wrong-horse-battery')).toBe(false);
    }
    expect(await verifyPassword(null, 'correct-horse-battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct-horse-battery')).toBe(false);
    expect(await verifyAgainstDummy('correct-horse-battery')).toBe(false);
  });
});
