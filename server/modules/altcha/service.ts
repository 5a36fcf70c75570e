// The human check of registration (decisions §4): a self-hosted ALTCHA proof-of-work. The
// server signs each challenge; a solution is accepted once, recorded in the database so that
// every server node refuses its replay.
import { createChallenge, randomInt } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create } from 'altcha-lib/frameworks/fastify';
import type { Db } from '../../db';
import { forgetExpiredChallenges, recordChallengeOnce } from './repository';

/** Work a browser does in about a second; a bot pays it for every registration. */
export const CHALLENGE = { algorithm: 'PBKDF2/SHA-256', cost: 1_000, counterMin: 1_000, counterMax: 6_000 } as const;
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
    // Atomic on both databases: the primary key decides which of two racing requests wins.
    setIfAbsent: (id: string) => recordChallengeOnce(db, id, new Date(now.getTime() + LIFETIME_MS).toISOString()),
  };
  const { verify } = create({ deriveKey, hmacSignatureSecret: secret, store });
  const result = await verify(payload, deriveKey, secret, undefined, store);
  if (Math.random() < 0.05) await forgetExpiredChallenges(db, now.toISOString());
  return result.error === null && Boolean(result.verification?.verified);
}
