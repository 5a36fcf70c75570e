// `npm run staff -- add <email> <role> [name]`: creates a staff account on the configured
// database (DATABASE_URL or DATA_DIR); the password is read from STAFF_PASSWORD or prompted.
// `npm run staff -- list` lists the accounts (with their status: active, invited, deactivated).
// `npm run staff -- reset-2fa <email>` turns off a staff member's second factor (authenticator and
// recovery codes), audited, for when the only admin lost their phone and their codes.
// Admins invite staff from the back office (/manager/staff); this stays for the first admin.
import readline from 'node:readline/promises';
import { ConfigError, loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/db';
import { isUniqueViolation } from '../server/db/dialect';
import { createStaffUser, listStaff } from '../server/modules/staff/service';
import type { StaffRole } from '../server/modules/staff/service';
import { resetSecondFactor } from './lib/staff-reset-2fa';

const ROLES: readonly StaffRole[] = ['reviewer', 'manager', 'admin'];
const usage =
  'usage: npm run staff -- add <email> <reviewer|manager|admin> [name]  |  npm run staff -- list  |  npm run staff -- reset-2fa <email>';

async function askPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question('Password (8 to 128 characters): ');
  rl.close();
  return password;
}

async function main(): Promise<number> {
  const [command, email, role, ...nameParts] = process.argv.slice(2);
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (command === 'list') {
      for (const s of await listStaff(database.db))
        console.log(`${s.email}\t${s.role}\t${s.name}\t${s.status}`);
      return 0;
    }
    if (command === 'reset-2fa') {
      if (role !== undefined) {
        console.error(usage);
        return 2;
      }
      return await resetSecondFactor(database.db, email, console.log, console.error);
    }
    if (command !== 'add' || !email || !role) {
      console.error(usage);
      return 2;
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      console.error(`Not an e-mail address: ${email}`);
      return 2;
    }
    if (!(ROLES as readonly string[]).includes(role)) {
      console.error(`The role must be one of ${ROLES.join(', ')}`);
      return 2;
    }
    const password = await askPassword();
    if (password.length < 8 || password.length > 128) {
      console.error('The password must be 8 to 128 characters long');
      return 2;
    }
    const name = nameParts.join(' ') || email.split('@')[0]!;
    try {
      const staff = await createStaffUser(database.db, { email, password, name, role: role as StaffRole });
      console.log(`Created ${staff.role} ${staff.email}`);
      return 0;
    } catch (error) {
      if (isUniqueViolation(error)) {
        console.error(`A staff account already exists for ${email}`);
        return 1;
      }
      throw error;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
