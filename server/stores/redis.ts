// The shared stores in Redis (REDIS_URL, decisions/043). Each operation is one atomic command or
// one Lua script, so nodes racing on the same key see each other: a script runs alone on the
// server. Every key expires by itself, so nothing needs sweeping.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import type { SharedStores } from './index';

/**
 * A store that cannot be reached refuses the request rather than letting it through uncounted;
 * the visitor gets 503 (try again) with an error id, never a bare 500, and the log keeps the cause.
 */
async function reach<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw Object.assign(new AppError(503, 'unavailable'), { cause: error });
  }
}

/**
 * A sliding window per bucket: a sorted set of attempts scored by time. The script drops what left
 * the window, refuses when any bucket is full, and otherwise adds the attempt to every bucket.
 * KEYS: the buckets. ARGV: now (ms), window (ms), limit, the attempt's member.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
end
return 1
`;

/** `prefix` keeps the portal's keys apart from anything else in that Redis (tests use their own). */
export function createRedisStores(redis: Redis, prefix = 'pp:'): SharedStores {
  const rateKey = (bucket: string) => `${prefix}rate:${bucket}`;
  return {
    rate: {
      async reserve(buckets, rule, now) {
        const keys = [...new Set(buckets)].map(rateKey);
        if (keys.length === 0) return { release: async () => undefined };
        const member = `${now.getTime()}:${randomUUID()}`;
        const granted = await reach(() =>
          redis.eval(RESERVE, keys.length, ...keys, now.getTime(), rule.windowMs, rule.limit, member),
        );
        if (Number(granted) !== 1) return null;
        return {
          async release() {
            await reach(() => Promise.all(keys.map((key) => redis.zrem(key, member))));
          },
        };
      },
      async clear(bucket) {
        await reach(() => redis.del(rateKey(bucket)));
      },
    },
    once: {
      async useOnce(id, expiresAt) {
        const ttl = Math.max(1, expiresAt.getTime() - Date.now());
        return (await reach(() => redis.set(`${prefix}once:${id}`, '1', 'PX', ttl, 'NX'))) === 'OK';
      },
    },
    states: {
      async put(purpose, tokenHash, subjectId, expiresAt) {
        const ttl = Math.max(1, expiresAt.getTime() - Date.now());
        await reach(() => redis.set(`${prefix}state:${purpose}:${tokenHash}`, String(subjectId), 'PX', ttl));
      },
      async take(purpose, tokenHash) {
        // GETDEL: read and removed in one command, so two callbacks with one state get it once.
        const value = await reach(() => redis.getdel(`${prefix}state:${purpose}:${tokenHash}`));
        return value === null ? null : Number(value);
      },
    },
  };
}
