import type { Db } from '../../db';
import type { Subpartner } from '../../db/schema';

export function findActiveSubpartner(db: Db, slug: string): Promise<Subpartner | undefined> {
  return db
    .selectFrom('subpartners')
    .selectAll()
    .where('slug', '=', slug)
    .where('active', '=', 1)
    .executeTakeFirst();
}
