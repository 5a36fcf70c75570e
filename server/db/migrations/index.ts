// Migrations in order. Each is applied once, on start, the same on SQLite and PostgreSQL.
import type { Migration } from 'kysely';
import * as m001 from './001-foundation';
import * as m002 from './002-sessions';
import * as m003 from './003-identity';
import * as m004 from './004-sales';
import * as m005 from './005-ledger-stats';
import * as m006 from './006-webhook-rejections';
import * as m007 from './007-order-products';
import * as m008 from './008-payouts';
import * as m009 from './009-content';
import * as m010 from './010-badges';
import * as m011 from './011-messages';
import * as m012 from './012-promotions-challenges';
import * as m013 from './013-survey';
import * as m014 from './014-program-mail';
import * as m015 from './015-link-clicks';
import * as m016 from './016-store-code-sync';
import * as m017 from './017-integrations';
import * as m018 from './018-partner-admin';
import * as m020 from './020-staff-accounts';
import * as m021 from './021-audit-log-reads';
import * as m022 from './022-program-overview';
import * as m023 from './023-marketplace-import-lines';
import * as m024 from './024-staff-totp';
import * as m025 from './025-subpartners-admin';
import * as m026 from './026-partner-search';
import * as m027 from './027-money-in-the-real-world';
import * as m028 from './028-program-calendar';
import * as m029 from './029-store-connection';
import * as m031 from './031-partner-months';
import * as m032 from './032-store-app-credentials';
import * as m033 from './033-paypal-transmissions';
import * as m034 from './034-link-visitors';
import * as m035 from './035-account-changes';
import * as m036 from './036-pending-registrations';
import * as m037 from './037-notification-words';
import * as m038 from './038-real-competitors';
import * as m039 from './039-instagram-hidden-likes';
import * as m030 from './030-store-reconciliation';

export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-sessions': m002,
  '003-identity': m003,
  '004-sales': m004,
  '005-ledger-stats': m005,
  '006-webhook-rejections': m006,
  '007-order-products': m007,
  '008-payouts': m008,
  '009-content': m009,
  '010-badges': m010,
  '011-messages': m011,
  '012-promotions-challenges': m012,
  '013-survey': m013,
  '014-program-mail': m014,
  '015-link-clicks': m015,
  '016-store-code-sync': m016,
  '017-integrations': m017,
  '018-partner-admin': m018,
  '020-staff-accounts': m020,
  '021-audit-log-reads': m021,
  '022-program-overview': m022,
  '023-marketplace-import-lines': m023,
  '024-staff-totp': m024,
  '025-subpartners-admin': m025,
  '026-partner-search': m026,
  '027-money-in-the-real-world': m027,
  '028-program-calendar': m028,
  '029-store-connection': m029,
  '031-partner-months': m031,
  '032-store-app-credentials': m032,
  '033-paypal-transmissions': m033,
  '034-link-visitors': m034,
  '035-account-changes': m035,
  '036-pending-registrations': m036,
  '037-notification-words': m037,
  '038-real-competitors': m038,
  '039-instagram-hidden-likes': m039,
  '030-store-reconciliation': m030,
};
