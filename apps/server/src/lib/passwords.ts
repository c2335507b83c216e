import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../config.ts';

const ARGON2ID = 2; // Algorithm.Argon2id: a const enum, not importable under isolatedModules

/**
 * argon2id profiles. `owasp`, OWASP's second recommended one (19 MiB, 2 passes), hashes every real password. `fast`
 * (1 MiB, 1 pass) is for test servers only: the API suite hashes and checks about 1,800 passwords a run, 36
 * core-seconds at OWASP's cost. The config refuses it in production (`PASSWORD_HASHING`).
 * A hash names its own parameters, so either profile verifies a hash made by the other.
 */
const PROFILES = {
  owasp: { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 },
  fast: { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const satisfies Record<PasswordHashing, object>;

// Set once a process by startServer from its config; every server of one process runs one profile.
let profile: PasswordHashing = 'owasp';
export const usePasswordHashing = (next: PasswordHashing) => {
  profile = next;
};
export const passwordHashingInUse = (): PasswordHashing => profile;

export const hashPassword = (password: string) => hash(password, PROFILES[profile]);

export const verifyPassword = async (passwordHash: string | null, password: string): Promise<boolean> => {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

// A fixed hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist: one per
// profile, so it costs what a real account's check costs.
const dummyHashes: Partial<Record<PasswordHashing, Promise<string>>> = {};
export const verifyAgainstDummy = async (password: string) => {
  const dummyHash = (dummyHashes[profile] ??= hashPassword('listwise-dummy-password'));
  await verifyPassword(await dummyHash, password);
  return false;
};
