import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// N = 2^14, r = 8: the scrypt paper's interactive-login cost (16 MiB, ~60 ms here).
const COST = { N: 16384, r: 8, p: 1 } as const;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

function scryptAsync(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; allow twice that so the default 32 MiB cap does not bite.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes with scrypt and a random salt; the parameters are stored with the hash so they can grow. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, verified against when a sign-in names no known user, so unknown
 * users cost the same time as wrong passwords.
 */
export function createDummyHash(): Promise<string> {
  return hashPassword(randomBytes(16).toString('hex'));
}
