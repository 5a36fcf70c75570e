// docs/product/partners-and-accounts.md#passwords: the 1,000 most common passwords are refused. The ranked list is zxcvbn's
// (most common first); its first thousand entries are the ones we refuse.
//
// The package holds far more than that (49,000 passwords, a diceware list, keyboard graphs: about
// 2.5 MB of heap once loaded), so it is not bundled: it is read from node_modules on the first
// password check, the thousand are kept, and the package's modules are dropped from the require
// cache so that the rest can be collected (the server's memory aim, docs/performance.md).
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = '@zxcvbn-ts/language-common';
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (common) return common;
  const require = createRequire(import.meta.url);
  const entry = require.resolve(PACKAGE);
  const { dictionary } = require(entry) as { dictionary: Record<string, string[]> };
  common = new Set(dictionary['passwords-common']!.slice(0, 1000).map((p) => p.toLowerCase()));
  const folder = path.dirname(entry) + path.sep;
  for (const id of Object.keys(require.cache)) if (id.startsWith(folder)) delete require.cache[id];
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
