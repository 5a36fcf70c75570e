// Password hashing: argon2id (docs/product/partners-and-accounts.md#passwords) with the OWASP-recommended minimum cost
// (19 MiB, 2 passes), which keeps a sign-in near 20 ms on our 2-core machines.
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2: a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as a failed sign-in, never a 500.
    return false;
  }
}
