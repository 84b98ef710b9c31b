import { hash, verify, type Options } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, not importable with isolatedModules). */
const ARGON2ID = 2 as Options['algorithm'];

// OWASP-recommended argon2id parameters (19 MiB, 2 passes).
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash so an unknown account costs as much time as a known one. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-Aa1');
  await verifyPassword(await dummyHash, password);
  return false;
}
