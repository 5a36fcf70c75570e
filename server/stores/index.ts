// The short-lived stores every node must share (docs/product/system.md#parts-of-the-system, decisions/043): the attempt counts
// of throttles, the one-time uses (a solved human check), and OAuth states. Each kind is one small
// interface with two implementations: the database's (the embedded default, already shared by
// the nodes of one PostgreSQL database) in its module's service, and Redis's (stores/redis.ts),
// used when REDIS_URL is set. The app binds the Redis ones to its database handle at start.

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** Attempts counted per bucket (an e-mail, an IP) in a sliding window. */
export interface RateStore {
  /**
   * Counts one attempt in every bucket, unless one of them already holds `limit` attempts inside
   * the window: then nothing is counted and the answer is null. Atomic: attempts made at once, on
   * any node, cannot pass the limit together. The answer takes the attempt back.
   */
  reserve(buckets: string[], rule: ThrottleRule, now: Date): Promise<{ release(): Promise<void> } | null>;
  /** Forgets every attempt of a bucket (a sign-in that succeeded). */
  clear(bucket: string): Promise<void>;
}

/** Things that may be used once only until they expire (a solved challenge). */
export interface OnceStore {
  /** True the first time `id` is used; false for every later use before `expiresAt`. Atomic. */
  useOnce(id: string, expiresAt: Date): Promise<boolean>;
}

/** OAuth states: put once, taken at most once (the callback), gone when they expire. */
export interface StateStore {
  put(purpose: string, tokenHash: string, subjectId: number, expiresAt: Date): Promise<void>;
  /** The subject the state was put for, or null (unknown, expired, or already taken). Atomic. */
  take(purpose: string, tokenHash: string, now: Date): Promise<number | null>;
}

export interface SharedStores {
  rate: RateStore;
  once: OnceStore;
  states: StateStore;
}

// Bound to the database handle the app serves, not to the process: each test builds its own app
// on its own database (context.ts), and services already receive that handle. Every caller of
// the stores passes the app's handle (never a transaction), so the lookup finds the binding.
const bound = new WeakMap<object, SharedStores>();

export function bindSharedStores(db: object, stores: SharedStores): () => void {
  bound.set(db, stores);
  return () => {
    if (bound.get(db) === stores) bound.delete(db);
  };
}

/** The Redis stores when the app runs with REDIS_URL; undefined means the database's own. */
export function sharedStoresOf(db: object): SharedStores | undefined {
  return bound.get(db);
}
