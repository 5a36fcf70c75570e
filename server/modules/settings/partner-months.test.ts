// The overview's partners joined and active in a month are cut in the program's time zone, as
// its sales are (docs/product/commissions.md#calendar, migration 031): 9 pm in Montréal on November 30th is December 1st
// in UTC, and still November for the program. A change of zone cuts them again (time-zone.ts:
// its test lives beside it, since the change of zone is reached through settings' routes only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { createStaffWithToken } from '../../test/payouts-fixture';
import { createPartnerAccount, touchLastLogin } from '../partners/service';
import { setProgramTimeZone } from './time-zone';

describe('partners joined and active, by the program calendar', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const month = async (key: string) => {
    const row = await t.db
      .selectFrom('program_month_stats')
      .select(['partners_joined', 'partners_active'])
      .where('month', '=', key)
      .executeTakeFirst();
    return { joined: Number(row?.partners_joined ?? 0), active: Number(row?.partners_active ?? 0) };
  };
  const join = (email: string, at: string) =>
    createPartnerAccount(
      t.db,
      { email, password: 'late-evening-password-1', first_name: 'Late', last_name: 'Evening' },
      new Date(at),
    );

  it('counts a sign-up and a sign-in at 9 pm in Montréal on the last day of a month in that month', async () => {
    // 21:00 on November 30th in Montréal (UTC-5).
    const evening = '2026-12-01T02:00:00.000Z';
    const before = { nov: await month('2026-11-01'), dec: await month('2026-12-01') };
    const partner = await join('late.evening@example.test', evening);
    expect(partner.joined_month).toBe('2026-11-01');
    expect(await month('2026-11-01')).toEqual({ joined: before.nov.joined + 1, active: before.nov.active });
    expect((await month('2026-12-01')).joined).toBe(before.dec.joined);

    await touchLastLogin(t.db, partner.id, evening);
    expect(await month('2026-11-01')).toEqual({
      joined: before.nov.joined + 1,
      active: before.nov.active + 1,
    });
    // Signing in again that evening changes nothing; the next morning (December 1st there) counts in December.
    await touchLastLogin(t.db, partner.id, '2026-12-01T03:00:00.000Z');
    expect((await month('2026-11-01')).active).toBe(before.nov.active + 1);
    expect((await month('2026-12-01')).active).toBe(before.dec.active);
    await touchLastLogin(t.db, partner.id, '2026-12-01T13:00:00.000Z');
    expect((await month('2026-12-01')).active).toBe(before.dec.active + 1);
  });

  it('cuts the months joined again when admins change the time zone', async () => {
    const admin = await createStaffWithToken(t.db, 'admin');
    const joinedNov = (await month('2026-11-01')).joined;
    const joinedDec = (await month('2026-12-01')).joined;
    await setProgramTimeZone(t.db, 'UTC', admin.id);
    // In UTC, 02:00 on December 1st is December's.
    expect((await month('2026-11-01')).joined).toBe(joinedNov - 1);
    expect((await month('2026-12-01')).joined).toBe(joinedDec + 1);
    const stored = await t.db
      .selectFrom('partners')
      .select(['joined_month', 'login_month'])
      .where('email', '=', 'late.evening@example.test')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ joined_month: '2026-12-01', login_month: '2026-12-01' });
    // And back: the program's figures are the partners' months counted.
    await setProgramTimeZone(t.db, 'America/Toronto', admin.id);
    expect((await month('2026-11-01')).joined).toBe(joinedNov);
    const all = await t.db
      .selectFrom('program_month_stats')
      .select(['month', 'partners_joined'])
      .where('month', '!=', '')
      .where('partners_joined', '!=', 0)
      .execute();
    const counted = await t.db.selectFrom('partners').select(['joined_month']).execute();
    const byMonth = new Map<string, number>();
    for (const p of counted) byMonth.set(p.joined_month!, (byMonth.get(p.joined_month!) ?? 0) + 1);
    expect(new Map(all.map((r) => [r.month, Number(r.partners_joined)]))).toEqual(byMonth);
  });
});
