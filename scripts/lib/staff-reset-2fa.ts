// `npm run staff -- reset-2fa <email>` (scripts/staff.ts): the way back in when the only admin
// lost their authenticator and their recovery codes (docs/decisions/035-staff-totp.md). The
// factor goes through staff-totp's service, audited there with the command line as the actor;
// this says what was done, and what the person meets at their next sign-in.
import type { Db } from '../../server/db';
import { resetStaffTotpFromCommandLine } from '../../server/modules/staff-totp/service';

/** Runs the command; answers its exit code (0 done or nothing to do, 1 no such account, 2 bad input). */
export async function resetSecondFactor(
  db: Db,
  email: string | undefined,
  print: (line: string) => void,
  complain: (line: string) => void,
  now = new Date(),
): Promise<number> {
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    complain('usage: npm run staff -- reset-2fa <email>');
    return 2;
  }
  const result = await resetStaffTotpFromCommandLine(db, email, now);
  if (!result) {
    complain(`No staff account has the e-mail ${email}`);
    return 1;
  }
  const who = `${result.staff.name} <${result.staff.email}> (${result.staff.role})`;
  if (!result.reset) {
    print(`${who} has no second factor turned on: nothing to reset.`);
    return 0;
  }
  const codes =
    result.recovery_codes_removed === 1
      ? '1 unused recovery code'
      : `${result.recovery_codes_removed} unused recovery codes`;
  print(`Reset the second factor of ${who}: authenticator removed, ${codes} removed.`);
  print('Recorded in the audit log as staff.totp_reset, made from the command line.');
  print(
    result.required
      ? 'The program requires a second factor: they sign in with their password, then set up a new authenticator before anything else opens.'
      : 'They sign in with their password alone until they set up a new authenticator on their Security page.',
  );
  if (result.staff.status === 'deactivated')
    print('The account is deactivated: it cannot sign in until an admin reactivates it.');
  return 0;
}
