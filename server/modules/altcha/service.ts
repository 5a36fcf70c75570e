// The human check of registration (docs/product/partners-and-accounts.md#registration): a self-hosted ALTCHA proof-of-work. The
// server signs each challenge; a solution is accepted once, recorded in the shared one-time store
// (Redis with REDIS_URL, else the database) so that every server node refuses its replay.
import { createChallenge, randomInt } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create } from 'altcha-lib/frameworks/fastify';
import type { Db } from '../../db';
import { sharedStoresOf } from '../../stores';
import type { OnceStore } from '../../stores';
import { forgetExpiredChallenges, recordChallengeOnce } from './repository';

/** Work a browser does in about a second; a bot pays it for every registration. */
export const CHALLENGE = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  counterMin: 1_000,
  counterMax: 6_000,
} as const;
const LIFETIME_MS = 10 * 60 * 1000;

export async function newChallenge(secret: string, now = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: CHALLENGE.algorithm,
    cost: CHALLENGE.cost,
    counter: randomInt(CHALLENGE.counterMin, CHALLENGE.counterMax),
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: new Date(now.getTime() + LIFETIME_MS),
  });
}

/** True when the payload solves a challenge we signed, not expired, never used before. */
export async function verifyHumanCheck(db: Db, secret: string, payload: string): Promise<boolean> {
  const now = new Date();
  const store = {
    get: async () => undefined,
    set: async () => undefined,
    // Atomic in every store: one of two racing requests wins.
    setIfAbsent: (id: string) =>
      (sharedStoresOf(db)?.once ?? databaseOnceStore(db)).useOnce(id, new Date(now.getTime() + LIFETIME_MS)),
  };
  const { verify } = create({ deriveKey, hmacSignatureSecret: secret, store });
  const result = await verify(payload, deriveKey, secret, undefined, store);
  return result.error === null && Boolean(result.verification?.verified);
}

/** The embedded one-time store: the primary key decides which of two racing requests wins. */
export function databaseOnceStore(db: Db): OnceStore {
  return {
    async useOnce(id, expiresAt) {
      const first = await recordChallengeOnce(db, id, expiresAt.toISOString());
      if (Math.random() < 0.05) await forgetExpiredChallenges(db, new Date().toISOString());
      return first;
    },
  };
}
