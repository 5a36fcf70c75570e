import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { InstagramMediaTable, PartnerIntegrationsTable } from '../../db/schema';

export type IntegrationRow = Selectable<PartnerIntegrationsTable>;
export type Provider = PartnerIntegrationsTable['provider'];
export type NewMedia = Omit<Insertable<InstagramMediaTable>, 'id' | 'partner_id'>;

export function integrationsOfPartner(db: Db, partnerId: number): Promise<IntegrationRow[]> {
  return db.selectFrom('partner_integrations').selectAll().where('partner_id', '=', partnerId).execute();
}

export function findIntegration(
  db: Db,
  partnerId: number,
  provider: Provider,
): Promise<IntegrationRow | undefined> {
  return db
    .selectFrom('partner_integrations')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Another partner holding the same account of this provider, if any. */
export function findHolder(
  db: Db,
  provider: Provider,
  providerUserId: string,
): Promise<{ partner_id: number } | undefined> {
  return db
    .selectFrom('partner_integrations')
    .select('partner_id')
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

/** Puts the partner's account of this provider in place of any earlier one (one per provider). */
export async function replaceIntegration(
  db: Db,
  row: Omit<Insertable<PartnerIntegrationsTable>, 'id'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('partner_integrations')
      .where('partner_id', '=', row.partner_id)
      .where('provider', '=', row.provider)
      .execute();
    await trx.insertInto('partner_integrations').values(row).execute();
  });
}

export async function deleteIntegration(db: Db, partnerId: number, provider: Provider): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('partner_integrations')
      .where('partner_id', '=', partnerId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (provider === 'instagram')
      await trx.deleteFrom('instagram_media').where('partner_id', '=', partnerId).execute();
    return Number(gone.numDeletedRows) > 0;
  });
}

/**
 * Claims up to `limit` connected accounts whose sync is due (of these providers, or only the row
 * `onlyId`), for a lease: the conditions are repeated on the update so that, on PostgreSQL, a row
 * another node claimed meanwhile is left out.
 */
export function claimDueIntegrations(
  db: Db,
  now: string,
  leaseUntil: string,
  limit: number,
  only: { providers?: Provider[]; onlyId?: number } = {},
): Promise<IntegrationRow[]> {
  return db
    .updateTable('partner_integrations')
    .set({ locked_until: leaseUntil })
    .where((eb) => {
      let due = eb
        .selectFrom('partner_integrations')
        .select('id')
        .where('status', '=', 'connected')
        .where('next_sync_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]));
      if (only.onlyId !== undefined) due = due.where('id', '=', only.onlyId);
      if (only.providers) due = due.where('provider', 'in', only.providers);
      return eb('id', 'in', due.orderBy('next_sync_at').limit(limit));
    })
    .where('status', '=', 'connected')
    .where('next_sync_at', '<=', now)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
    .returningAll()
    .execute();
}

/** A refreshed token, kept while this node holds the row (the lease stays). */
export async function saveRefreshedToken(
  db: Db,
  row: IntegrationRow,
  token: Pick<IntegrationRow, 'token_sealed' | 'token_expires_at' | 'token_refreshed_at'>,
): Promise<void> {
  await db
    .updateTable('partner_integrations')
    .set(token)
    .where('id', '=', row.id)
    .where('locked_until', '=', row.locked_until)
    .execute();
}

/**
 * Writes what a sync learned (and the posts it fetched) in one transaction, only while this node
 * still holds the row it claimed: a node whose lease ran out writes nothing.
 */
export async function finishSync(
  db: Db,
  row: IntegrationRow,
  changes: Partial<Omit<IntegrationRow, 'id' | 'partner_id' | 'provider'>>,
  posts?: NewMedia[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('partner_integrations')
      .set({ ...changes, locked_until: null })
      .where('id', '=', row.id)
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (posts) await replaceMedia(trx, row.partner_id, posts);
    return true;
  });
}

/** The fetched posts replace the ones kept: a post deleted on Instagram leaves the widget too. */
export async function replaceMedia(db: Db, partnerId: number, posts: NewMedia[]): Promise<void> {
  await db.deleteFrom('instagram_media').where('partner_id', '=', partnerId).execute();
  for (let i = 0; i < posts.length; i += 100) {
    await db
      .insertInto('instagram_media')
      .values(posts.slice(i, i + 100).map((post) => ({ ...post, partner_id: partnerId })))
      .execute();
  }
}

export function mediaOf(db: Db, partnerId: number) {
  return db
    .selectFrom('instagram_media')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .orderBy('posted_at', 'desc')
    .execute();
}
