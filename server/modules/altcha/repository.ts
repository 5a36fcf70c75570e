import type { Db } from '../../db';

/** Records a solved challenge; false when it was already recorded (a replay). */
export async function recordChallengeOnce(db: Db, challengeId: string, expiresAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto('altcha_used')
    .values({ challenge_id: challengeId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('challenge_id').doNothing())
    .returning('challenge_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function forgetExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('altcha_used').where('expires_at', '<', now).execute();
}
