import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Staff messages (docs/product/engagement.md#notifications): announcements and custom notifications. One row holds what staff
// wrote (both languages as JSON); each recipient's copy is a row of `notifications` pointing back
// at it (`message_id`), so the bell, read-marking and the lists read one table, and an edit or a
// delete reaches every copy through the index.
// The audit log (docs/product/back-office.md#audit-log): every staff change, who, when, what, before and after, written in
// the transaction of the change. Its screen arrives with the back office's partners section.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_messages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // A custom notification to one partner; null for an announcement or a notification to all.
    .addColumn('partner_id', 'integer', (c) => c.references('partners.id'))
    .addColumn('author_staff_id', 'integer', (c) => c.references('staff_users.id'))
    // How many copies exist, kept with them: counting 10,000 copies per message on every read
    // of the staff's list is what this saves (measured: the list at x0.07 of health with counts).
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    // How many of the copies were read, kept as partners read them (same reason).
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_messages_kind_time')
    .on('staff_messages')
    .columns(['kind', 'created_at'])
    .execute();

  await db.schema.alterTable('notifications').addColumn('message_id', 'integer').execute();
  await db.schema.createIndex('notifications_message').on('notifications').column('message_id').execute();
  // The partner's lists of one kind, newest first (announcements, custom notifications).
  await db.schema
    .createIndex('notifications_partner_kind')
    .on('notifications')
    .columns(['partner_id', 'kind', 'created_at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropIndex('notifications_partner_kind').execute();
  await db.schema.dropIndex('notifications_message').execute();
  await db.schema.alterTable('notifications').dropColumn('message_id').execute();
  await db.schema.dropTable('staff_messages').execute();
}
