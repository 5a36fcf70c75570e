// The benchmark's ledger: partners with a promo code each, then store orders written directly
// (one line item, one sale earning and its history event each), spread over the last 12 months.
// Only for a database the benchmark owns: it writes with synchronous=OFF.
import Database from 'better-sqlite3';

export const PARTNERS = 10_000;
const DAY = 86_400_000;

export function seedPartners(file: string, passwordHash: string) {
  const db = new Database(file);
  const now = new Date().toISOString();
  const partner = db.prepare(
    `INSERT INTO partners (uuid, email, password_hash, first_name, last_name, verified, locale, accepted_terms, created_at, updated_at, referral_commission_amount, referral_comission_type, contact_form_filled)
     VALUES (?, ?, ?, ?, ?, 1, 'en', 1, ?, ?, 5, 'percent', 0)`,
  );
  const code = db.prepare(
    'INSERT INTO promo_codes (partner_id, code, value_bp, commission_rate_bp, created_at) VALUES (?, ?, 1500, 1000, ?)',
  );
  db.transaction(() => {
    for (let i = 1; i <= PARTNERS; i++) {
      const { lastInsertRowid } = partner.run(
        crypto.randomUUID(),
        `bench${i}@example.com`,
        passwordHash,
        'Bench',
        `Partner ${i}`,
        now,
        now,
      );
      code.run(lastInsertRowid, `BENCH${i}`, now);
    }
  })();
  db.close();
}

/** Adds store orders (one item, one sale earning with its event) until the ledger holds `total`. */
export function growOrders(file: string, from: number, total: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // seeding only; the portal itself runs with FULL
  const order = db.prepare(
    `INSERT INTO orders (shopify_order_id, order_number, partner_id, discount_code, currency, subtotal_cents, total_cents, refunded_cents, country_code, geo, status, placed_at, paid_at, created_at, updated_at, first_product, product_count)
     VALUES (?, ?, ?, ?, 'USD', ?, ?, 0, ?, ?, 'paid', ?, ?, ?, ?, 'ACV Gummies', 1)`,
  );
  const item = db.prepare(
    'INSERT INTO order_items (order_id, line_item_id, product, sku, quantity, price_cents) VALUES (?, ?, ?, NULL, 1, ?)',
  );
  const earning = db.prepare(
    `INSERT INTO earnings (partner_id, kind, source_key, order_id, base_cents, rate_bp, amount_cents, status, hold_until, created_at, updated_at)
     VALUES (?, 'sale', ?, ?, ?, 1000, ?, ?, ?, ?, ?)`,
  );
  const event = db.prepare(
    `INSERT INTO earning_events (earning_id, at, from_status, to_status, amount_before_cents, amount_after_cents, reason, actor) VALUES (?, ?, NULL, ?, NULL, ?, 'bench', 'bench')`,
  );
  const now = Date.now();
  const regions = ['CA', 'US', 'FR'] as const;
  const chunk = 50_000;
  for (let start = from; start < total; start += chunk) {
    db.transaction(() => {
      for (let n = start; n < Math.min(total, start + chunk); n++) {
        const partnerId = 1 + (n % PARTNERS);
        const placed = new Date(now - ((n * 7919) % 365) * DAY - (n % 86_400) * 1000).toISOString();
        const subtotal = 2000 + ((n * 37) % 8000);
        const country = regions[n % 3]!;
        const { lastInsertRowid: orderId } = order.run(
          `b${n}`,
          `#B${n}`,
          partnerId,
          `BENCH${partnerId}`,
          subtotal,
          subtotal + 800,
          country,
          country === 'FR' ? 'OTHER' : country,
          placed,
          placed,
          placed,
          placed,
        );
        item.run(orderId, `li${n}`, 'ACV Gummies', subtotal);
        const matured = now - Date.parse(placed) > 30 * DAY;
        const { lastInsertRowid: earningId } = earning.run(
          partnerId,
          `order:${orderId}`,
          orderId,
          subtotal,
          Math.round(subtotal / 10),
          matured ? 'APPROVED' : 'PENDING',
          new Date(Date.parse(placed) + 30 * DAY).toISOString(),
          placed,
          placed,
        );
        event.run(earningId, placed, matured ? 'APPROVED' : 'PENDING', Math.round(subtotal / 10));
      }
    })();
  }
  db.close();
}

/**
 * Partners ready to cash out a large balance: each with a verified e-mail, a PayPal e-mail and
 * `earnings` approved sale earnings (their orders placed 2 to 14 months ago). Answers their ids.
 */
export function seedPayoutPartners(
  file: string,
  tag: string,
  count: number,
  earnings: number,
  passwordHash: string,
): number[] {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // seeding only
  const now = Date.now();
  const at = new Date(now).toISOString();
  const partner = db.prepare(
    `INSERT INTO partners (uuid, email, password_hash, first_name, last_name, verified, locale, accepted_terms, created_at, updated_at, referral_commission_amount, referral_comission_type, contact_form_filled, paypal_email)
     VALUES (?, ?, ?, 'Payout', ?, 1, 'en', 1, ?, ?, 5, 'percent', 0, ?)`,
  );
  const order = db.prepare(
    `INSERT INTO orders (shopify_order_id, order_number, partner_id, discount_code, currency, subtotal_cents, total_cents, refunded_cents, country_code, geo, status, placed_at, paid_at, created_at, updated_at, first_product, product_count)
     VALUES (?, ?, ?, NULL, 'USD', ?, ?, 0, 'US', 'US', 'paid', ?, ?, ?, ?, 'ACV Gummies', 1)`,
  );
  const earning = db.prepare(
    `INSERT INTO earnings (partner_id, kind, source_key, order_id, base_cents, rate_bp, amount_cents, status, hold_until, created_at, updated_at)
     VALUES (?, 'sale', ?, ?, ?, 1000, ?, 'APPROVED', ?, ?, ?)`,
  );
  const ids: number[] = [];
  db.transaction(() => {
    for (let k = 0; k < count; k++) {
      const { lastInsertRowid } = partner.run(
        crypto.randomUUID(),
        `payout-${tag}-${k}@example.com`,
        passwordHash,
        `${tag}-${k}`,
        at,
        at,
        `payout-${tag}-${k}@paypal.example`,
      );
      const partnerId = Number(lastInsertRowid);
      ids.push(partnerId);
      for (let i = 0; i < earnings; i++) {
        const placed = new Date(now - (60 + (i % 360)) * DAY - i * 1000).toISOString();
        const subtotal = 2000 + ((i * 37) % 8000);
        const { lastInsertRowid: orderId } = order.run(
          `p${tag}-${k}-${i}`,
          `#P${tag}${k}-${i}`,
          partnerId,
          subtotal,
          subtotal + 800,
          placed,
          placed,
          placed,
          placed,
        );
        earning.run(
          partnerId,
          `order:${orderId}`,
          orderId,
          subtotal,
          Math.round(subtotal / 10),
          new Date(Date.parse(placed) + 30 * DAY).toISOString(),
          placed,
          placed,
        );
      }
    }
  })();
  db.close();
  return ids;
}

/**
 * A year of staff messages as a busy program sends them: two announcements and one custom
 * notification to everyone a month, and a few to single partners, each copied to its recipients
 * as the portal copies them; about a third of the copies read. Each was mailed when it was sent
 * (`mailed_at`), as in a program that has run for a year: unmarked, the server's first start
 * queued some 260,000 mails and sent them during the measured reads.
 */
export function seedMessages(file: string) {
  const db = new Database(file);
  db.pragma('synchronous = OFF'); // seeding only
  const message = db.prepare(
    `INSERT INTO staff_messages (kind, content, partner_id, author_staff_id, created_at, updated_at, mailed_at) VALUES (?, ?, ?, NULL, ?, ?, ?)`,
  );
  const copies = db.prepare(
    `INSERT INTO notifications (partner_id, kind, title, body, data, dedupe_key, read_at, created_at, message_id)
     SELECT id, ?, ?, ?, NULL, 'message:' || ? || ':' || id, CASE WHEN id % 3 = 0 THEN ? ELSE NULL END, ?, ? FROM partners WHERE (? IS NULL OR id = ?)`,
  );
  const recipients = db.prepare(
    'UPDATE staff_messages SET recipients = ?, read_count = (SELECT count(*) FROM notifications WHERE message_id = staff_messages.id AND read_at IS NOT NULL) WHERE id = ?',
  );
  const now = Date.now();
  db.transaction(() => {
    for (let month = 12; month >= 1; month--) {
      const sends: [kind: string, partnerId: number | null][] = [
        ['announcement', null],
        ['announcement', null],
        ['custom', null],
        ...Array.from({ length: 5 }, (_, i): [string, number] => [
          'custom',
          1 + ((month * 97 + i * 31) % PARTNERS),
        ]),
      ];
      sends.forEach(([kind, partnerId], i) => {
        const at = new Date(now - month * 30 * DAY + i * 3_600_000).toISOString();
        const text = {
          title: `Program news ${month}.${i}`,
          body: 'What is new in the program this month, in a few sentences for every partner to read.',
        };
        const { lastInsertRowid } = message.run(kind, JSON.stringify({ en: text }), partnerId, at, at, at);
        const { changes } = copies.run(
          kind,
          text.title,
          text.body,
          lastInsertRowid,
          at,
          at,
          lastInsertRowid,
          partnerId,
          partnerId,
        );
        recipients.run(changes, lastInsertRowid);
      });
    }
  })();
  db.close();
}

/**
 * A challenge for each of the last twelve months and this one (10 sales, a bonus), and a promo
 * running now: what the partner's widgets and the staff's challenge list read. Each mailed when
 * it was made, as staff messages are (seedMessages).
 */
export function seedEngagement(file: string) {
  const db = new Database(file);
  const now = new Date();
  const insert = db.prepare(
    `INSERT INTO challenges (month, content, metric, target, reward_kind, reward_voucher_type, reward_amount, author_staff_id, created_at, updated_at, mailed_at)
     VALUES (?, ?, 'sales_count', 10, 'bonus', NULL, 2500, NULL, ?, ?, ?)`,
  );
  const at = now.toISOString();
  for (let back = 12; back >= 0; back--) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
      .toISOString()
      .slice(0, 7);
    insert.run(
      month,
      JSON.stringify({ en: { title: `Ten sales in ${month}`, body: 'Reach ten sales this month.' } }),
      at,
      at,
      at,
    );
  }
  const today = at.slice(0, 10);
  db.prepare(
    `INSERT INTO promotions (content, product, starts_on, ends_on, author_staff_id, created_at, updated_at, mailed_at) VALUES (?, 'acv', ?, ?, NULL, ?, ?, ?)`,
  ).run(
    JSON.stringify({ en: { title: 'ACV all month', body: 'Your code takes 20% off ACV.' } }),
    today,
    today,
    at,
    at,
    at,
  );
  db.close();
}

/**
 * Every partner a bench token belongs to has Instagram connected with its hundred latest posts
 * (a third carrying the brand hashtag): what the dashboard's top posts and the settings read.
 * The sealed token is never opened by these reads, so any text stands in for it.
 */
export function seedIntegrations(file: string, partnerIds: number[]) {
  const db = new Database(file);
  const at = new Date().toISOString();
  const account = db.prepare(
    `INSERT INTO partner_integrations (partner_id, provider, provider_user_id, username, display_name, picture_url, token_sealed, token_expires_at, status, status_reason, connected_at, token_refreshed_at, synced_at, next_sync_at, locked_until)
     VALUES (?, 'instagram', ?, ?, ?, NULL, 'v1.bench', ?, 'connected', NULL, ?, ?, ?, ?, NULL)`,
  );
  const post = db.prepare(
    `INSERT INTO instagram_media (partner_id, media_id, caption, media_type, media_url, thumbnail_url, permalink, posted_at, like_count, comments_count, thumbnail_name, fetched_at)
     VALUES (?, ?, ?, 'IMAGE', NULL, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  const far = new Date(Date.now() + 50 * 86_400_000).toISOString();
  db.transaction(() => {
    for (const id of new Set(partnerIds)) {
      account.run(id, `1784${id}`, `bench.creator.${id}`, `Bench Creator ${id}`, far, at, at, at, far);
      for (let i = 0; i < 100; i++) {
        const caption =
          i % 3 === 0
            ? `Day ${i} with my gummies #SunbitePartner #ad`
            : `Day ${i}, nothing to do with the brand`;
        const media = `${id}${String(i).padStart(3, '0')}`;
        post.run(
          id,
          media,
          caption,
          `https://www.instagram.com/p/${media}/`,
          new Date(Date.now() - i * 86_400_000).toISOString(),
          (i * 37) % 900,
          (i * 11) % 60,
          i % 3 === 0 ? `${media.padStart(32, '0').slice(-32)}.webp` : null,
          at,
        );
      }
    }
  })();
  db.close();
}

/**
 * Two years of staff changes, 300,000 audit lines (docs/product/back-office.md#audit-log): partners edited and suspended,
 * payouts decided, promos and announcements written, vouchers issued, by a handful of staff. What
 * the back office's audit log pages and filters through.
 */
export function seedAudit(file: string, lines = 300_000) {
  const db = new Database(file);
  db.pragma('synchronous = OFF'); // seeding only
  const now = Date.now();
  const at = new Date(now).toISOString();
  const roles = ['reviewer', 'manager', 'admin'] as const;
  const staffIds: number[] = [];
  const staff = db.prepare(
    `INSERT INTO staff_users (email, password_hash, name, role, created_at) VALUES (?, 'bench-no-sign-in', ?, ?, ?)`,
  );
  for (let i = 0; i < 6; i++)
    staffIds.push(
      Number(
        staff.run(`bench.audit.${i}@sunbite.example`, `Audit Staff ${i}`, roles[i % 3], at).lastInsertRowid,
      ),
    );
  const partners = db.prepare('SELECT uuid FROM partners ORDER BY id LIMIT 2000').all() as { uuid: string }[];
  const line = db.prepare(
    `INSERT INTO audit_log (staff_id, action, entity, entity_id, before, after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const kinds: [
    action: string,
    entity: string,
    ref: (n: number) => string,
    before: (n: number) => object | null,
    after: (n: number) => object | null,
  ][] = [
    [
      'partner.commission_override',
      'partner',
      (n) => partners[n % partners.length]!.uuid,
      (n) => ({ commission_override: n % 2 ? null : 15 }),
      (n) => ({ commission_override: n % 2 ? 20 : null }),
    ],
    [
      'partner.suspend',
      'partner',
      (n) => partners[n % partners.length]!.uuid,
      () => ({ status: 'active' }),
      () => ({ status: 'suspended' }),
    ],
    [
      'payout.approve',
      'payout',
      (n) => String(1 + (n % 5000)),
      () => ({ status: 'PENDING' }),
      () => ({ status: 'APPROVED' }),
    ],
    [
      'promotion.update',
      'promotion',
      (n) => String(1 + (n % 300)),
      (n) => ({ content: { en: { title: `Promo ${n}`, body: 'Twenty percent off this week.' } } }),
      (n) => ({ content: { en: { title: `Promo ${n}, extended`, body: 'Twenty percent off this week.' } } }),
    ],
    [
      'announcement.create',
      'announcement',
      (n) => String(1 + (n % 900)),
      () => null,
      (n) => ({
        content: { en: { title: `News ${n}`, body: 'What is new in the program.' } },
        partner: null,
      }),
    ],
    [
      'voucher.issue',
      'voucher',
      (n) => `BENCHV${n}`,
      () => null,
      (n) => ({
        code: `BENCHV${n}`,
        type: 'percent',
        amount: 10,
        partner: partners[n % partners.length]!.uuid,
      }),
    ],
    [
      'settings.update',
      'settings',
      () => 'program',
      () => ({ holding_days: 30 }),
      () => ({ holding_days: 21 }),
    ],
  ];
  const span = 2 * 365 * 86_400_000;
  db.transaction(() => {
    for (let n = 0; n < lines; n++) {
      const [action, entity, ref, before, after] = kinds[n % kinds.length]!;
      const b = before(n);
      const a = after(n);
      line.run(
        staffIds[n % staffIds.length],
        action,
        entity,
        ref(n),
        b && JSON.stringify(b),
        a && JSON.stringify(a),
        new Date(now - span + Math.floor((n / lines) * span)).toISOString(),
      );
    }
  })();
  db.close();
}
