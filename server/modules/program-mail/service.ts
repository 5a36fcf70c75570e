// Program mail (docs/product/engagement.md#mail-a-partner-receives): the hourly sale digest, announcements, monthly promos and
// challenges, each with an unsubscribe link and the one-click `List-Unsubscribe` of RFC 8058.
// Transactional mail has no switch and no link: verification and password reset are sent by the
// request that asks for them, after its writes; the payout status mail goes through this outbox
// too (queued by the payout's job, in its transaction: nothing is sent inside a transaction,
// decisions/047), with neither switch nor link, as do the notices of account changes and the
// welcome mail (docs/product/partners-and-accounts.md#welcome-mail).
//
// Mail is written to an outbox in the database first, one row per mail, made once (its key), and
// sent from there by every node in turn: a claimed row is sent, then marked; an SMTP server that
// refuses leaves it for later (backing off to every half hour), never drops it. A node that dies
// between sending and marking sends that one mail again after the lease: at least once, not lost.
//
// A mail is written in the partner's language when it is sent, not when it is queued, so a
// partner who switches a kind off meanwhile gets none, and an edited announcement goes out edited.
// Each row goes out with its own Message-ID, the same at every attempt: a mail sent again after a
// crash between the SMTP server's accept and the marking is recognisably the same message.
import { randomBytes } from 'node:crypto';
import type { Locale } from '../../../common/i18n';
import { isLocale } from '../../../common/i18n';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { statusLabelKey } from '../../../common/statuses';
import type { MailKind, PayoutStatus } from '../../db/schema';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';
import {
  accountChangeMail,
  mailWords,
  payoutStatusMail,
  programMail,
  welcomeMail,
  type AccountChange,
  type Unsubscribe,
} from '../../integrations/mail/templates';
import { hashToken } from '../../credentials/tokens';
import { invalid, notFound } from '../../errors';
import { i18n, sayKey } from '../../i18n';
import type { BilingualContent } from '../../plugins/bilingual';
import { versionFor } from '../../plugins/bilingual';
import { formatMoney } from '../notifications/service';
import { partnerLinks } from '../links/service';
import { promoCodesOf } from '../promo-codes/service';
import { insertSettingOnce, replaceSetting } from '../settings/service';
import {
  MAIL_KINDS,
  announcementCopy,
  changedAccountEmail,
  challengeRow,
  claimDueMail,
  claimUnmailed,
  digestSales,
  findToken,
  finishMail,
  insertToken,
  promotionRow,
  queueAnnouncement,
  queueDigests,
  queueToReaders,
  queueTransactional,
  recipient,
  releaseMail,
  retryMail,
  saveSwitches,
  switchesOf,
  unmailedAnnouncements,
  unmailedChallenges,
  unmailedPromotions,
  type OutboxRow,
  type Switches,
} from './repository';
import { readProgramCurrency } from '../settings';

export { MAIL_KINDS, type Switches };

// ---- Switches: the partner's settings, and the unsubscribe page's token.

export const mailSwitches = (db: Db, partnerId: number) => switchesOf(db, partnerId);

export async function setMailSwitches(
  db: Db,
  partnerId: number,
  changes: Partial<Switches>,
): Promise<Switches> {
  await saveSwitches(db, partnerId, changes, nowIso());
  return switchesOf(db, partnerId);
}

async function tokenHolder(db: Db, token: string) {
  const found = await findToken(db, hashToken(token));
  if (!found) throw notFound('wrong_link');
  return found;
}

/** Switches off the kind of mail the token came with; answers it and every switch now. */
export async function unsubscribe(db: Db, token: string): Promise<{ kind: MailKind; switches: Switches }> {
  const { partner_id, kind } = await tokenHolder(db, token);
  return { kind, switches: await setMailSwitches(db, partner_id, { [kind]: false }) };
}

/** The unsubscribe page's undo and other switches: the token stands for the partner's sign-in. */
export async function setSwitchesByToken(
  db: Db,
  token: string,
  changes: Partial<Switches>,
): Promise<{ kind: MailKind; switches: Switches }> {
  const { partner_id, kind } = await tokenHolder(db, token);
  if (Object.keys(changes).length === 0) throw invalid({ switches: [sayKey('wrong_value')] });
  return { kind, switches: await setMailSwitches(db, partner_id, changes) };
}

// ---- Queueing: the digest's windows, and content not mailed yet.

const DIGEST_MARK = 'mail_digest_through';

/** Sales are reported by window of `periodMs` (an hour); a window is closed `graceMs` after its end. */
export interface DigestClock {
  periodMs: number;
  graceMs: number;
}

export const digestClock = (periodSeconds: number): DigestClock => ({
  periodMs: periodSeconds * 1000,
  graceMs: Math.min(120_000, periodSeconds * 200),
});

/**
 * Queues the digests of every window closed since the last run, as one window (after a pause,
 * one digest covers it all: at most one a window). The mark moves from the last end to the new
 * one under a condition, so of several nodes exactly one queues each window.
 */
export async function queueSaleDigests(db: Db, clock: DigestClock, now = new Date()): Promise<number> {
  const end = new Date(
    Math.floor((now.getTime() - clock.graceMs) / clock.periodMs) * clock.periodMs,
  ).toISOString();
  // The first run starts the count from now: sales from before program mail are not news.
  const from = await insertSettingOnce(db, DIGEST_MARK, end);
  if (from >= end) return 0;
  return db.transaction().execute(async (trx) => {
    if (!(await replaceSetting(trx, DIGEST_MARK, from, end))) return 0;
    return queueDigests(trx, from, end, nowIso(now));
  });
}

const languagesOf = (content: string) => {
  const parsed = JSON.parse(content) as BilingualContent;
  return { en: Boolean(parsed.en), fr: Boolean(parsed.fr) };
};

/** Puts each announcement, promo (once it starts) and challenge (once its month comes) in the outbox, once. */
export async function queueProgramNews(db: Db, now = new Date()): Promise<number> {
  const at = nowIso(now);
  const day = at.slice(0, 10);
  const month = at.slice(0, 7);
  let queued = 0;
  const once = async (
    table: 'staff_messages' | 'promotions' | 'challenges',
    id: number,
    fanOut: (trx: Db) => Promise<number>,
  ) => {
    queued += await db
      .transaction()
      .execute(async (trx) => ((await claimUnmailed(trx, table, id, at)) ? fanOut(trx) : 0));
  };
  for (const { id } of await unmailedAnnouncements(db))
    await once('staff_messages', id, (trx) => queueAnnouncement(trx, id, at));
  for (const promo of await unmailedPromotions(db, day))
    // A promo that ended before it could be mailed is not news any more.
    await once('promotions', promo.id, (trx) =>
      promo.ends_on < day
        ? Promise.resolve(0)
        : queueToReaders(trx, 'promotions', promo.id, languagesOf(promo.content), at),
    );
  for (const challenge of await unmailedChallenges(db, month))
    await once('challenges', challenge.id, (trx) =>
      challenge.month < month
        ? Promise.resolve(0)
        : queueToReaders(trx, 'challenges', challenge.id, languagesOf(challenge.content), at),
    );
  return queued;
}

// ---- Transactional mail through the outbox.

/**
 * What the payout status mail says, fixed when it is queued: the facts of one payout event (its
 * status, the payout's amount and PayPal address, staff's reason for the partner), never words.
 * Stored in the row rather than read again at sending time because they are history that does not
 * change (the event and those columns of the payout are written once), because the rules of what
 * the partner is told (which reason, which event is news) stay with the payouts module that
 * decides them, and because the send round then reads no payout tables. The words are written at
 * sending time, in the partner's language then, as every outbox mail's are.
 */
export interface PayoutStatusFacts {
  status: PayoutStatus;
  amount_cents: number;
  currency: string;
  paypal_email: string;
  /** Staff's reason, for the partner; null when there is none to tell. */
  reason: string | null;
}

/**
 * Queues the partner's mail about one payout event, in the caller's transaction (the payout's
 * job): sent by the send round once that commits; once per event whatever the retries.
 */
export function queuePayoutStatusMail(
  trx: Db,
  partnerId: number,
  eventId: number,
  facts: PayoutStatusFacts,
  now = new Date(),
): Promise<boolean> {
  return queueTransactional(
    trx,
    {
      partner_id: partnerId,
      kind: 'payout_status',
      ref_id: eventId,
      payload: JSON.stringify(facts),
      dedupe_key: `payout_status:${eventId}`,
    },
    nowIso(now),
  );
}

/**
 * A partner's own change of their PayPal e-mail, account e-mail or password, or a new social
 * sign-in (docs/decisions/063-account-changes.md): the notice goes through the outbox in the
 * change's transaction, so a change is never made without its mail. `to` is the address it goes
 * to when not the account's current one (the old address, after a change of the account e-mail).
 */
export interface AccountChangeFacts {
  kind: AccountChange;
  value?: string;
  provider?: string;
  hold?: boolean;
  to?: string;
}

export function queueAccountChangeMail(
  trx: Db,
  partnerId: number,
  changeId: string,
  facts: AccountChangeFacts,
  now = new Date(),
): Promise<boolean> {
  return queueTransactional(
    trx,
    {
      partner_id: partnerId,
      kind: 'account_change',
      ref_id: null,
      payload: JSON.stringify(facts),
      dedupe_key: `account_change:${changeId}`,
    },
    nowIso(now),
  );
}

/**
 * The welcome mail (docs/product/partners-and-accounts.md#welcome-mail), queued in the caller's
 * transaction when an address is verified for the first time: once per partner whatever the
 * verifications and retries (its key names the partner alone), and not at all when the address
 * verified is a new one after a change of the account e-mail (that partner was welcomed, or was a
 * member before the welcome mail existed). Answers whether this call queued it.
 */
export async function queueWelcomeMail(trx: Db, partnerId: number, now = new Date()): Promise<boolean> {
  if (await changedAccountEmail(trx, partnerId)) return false;
  return queueTransactional(
    trx,
    {
      partner_id: partnerId,
      kind: 'welcome',
      ref_id: null,
      payload: null,
      dedupe_key: `welcome:${partnerId}`,
    },
    nowIso(now),
  );
}

/** The welcome's code and short link are read when it is sent: a code staff changed meanwhile is the one told. */
async function welcomeMessage(
  db: Db,
  deps: MailDeps,
  row: OutboxRow,
  to: { email: string; firstName: string; locale: Locale },
): Promise<MailMessage> {
  const code = (await promoCodesOf(db, row.partner_id))[0]?.code;
  const { short_url: shortUrl } = partnerLinks(deps.publicUrl, code);
  const base = deps.publicUrl.replace(/\/+$/, '');
  return welcomeMail(to, {
    code: code ?? null,
    shortUrl,
    urls: {
      dashboard: `${base}/account/`,
      guide: `${base}/account/crafting_perfect_post`,
      share: `${base}/account/affiliate_links`,
      cashout: `${base}/account/cashout`,
      faq: `${base}/account/faq`,
    },
  });
}

function accountChangeMessage(
  deps: MailDeps,
  row: OutboxRow,
  to: { email: string; firstName: string; locale: Locale },
): MailMessage {
  const { to: address, ...change } = JSON.parse(row.payload ?? '{}') as AccountChangeFacts;
  return accountChangeMail(
    { ...to, email: address ?? to.email },
    change,
    `${deps.publicUrl}/account/profile`,
  );
}

function payoutStatusMessage(
  deps: MailDeps,
  row: OutboxRow,
  to: { email: string; firstName: string; locale: Locale },
): MailMessage {
  const facts = JSON.parse(row.payload ?? '{}') as PayoutStatusFacts;
  const lng = to.locale;
  return payoutStatusMail(
    to,
    {
      amount: formatMoney(facts.amount_cents, lng, facts.currency),
      statusLabel: i18n.t(statusLabelKey(facts.status), { lng }),
      paid: facts.status === 'PAID',
      paypalEmail: facts.paypal_email,
      reason: facts.reason,
    },
    `${deps.publicUrl}/account/cashout`,
  );
}

// ---- Sending.

export interface MailDeps {
  mailer: Mailer;
  publicUrl: string;
}

const LEASE_MS = 5 * 60_000;
/** A node stops sending its claim this long before the lease ends: another node may take it then. */
const LEASE_MARGIN_MS = 60_000;
const SEND_BATCH = 25;
/** Backs off 30 s, 1 min, 2 min, ... up to every half hour, and never gives up. */
const retryDelay = (attempts: number) => Math.min(30 * 60_000, 30_000 * 2 ** Math.min(attempts - 1, 10));

/** Longest a node's round of sending goes on: the scheduler's other work waits behind it. */
const ROUND_MS = 2000;

/** Sends due mail for at most ROUND_MS (then hands the rest of its claim back). */
export async function sendMailRound(
  db: Db,
  deps: MailDeps,
  log: { error(obj: object, msg: string): void },
): Promise<number> {
  const deadline = Date.now() + ROUND_MS;
  let total = 0;
  for (;;) {
    const { handled, sent } = await sendDueMail(db, deps, log, new Date(), deadline);
    total += sent;
    if (handled < SEND_BATCH || Date.now() > deadline) return total;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends one batch of due mail; answers how many rows it finished and how many mails went out.
 * Every change to a claimed row names the claim, so a node whose lease ran out changes nothing
 * another node holds now. It stops at `deadline` (or near the lease's end), handing the rest back.
 */
export async function sendDueMail(
  db: Db,
  deps: MailDeps,
  log: { error(obj: object, msg: string): void },
  now = new Date(),
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ handled: number; sent: number }> {
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const claimed = await claimDueMail(db, nowIso(now), lease, SEND_BATCH);
  const stopAt = Math.min(deadline, Date.now() + LEASE_MS - LEASE_MARGIN_MS);
  const retryAt = (row: OutboxRow) => new Date(now.getTime() + retryDelay(row.attempts)).toISOString();
  let handled = 0;
  let sent = 0;
  for (const [index, row] of claimed.entries()) {
    if (Date.now() > stopAt) {
      await releaseMail(
        db,
        claimed.slice(index).map((r) => r.id),
        lease,
      );
      break;
    }
    let message: MailMessage | 'unsubscribed' | 'gone';
    try {
      message = await compose(db, deps, row, now);
    } catch (error) {
      // A mail that cannot be written now (the database) waits like one the server refused.
      log.error(
        { err: error, mail: row.id, kind: row.kind },
        'program mail could not be written; it will be retried',
      );
      await retryMail(db, row.id, lease, retryAt(row), messageOf(error));
      continue;
    }
    if (typeof message === 'string') {
      await finishMail(db, row.id, lease, message, nowIso());
      handled++;
      continue;
    }
    let messageId: string;
    try {
      ({ messageId } = await deps.mailer.send({
        ...message,
        messageId: outboxMessageId(row, deps.publicUrl),
      }));
    } catch (error) {
      if (refusedForGood(error)) {
        // Refused for good (no such mailbox, a policy): asking again would not change the answer
        // and hurts the program's standing with mail providers. Kept with the answer for staff.
        log.error(
          { err: error, mail: row.id, kind: row.kind },
          'the SMTP server rejected program mail for good',
        );
        await finishMail(db, row.id, lease, 'rejected', nowIso(), null, messageOf(error));
        handled++;
        continue;
      }
      log.error(
        { err: error, mail: row.id, kind: row.kind, attempts: row.attempts },
        'the SMTP server refused program mail; it will be retried',
      );
      await retryMail(db, row.id, lease, retryAt(row), messageOf(error));
      // The server is down or busy: the rest of the batch waits for the next round.
      await releaseMail(
        db,
        claimed.slice(index + 1).map((r) => r.id),
        lease,
      );
      break;
    }
    sent++;
    handled++;
    try {
      await finishMail(db, row.id, lease, 'sent', nowIso(), messageId);
    } catch (error) {
      // Sent, but not marked: the row stays claimed and goes again after its lease (at least
      // once). Retrying it now would send it twice for certain.
      log.error(
        { err: error, mail: row.id, kind: row.kind },
        'program mail was sent but could not be marked sent',
      );
    }
  }
  return { handled, sent };
}

/** The SMTP commands that carry one mail: a 5xx answer to one of them is about this mail alone. */
const MESSAGE_COMMANDS = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

/**
 * Whether the SMTP server refused this mail for good: a permanent (5xx) answer to the commands of
 * the mail itself (no such mailbox, a policy about the message). A 5xx anywhere else (the sign-in
 * refused after a password change, a greeting that turns the connection away) says nothing about
 * the mail: it waits and is tried again like a server that is down, so that no mail, a payout's
 * above all, is dropped for a fault of the connection.
 */
export function refusedForGood(error: unknown): boolean {
  const { responseCode, command, code } = (error ?? {}) as {
    responseCode?: unknown;
    command?: unknown;
    code?: unknown;
  };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600) return false;
  return (
    code === 'EENVELOPE' ||
    code === 'EMESSAGE' ||
    (typeof command === 'string' && MESSAGE_COMMANDS.has(command.toUpperCase()))
  );
}

async function compose(
  db: Db,
  deps: MailDeps,
  row: OutboxRow,
  now: Date,
): Promise<MailMessage | 'unsubscribed' | 'gone'> {
  const partner = await recipient(db, row.partner_id);
  if (!partner) return 'gone';
  const locale: Locale = isLocale(partner.locale) ? partner.locale : 'en';
  const to = { email: partner.email, firstName: partner.first_name, locale };
  const kind = row.kind;
  // Transactional mail is always sent (docs/product/engagement.md#mail-a-partner-receives): no switch decides it and it carries no
  // unsubscribe link. Like the mail the job sent before the outbox, it does not ask whether the
  // address is verified (cash-out already required it).
  if (kind === 'payout_status') return payoutStatusMessage(deps, row, to);
  if (kind === 'account_change') return accountChangeMessage(deps, row, to);
  // The welcome is a service mail too, but about the address just verified: one unverified again
  // meanwhile (a new account e-mail) is not welcomed.
  if (partner.verified !== 1) return 'gone';
  if (kind === 'welcome') return welcomeMessage(db, deps, row, to);
  if (!(await switchesOf(db, row.partner_id))[kind]) return 'unsubscribed';
  const words = await wordsFor(db, deps, row, kind, locale);
  if (!words) return 'gone';
  const token = randomBytes(32).toString('base64url');
  await insertToken(db, {
    token_hash: hashToken(token),
    partner_id: row.partner_id,
    kind,
    created_at: nowIso(now),
  });
  const { t } = mailWords(locale);
  const unsubscribe: Unsubscribe = {
    pageUrl: `${deps.publicUrl}/unsubscribe?token=${token}`,
    oneClickUrl: `${deps.publicUrl}/api/unsubscribe?token=${token}`,
    settingsUrl: `${deps.publicUrl}/account/profile#mail`,
    what: t(`program.kinds.${kind}`),
  };
  return programMail(to, { ...words, unsubscribe });
}

/**
 * The Message-ID of an outbox row: the same at every attempt (the row's id, and its creation time
 * so that another database's row of the same id is another message), at the portal's host.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'created_at'>, publicUrl: string): string {
  const created = Date.parse(row.created_at);
  return `<outbox-${row.id}.${Number.isNaN(created) ? '0' : created.toString(36)}@${new URL(publicUrl).hostname}>`;
}

interface Words {
  subject: string;
  paragraphs: string[];
  after?: string[];
  action: { label: string; url: string };
}

/** Most sales a digest lists one by one; the rest are counted. */
const DIGEST_LINES = 20;

async function wordsFor(
  db: Db,
  deps: MailDeps,
  row: OutboxRow,
  kind: MailKind,
  locale: Locale,
): Promise<Words | undefined> {
  const { t } = mailWords(locale);
  const dashboard = `${deps.publicUrl}/account/`;
  const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  switch (kind) {
    case 'sales_digest': {
      const { from, to } = JSON.parse(row.payload ?? '{}') as { from: string; to: string };
      const sales = await digestSales(db, row.partner_id, from, to);
      if (sales.length === 0) return undefined;
      const currency = await readProgramCurrency(db);
      const money = (cents: number) => formatMoney(cents, locale, currency);
      const commission = money(sales.reduce((sum, s) => sum + (s.amount_cents ?? 0), 0));
      // Hours in UTC, said so: a digest's window is the same for every partner.
      const format = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      });
      const time = { format: (d: Date) => `${format.format(d)} UTC` };
      const count = sales.length;
      return {
        subject: t('sales_digest.subject', { count, commission }),
        paragraphs: [
          t('sales_digest.intro', {
            count,
            from: time.format(new Date(from)),
            to: time.format(new Date(to)),
          }),
          ...sales.slice(0, DIGEST_LINES).map((s) =>
            t('sales_digest.line', {
              order: s.order_number,
              product:
                s.first_product === null
                  ? ''
                  : s.product_count > 1
                    ? `${s.first_product} +${s.product_count - 1}`
                    : s.first_product,
              commission: money(s.amount_cents ?? 0),
            }),
          ),
          ...(count > DIGEST_LINES ? [t('sales_digest.more', { count: count - DIGEST_LINES })] : []),
        ],
        after: [t('sales_digest.pending')],
        action: { label: t('sales_digest.action'), url: `${deps.publicUrl}/account/sales` },
      };
    }
    case 'announcements': {
      const copy = await announcementCopy(db, row.partner_id, row.ref_id!);
      if (!copy) return undefined;
      return {
        subject: copy.title,
        paragraphs: lines(copy.body),
        action: { label: t('announcement.action'), url: dashboard },
      };
    }
    case 'promotions': {
      const promo = await promotionRow(db, row.ref_id!);
      const text = promo && versionFor(JSON.parse(promo.content) as BilingualContent, locale);
      if (!promo || !text) return undefined;
      const day = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      });
      return {
        subject: t('promotion.subject', { title: text.title }),
        paragraphs: [
          ...lines(text.body),
          t('promotion.dates', {
            from: day.format(new Date(promo.starts_on)),
            to: day.format(new Date(promo.ends_on)),
          }),
        ],
        action: { label: t('promotion.action'), url: dashboard },
      };
    }
    case 'challenges': {
      const challenge = await challengeRow(db, row.ref_id!);
      const text = challenge && versionFor(JSON.parse(challenge.content) as BilingualContent, locale);
      if (!challenge || !text) return undefined;
      const currency = await readProgramCurrency(db);
      const month = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${challenge.month}-01T00:00:00Z`));
      const goal =
        challenge.metric === 'sales_count'
          ? t('challenge.goal_count', { target: challenge.target, month })
          : t('challenge.goal_amount', { target: formatMoney(challenge.target, locale, currency), month });
      const amount =
        challenge.reward_kind === 'voucher' && challenge.reward_voucher_type === 'percent'
          ? new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-US', {
              style: 'percent',
              maximumFractionDigits: 2,
            }).format(challenge.reward_amount / 10_000)
          : formatMoney(challenge.reward_amount, locale, currency);
      return {
        subject: t('challenge.subject', { title: text.title }),
        paragraphs: [
          ...lines(text.body),
          goal,
          t(challenge.reward_kind === 'bonus' ? 'challenge.reward_bonus' : 'challenge.reward_voucher', {
            amount,
          }),
        ],
        action: { label: t('challenge.action'), url: dashboard },
      };
    }
  }
}
