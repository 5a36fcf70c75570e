// Single-use tokens (docs/product/partners-and-accounts.md#sign-in-and-sessions): the links mailed to partners (address verification, password
// reset) and the OAuth states of social sign-in and of connecting an account. Each is stored only
// as a hash and used at most once; the mailed links are rows of one_time_tokens, the OAuth states
// live where the other shared stores do (server/stores/index.ts).
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { hashToken, newToken } from '../../credentials/tokens';
import { sharedStoresOf } from '../../stores';
import type { StateStore } from '../../stores';
import type { OneTimePurpose } from './repository';
import { findOneTimeToken, insertOneTimeToken, useOneTimeToken } from './repository';

export type { OneTimePurpose };
// The links' own checks (expired, used, whose) are their flows' (accounts): they read the row.
export { findOneTimeToken, insertUsedOneTimeToken, retireOneTimeTokens, useOneTimeToken } from './repository';

/** A single-use random token for `purpose`, stored hashed; answers the token itself. */
export async function issueOneTimeToken(
  db: Db,
  purpose: OneTimePurpose,
  subjectId: number,
  lifetimeMs: number,
  now = new Date(),
  binding?: string,
) {
  const { token } = newToken();
  await stateStoreOf(db, purpose).put(
    purpose,
    boundHash(token, binding),
    subjectId,
    new Date(now.getTime() + lifetimeMs),
  );
  return token;
}

/**
 * An OAuth state is stored under the hash of itself and the nonce of the browser tab that asked
 * for it (docs/decisions/062-sign-in-bound-to-the-browser.md): the state alone, sent to someone
 * else's browser, finds nothing.
 */
const boundHash = (token: string, binding: string | undefined) =>
  hashToken(binding === undefined ? token : `${token}.${binding}`);

/**
 * OAuth states live ten minutes and are shared state (docs/product/system.md#parts-of-the-system): in Redis with REDIS_URL. The
 * links mailed to partners (verification, reset) are records that must outlive a Redis restart:
 * always in the database.
 */
function stateStoreOf(db: Db, purpose: OneTimePurpose): StateStore {
  const redis = /^(oauth|connect)_/.test(purpose) ? sharedStoresOf(db)?.states : undefined;
  return redis ?? databaseStateStore(db);
}

/** The embedded state store: the one_time_tokens table, used once by a conditional update. */
export function databaseStateStore(db: Db): StateStore {
  return {
    async put(purpose, tokenHash, subjectId, expiresAt) {
      await insertOneTimeToken(db, {
        purpose: purpose as OneTimePurpose,
        subject_id: subjectId,
        token_hash: tokenHash,
        created_at: nowIso(),
        expires_at: expiresAt.toISOString(),
      });
    },
    async take(purpose, tokenHash, now) {
      const row = await findOneTimeToken(db, purpose as OneTimePurpose, tokenHash);
      if (!row || row.used_at || row.expires_at <= nowIso(now)) return null;
      return (await useOneTimeToken(db, row.id, nowIso(now))) ? row.subject_id : null;
    },
  };
}

/** Uses a token once: its subject when it was issued for `purpose`, unused and unexpired. */
export async function consumeOneTimeToken(
  db: Db,
  purpose: OneTimePurpose,
  token: string,
  now = new Date(),
  binding?: string,
): Promise<number | null> {
  return stateStoreOf(db, purpose).take(purpose, boundHash(token, binding), now);
}
