// The database probe of `GET /api/health`: the cheapest statement that proves the database answers.
import { sql } from 'kysely';
import type { Db } from '../../db';

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
