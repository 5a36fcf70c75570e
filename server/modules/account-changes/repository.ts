import type { Db } from '../../db';
import type { AccountChangeRequestsTable } from '../../db/schema';

type Kind = AccountChangeRequestsTable['kind'];

/** A change waiting for its mailed link; the partner's earlier one of the same kind is retired. */
export async function insertChangeRequest(
  db: Db,
  row: {
    partner_id: number;
    kind: Kind;
    value: string;
    token_hash: string;
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .updateTable('account_change_requests')
    .set({ used_at: row.created_at })
    .where('partner_id', '=', row.partner_id)
    .where('kind', '=', row.kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('account_change_requests')
    .values({ ...row, used_at: null })
    .execute();
}

export function findChangeRequest(db: Db, tokenHash: string) {
  return db
    .selectFrom('account_change_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses the request once: answers whether this call did (a second click, another node, finds it used). */
export async function useChangeRequest(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('account_change_requests')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The changes still waiting for their link, by kind: what the partner's settings say is on its way. */
export function pendingChanges(db: Db, partnerId: number, at: string) {
  return db
    .selectFrom('account_change_requests')
    .select(['kind', 'value'])
    .where('partner_id', '=', partnerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}
